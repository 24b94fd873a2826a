// parseFile and folderResolver, without index.ts's re-exports (@relic3d/gltf's): the CLI imports this.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ParseOptions, Resolver, Scene } from '@relic3d/core';
import {
  folderIndex,
  folderResolver as containedResolver,
  isInside,
  readFolderFile,
  type FolderResolverOptions,
  type RootedFolder,
} from '@relic3d/core/node';
import { resArchive } from '@relic3d/res';
import { formatFor } from './parse.js';

/** The archives relic3d lists as folders: Flyff `.res` packs (a loose file wins, as in the client). */
export const ARCHIVES = [resArchive] as const;

/**
 * A resolver over a folder, contained in a root (default: the folder itself): companions named by
 * a model (`..\Textures\wood.bmp`, `mvr_aibatt.chr`) are found with either slash, any case, then
 * by base name beside the model and in a `Texture/` folder, loose or inside a `.res` pack of that
 * folder. Nothing outside the root is read: `..` stops at it, absolute names are tried by base
 * name, symlinks leaving it are not followed.
 */
export function folderResolver(dir: string, options: FolderResolverOptions = {}): Resolver {
  return containedResolver(dir, { archives: ARCHIVES, ...options });
}

/** Options of `parseFile`: those of `parse` (minus the file name it knows), plus `root`. */
export type ParseFileOptions = Omit<ParseOptions, 'fileName'> & {
  /**
   * The folder companion lookups may not leave; default: the model's own folder. Widen it to let
   * old models reach `..\Textures\` beside their folder. Must contain the model.
   */
  root?: string;
} & Record<string, unknown>;

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** The bytes of `file` when it exists only inside a `.res` pack of its folder; undefined otherwise. */
function readPacked(folder: RootedFolder, dir: string, fileName: string): Promise<Uint8Array | undefined> {
  return realpath(dir).then(
    (realDir) => {
      if (!isInside(folder.root, realDir)) return undefined;
      const relative = [path.relative(folder.root, realDir).split(path.sep).filter(Boolean).join('/'), fileName].filter(Boolean).join('/');
      const found = folder.index.exact(relative);
      return found !== undefined && folder.packed?.find(found) ? readFolderFile(folder, found) : undefined;
    },
    () => undefined,
  );
}

/**
 * Reads a model file and parses it, its companions (textures, material files, Flyff skeletons and
 * motions) coming from its folder through a contained `folderResolver`. Each format decides which
 * companions it loads (a Flyff model its own motions; `motions: 'all' | 'none' | [names]` changes that).
 * `file` may name an entry of a `.res` pack in its folder (`Client/Model/mvr_AiBatt.o3d`).
 */
export async function parseFile(file: string, options: ParseFileOptions = {}): Promise<Scene> {
  const fileName = path.basename(file);
  const dir = path.dirname(path.resolve(file));
  const { root, ...rest } = options;
  if (root !== undefined && !options.resolve) {
    const [realRoot, realDir] = await Promise.all([realpath(root), realpath(dir)]);
    if (!isInside(realRoot, realDir)) throw new Error(`the root '${root}' does not contain '${file}'`);
  }
  // One index (each pack opened once) serves the model and its companions; closed after the parse.
  let folder: RootedFolder | undefined;
  const rooted = () => {
    try {
      return (folder ??= folderIndex(root ?? dir, { archives: ARCHIVES }));
    } catch {
      return undefined;
    }
  };
  try {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (e) {
      const packedFolder = isMissing(e) ? rooted() : undefined;
      const packed = packedFolder && (await readPacked(packedFolder, dir, fileName));
      if (!packed) throw e;
      bytes = packed;
    }
    const resolve = options.resolve ?? containedResolver(dir, { root: root ?? dir, folder: rooted(), archives: ARCHIVES });
    return await formatFor(bytes, fileName).parse(bytes, { ...rest, fileName, resolve });
  } finally {
    folder?.close();
  }
}
