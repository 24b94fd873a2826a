// glTF-Transform reports through a Logger; its warnings become ours (GLTF_OPTIMIZE_NOTE), the rest is dropped.
import type { ILogger } from '@gltf-transform/core';
import type { Warning } from '@relic3d/core';

/** A Logger that passes glTF-Transform's warnings and errors to `warn`. */
export function warningLogger(warn: (w: Warning) => void): ILogger {
  const note = (message: string) => warn({ code: 'GLTF_OPTIMIZE_NOTE', message: `glTF-Transform: ${message}` });
  return { debug: () => {}, info: () => {}, warn: note, error: note };
}
