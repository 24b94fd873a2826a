import { WarningSink, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { FORMAT_ID, type AseParseOptions } from './file.js';
import { readAseWith } from './read/index.js';
import { buildAseScene } from './scene/index.js';

/**
 * Parses ASE bytes into a scene (synchronous). Uses the WASM kernels when `ready()` from
 * `@relic3d/kernels` has resolved and `options.kernels` is not `'js'`; the result is identical.
 */
export function parseSync(bytes: Uint8Array, options: AseParseOptions = {}): Scene {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readAseWith(bytes, options, sink);
  return sink.attach(buildAseScene(file, options, sink, bytes.length));
}

/** Async parse: waits for the WASM kernels (unless `options.kernels` is `'js'`), then parses. */
export async function parse(bytes: Uint8Array, options: AseParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readAseWith(bytes, options, sink);
  return sink.attach(buildAseScene(file, options, sink, bytes.length));
}
