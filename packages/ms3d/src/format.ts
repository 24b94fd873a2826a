import type { Format, Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { HEADER_SIZE, MS3D_MAGIC } from './read.js';
import { parseMs3d } from './scene.js';
import type { Ms3dParseOptions } from './types.js';

/**
 * Synchronous parse: bytes → scene. Uses the WASM kernels if `ready()` from `@relic3d/kernels` has
 * already resolved (and `options.kernels` is not `'js'`), else the TypeScript path; same result.
 */
export function parseSync(bytes: Uint8Array, options?: Ms3dParseOptions): Scene {
  return parseMs3d(bytes, options);
}

/** Async parse (the loaders.gl shape): waits for the WASM kernels, then parses. */
export async function parse(bytes: Uint8Array, options?: Ms3dParseOptions): Promise<Scene> {
  await ready();
  return parseMs3d(bytes, options);
}

/** True for `MS3D000000` followed by version 3 or 4. */
export function isMs3d(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_SIZE) return false;
  for (let i = 0; i < MS3D_MAGIC.length; i++) if (bytes[i] !== MS3D_MAGIC.charCodeAt(i)) return false;
  const version = bytes[10] | (bytes[11] << 8) | (bytes[12] << 16) | (bytes[13] << 24);
  return version === 3 || version === 4;
}

export const ms3dFormat: Format<Ms3dParseOptions> = {
  id: 'ms3d',
  name: 'MilkShape 3D',
  extensions: ['.ms3d'],
  mimeTypes: ['model/x-ms3d', 'application/x-ms3d'],
  encoding: 'binary',
  test: isMs3d,
  parse,
  parseSync,
};
