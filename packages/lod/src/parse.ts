import { WarningSink, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { FORMAT_ID, type LodParseOptions } from './file.js';
import { readLodWith } from './read/index.js';
import { buildLodScene } from './scene/index.js';

/** Reads a LODka3D `.lod` file into a Scene (synchronous). */
export function parseSync(bytes: Uint8Array, options: LodParseOptions = {}): Scene {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readLodWith(bytes, options, sink);
  return sink.attach(buildLodScene(file, options, sink));
}

/**
 * Reads a LODka3D `.lod` file into a Scene, after the WASM kernels are ready (unless
 * `options.kernels` is 'js'); the result is identical to `parseSync`.
 */
export async function parse(bytes: Uint8Array, options: LodParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readLodWith(bytes, options, sink);
  return sink.attach(buildLodScene(file, options, sink));
}
