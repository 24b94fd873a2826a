/**
 * @relic3d/core/node: the filesystem side of companion lookup. Everything here stays inside the
 * root it was given: `..` cannot climb out of it, absolute names are tried by base name only, and
 * a symlink whose target leaves the root is neither listed nor read.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { FolderIndex, indexResolver, type FolderListing } from './folder/folder-index.js';
import type { Resolver } from './format/types.js';

/** Companion files larger than this are not read (no texture or motion is anywhere near it). */
export const MAX_COMPANION_BYTES = 512 * 1024 * 1024;

/** Whether `target` (a real path) is `root` or inside it. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of a folder, or undefined when it does not exist. */
function realFolder(dir: string): string | undefined {
  try {
    const real = realpathSync(path.resolve(dir));
    return statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** What a directory entry is once symlinks inside the root are followed; undefined to leave it out. */
function kindOf(realRoot: string, folder: string, entry: Dirent): 'file' | 'folder' | undefined {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'folder';
  if (!entry.isSymbolicLink()) return undefined;
  try {
    const target = realpathSync(path.join(folder, entry.name));
    if (!isInside(realRoot, target)) return undefined;
    const stat = statSync(target);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : undefined;
  } catch {
    return undefined;
  }
}

/** Lists one folder of a contained tree (`dir` root-relative with '/'). */
function listFolder(realRoot: string, dir: string): FolderListing | undefined {
  const folder = path.join(realRoot, ...dir.split('/').filter(Boolean));
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const files: string[] = [];
  const folders: string[] = [];
  for (const entry of entries) {
    const kind = kindOf(realRoot, folder, entry);
    if (kind === 'file') files.push(entry.name);
    else if (kind === 'folder') folders.push(entry.name);
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { files: files.sort(order), folders: folders.sort(order) };
}

/** A folder tree on disk, contained in its root. */
export interface RootedFolder {
  /** The real path of the root. */
  root: string;
  index: FolderIndex;
}

/**
 * A lazily listed index of the tree under `root`: each folder is read once, when a lookup first
 * touches it. Throws when `root` is not a folder.
 */
export function folderIndex(root: string): RootedFolder {
  const real = realFolder(root);
  if (!real) throw new Error(`not a folder: ${root}`);
  return { root: real, index: new FolderIndex((dir) => listFolder(real, dir)) };
}

/**
 * Walks the whole tree under `root` once, listing every folder, and calls `onFile` with each
 * file's root-relative path, in sorted order. Each real folder is walked once, however many
 * symlinks inside the root lead to it. `exclude`: a folder to leave out (the output folder when it
 * lies inside the input). `unreadable` lists the folders that could not be listed.
 */
export function walkFolder(root: string, onFile?: (relative: string) => void, exclude?: string): RootedFolder & { unreadable: string[] } {
  const rooted = folderIndex(root);
  const skip = exclude ? realFolder(exclude) : undefined;
  const unreadable: string[] = [];
  // Two `loop -> .` links in one folder would otherwise make 2^40 paths before the kernel says ELOOP.
  const seen = new Set<string>([rooted.root]);
  const visit = (dir: string) => {
    const listing = rooted.index.listing(dir);
    if (!listing) {
      unreadable.push(dir);
      return;
    }
    for (const name of listing.files) onFile?.(dir ? `${dir}/${name}` : name);
    for (const name of listing.folders) {
      const child = dir ? `${dir}/${name}` : name;
      const real = realFolder(path.join(rooted.root, ...child.split('/')));
      if (!real || real === skip || seen.has(real)) continue;
      seen.add(real);
      visit(child);
    }
  };
  visit('');
  return { ...rooted, unreadable };
}

/** Why a contained read failed: `code` is OUTSIDE_ROOT, NOT_A_FILE, FILE_TOO_LARGE or the fs code. */
export class ReadError extends Error {
  override readonly name = 'ReadError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Reads a root-relative file after checking that its real path is inside the root, that it is a
 * regular file and that it is at most `maxBytes` long. Throws a `ReadError` saying which failed.
 */
export function readInsideSync(realRoot: string, relative: string, maxBytes = MAX_COMPANION_BYTES): Uint8Array {
  let fd: number | undefined;
  try {
    const real = realpathSync(path.join(realRoot, ...relative.split('/')));
    if (!isInside(realRoot, real)) throw new ReadError('the file resolves outside the root', 'OUTSIDE_ROOT');
    fd = openSync(real, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new ReadError('not a regular file', 'NOT_A_FILE');
    if (stat.size > maxBytes) throw new ReadError(`the file is ${stat.size} bytes; over the ${maxBytes}-byte limit`, 'FILE_TOO_LARGE');
    const bytes = new Uint8Array(stat.size);
    let at = 0;
    while (at < bytes.length) {
      const read = readSync(fd, bytes, at, bytes.length - at, at);
      if (!read) break;
      at += read;
    }
    return at === bytes.length ? bytes : bytes.subarray(0, at);
  } catch (e) {
    if (e instanceof ReadError) throw e;
    const code = (e as NodeJS.ErrnoException)?.code ?? 'EIO';
    throw new ReadError(`${relative}: ${code}`, code);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `readInsideSync`, or undefined when the file cannot be read inside the root. */
export function readInside(realRoot: string, relative: string, maxBytes = MAX_COMPANION_BYTES): Uint8Array | undefined {
  try {
    return readInsideSync(realRoot, relative, maxBytes);
  } catch {
    return undefined;
  }
}

/** Reads at most `length` bytes from the start of a file (to sniff a format without reading it whole). */
export function readHead(file: string, length = 512): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(Math.min(length, size));
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export interface FolderResolverOptions {
  /**
   * The folder no lookup may leave; default: `dir` itself. Widen it to let old models reach
   * `..\Textures\` beside their folder. Must contain `dir`.
   */
  root?: string;
  /** An index of `root` that was already listed (the batch walks once and shares it). */
  index?: FolderIndex;
  /** Files over this size are not read; default `MAX_COMPANION_BYTES`. */
  maxBytes?: number;
}

/**
 * A resolver for a model in `dir`: companions named by the model (`..\Textures\wood.bmp`,
 * `mvr_aibatt.chr`) are found with either slash, case-insensitively, then by base name in the
 * model's folder and in a `Texture/` folder beside it, as old engines did. Nothing outside the
 * root is listed or read. `list()` names the files beside the model; `key()` gives a found
 * file's root-relative path.
 */
export function folderResolver(dir: string, options: FolderResolverOptions = {}): Resolver {
  const realDir = realFolder(dir);
  const rooted = options.root !== undefined ? folderIndex(options.root) : realDir ? folderIndex(realDir) : undefined;
  if (!rooted || !realDir || !isInside(rooted.root, realDir)) {
    const nothing = (() => undefined) as Resolver;
    nothing.list = () => [];
    nothing.key = () => undefined;
    return nothing;
  }
  const index = options.index ?? rooted.index;
  const fromDir = path.relative(rooted.root, realDir).split(path.sep).filter(Boolean).join('/');
  return indexResolver(index, fromDir, (relative) => readInside(rooted.root, relative, options.maxBytes));
}
