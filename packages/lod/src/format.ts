import { WarningSink, type Format, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { FORMAT, SIGNATURE } from './chunk.js';
import { readLodWith } from './read.js';
import { toScene } from './scene.js';
import type { LodParseOptions } from './types.js';

/** Reads a LODka3D `.lod` file into a Scene (synchronous). */
export function parseLod(bytes: Uint8Array, options: LodParseOptions = {}): Scene {
  const sink = new WarningSink(FORMAT, options.onWarning);
  return toScene(readLodWith(bytes, options, sink), options, sink);
}

export function parseSync(bytes: Uint8Array, options?: LodParseOptions): Scene {
  return parseLod(bytes, options);
}

/**
 * Reads a LODka3D `.lod` file into a Scene, after the WASM kernels are ready (unless
 * `options.kernels` is 'js'); the result is identical to `parseSync`.
 */
export async function parse(bytes: Uint8Array, options: LodParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  return parseLod(bytes, options);
}

const signatureBytes = Uint8Array.from(SIGNATURE, (c) => c.charCodeAt(0));

/** Content test: the 8-byte signature 'LODka3D1' (many unrelated formats use .lod). */
function test(bytes: Uint8Array): boolean {
  if (bytes.length < signatureBytes.length) return false;
  for (let i = 0; i < signatureBytes.length; i++) if (bytes[i] !== signatureBytes[i]) return false;
  return true;
}

export const lodFormat: Format<LodParseOptions> = {
  id: 'lod',
  name: 'LODka3D',
  extensions: ['.lod'],
  mimeTypes: ['model/x-lodka3d'],
  encoding: 'binary',
  test,
  parse,
  parseSync,
};
