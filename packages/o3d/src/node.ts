/**
 * Node helpers: read an `.o3d` and its companions from the file's folder, never outside it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Scene } from '@relic3d/core';
import { folderResolver } from '@relic3d/core/node';
import { parse } from './parse.js';
import type { O3dParseOptions } from './file.js';

export interface O3dFileOptions extends Omit<O3dParseOptions, 'skeleton' | 'resolve' | 'fileName'> {
  /** The `.chr` to use instead of the model's own, by name beside the model. */
  skeleton?: string;
  /**
   * The folder no companion lookup may leave; default: the model's folder. Widen it to reach
   * companions beside that folder (`..\Texture\`). Must contain the model.
   */
  root?: string;
}

/**
 * Parses an `.o3d` file with its `.chr` and motions (`options.motions`, default `'auto'`) from its
 * folder: each folder is listed once, names match case-insensitively, and nothing outside the root
 * is read.
 */
export async function parseO3dFile(filePath: string, options: O3dFileOptions = {}): Promise<Scene> {
  const dir = path.dirname(path.resolve(filePath));
  const fileName = path.basename(filePath);
  const { skeleton, root, ...rest } = options;
  const resolve = folderResolver(dir, root === undefined ? {} : { root });
  const bytes = new Uint8Array(await readFile(filePath));
  let skeletonBytes: Uint8Array | undefined;
  if (skeleton !== undefined) {
    const found = await resolve(skeleton);
    if (found) skeletonBytes = found instanceof Uint8Array ? found : new Uint8Array(found);
  }
  const scene = await parse(bytes, { ...rest, fileName, resolve, ...(skeleton !== undefined ? { skeleton: skeletonBytes, noSkeletonLookup: true } : {}) });
  if (skeleton !== undefined && !skeletonBytes) {
    const warning = { code: 'O3D_MISSING_SKELETON', message: `the skeleton '${skeleton}' was not found beside ${fileName}`, format: 'o3d' };
    options.onWarning?.(warning);
    scene.warnings.unshift(warning);
  }
  return scene;
}

export { findCompanions } from './read/companion-names.js';
