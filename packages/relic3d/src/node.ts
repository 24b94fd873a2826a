import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ParseOptions, Scene } from '@relic3d/core';
import { folderResolver, isInside } from '@relic3d/core/node';
import { formatFor } from './index.js';

/**
 * A resolver over a folder, contained in a root (default: the folder itself): companions named by
 * a model (`..\Textures\wood.bmp`, `mvr_aibatt.chr`) are found with either slash, any case, then
 * by base name beside the model and in a `Texture/` folder. Nothing outside the root is read:
 * `..` stops at it, absolute names are tried by base name, symlinks leaving it are not followed.
 */
export { folderResolver, walkFolder, readInside, readHead, isInside, type FolderResolverOptions } from '@relic3d/core/node';

/** Options of `parseFile`: those of `parse` (minus the file name it knows), plus `root`. */
export type ParseFileOptions = Omit<ParseOptions, 'fileName'> & {
  /**
   * The folder companion lookups may not leave; default: the model's own folder. Widen it to let
   * old models reach `..\Textures\` beside their folder. Must contain the model.
   */
  root?: string;
} & Record<string, unknown>;

/**
 * Reads a model file and parses it, its companions (textures, material files, Flyff skeletons and
 * motions) coming from its folder through a contained `folderResolver`. Each format decides which
 * companions it loads (a Flyff model its own motions; `motions: 'all' | 'none' | [names]` changes that).
 */
export async function parseFile(file: string, options: ParseFileOptions = {}): Promise<Scene> {
  const bytes = new Uint8Array(await readFile(file));
  const fileName = path.basename(file);
  const dir = path.dirname(path.resolve(file));
  const { root, ...rest } = options;
  if (root !== undefined && !options.resolve) {
    const [realRoot, realDir] = await Promise.all([realpath(root), realpath(dir)]);
    if (!isInside(realRoot, realDir)) throw new Error(`the root '${root}' does not contain '${file}'`);
  }
  const resolve = options.resolve ?? folderResolver(dir, { root: root ?? dir });
  return formatFor(bytes, fileName).parse(bytes, { ...rest, fileName, resolve });
}

export { writeFile, type WriteFileOptions, type WriteFileResult, type WrittenFile } from './write-file.js';
export * from './index.js';
