/**
 * @relic3d/core/node: the filesystem side of companion lookup. Everything here stays inside the
 * root it was given: `..` cannot climb out of it, absolute names are tried by base name only, and
 * a symlink whose target leaves the root is neither listed nor read.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ArchiveFormat, ByteSource } from './folder/archive.js';
import { FolderIndex, indexResolver, type FolderListing } from './folder/folder-index.js';
import { PackedFiles } from './folder/packed-files.js';
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
  /** The entries of the archives listed so far (when `archives` were given). */
  packed?: PackedFiles;
  /** Closes the archives opened so far (they stay open for positional reads until then). */
  close(): void;
}

/** Archives to list as folders: `archives` (e.g. `[resArchive]` from `@relic3d/res`). */
export interface ArchiveOptions {
  archives?: readonly ArchiveFormat[];
  /** Told about an archive that could not be opened (it is skipped). */
  onArchiveError?: (pack: string, error: unknown) => void;
}

// Open archive handles are closed when their index is collected, if nobody called close().
const handles = new FinalizationRegistry<Set<number>>((fds) => {
  for (const fd of fds) closeQuietly(fd);
});

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}

/** Opens a root-relative file for positional reads after the same checks as `readInsideSync`. */
function openInside(realRoot: string, relative: string, fds: Set<number>): ByteSource | undefined {
  let fd: number | undefined;
  try {
    const real = realpathSync(path.join(realRoot, ...relative.split('/')));
    if (!isInside(realRoot, real)) return undefined;
    fd = openSync(real, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      closeSync(fd);
      return undefined;
    }
    const handle = fd;
    fds.add(handle);
    return {
      size: stat.size,
      read(offset, length) {
        const bytes = new Uint8Array(Math.max(0, Math.min(length, stat.size - offset)));
        let at = 0;
        while (at < bytes.length) {
          const n = readSync(handle, bytes, at, bytes.length - at, offset + at);
          if (!n) break;
          at += n;
        }
        return at === bytes.length ? bytes : bytes.subarray(0, at);
      },
    };
  } catch {
    if (fd !== undefined) closeQuietly(fd);
    return undefined;
  }
}

/**
 * A lazily listed index of the tree under `root`: each folder is read once, when a lookup first
 * touches it. With `archives`, each archive is opened once, when its folder is listed, and its
 * entries are listed as files of that folder (a loose file wins). Throws when `root` is not a folder.
 */
export function folderIndex(root: string, options: ArchiveOptions = {}): RootedFolder {
  const real = realFolder(root);
  if (!real) throw new Error(`not a folder: ${root}`);
  const fds = new Set<number>();
  const packed = options.archives?.length ? new PackedFiles(options.archives, (relative) => openInside(real, relative, fds), options.onArchiveError) : undefined;
  const lister = (dir: string) => {
    const listing = listFolder(real, dir);
    return listing && packed ? packed.extend(dir, listing) : listing;
  };
  const rooted: RootedFolder = {
    root: real,
    index: new FolderIndex(lister),
    close() {
      for (const fd of fds) closeQuietly(fd);
      fds.clear();
    },
  };
  if (packed) {
    rooted.packed = packed;
    handles.register(rooted, fds);
  }
  return rooted;
}

/**
 * Reads a root-relative file of a rooted index: the loose file, else an archive entry at that path
 * (any case). Undefined when neither can be read inside the root or it is over `maxBytes`.
 */
export function readFolderFile(rooted: RootedFolder, relative: string, maxBytes = MAX_COMPANION_BYTES): Uint8Array | undefined {
  // Listing the path's folders opens their archives (once): a worker given another index's paths reads them too.
  const packed = rooted.packed && (rooted.packed.find(relative) ?? (rooted.index.exact(relative) !== undefined ? rooted.packed.find(relative) : undefined));
  const loose = readInside(rooted.root, relative, maxBytes);
  if (loose || !packed) return loose;
  if (packed.entry.size > maxBytes) return undefined;
  try {
    return packed.archive.read(packed.entry);
  } catch {
    return undefined;
  }
}

/**
 * Walks the whole tree under `root` once, listing every folder, and calls `onFile` with each
 * file's root-relative path, in sorted order. Each real folder is walked once, however many
 * symlinks inside the root lead to it. `exclude`: a folder to leave out (the output folder when it
 * lies inside the input). `unreadable` lists the folders that could not be listed.
 */
export function walkFolder(
  root: string,
  onFile?: (relative: string) => void,
  exclude?: string,
  options: ArchiveOptions = {},
): RootedFolder & { unreadable: string[] } {
  const rooted = folderIndex(root, options);
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
  /** A rooted index already made with `folderIndex` (its archives included): listed and opened once. */
  folder?: RootedFolder;
  /** Files over this size are not read; default `MAX_COMPANION_BYTES`. */
  maxBytes?: number;
  /**
   * Archives whose entries count as files of their folder (`[resArchive]` from `@relic3d/res`):
   * a packed `.chr` is found for a loose `.o3d` and the other way round; a loose file wins.
   */
  archives?: readonly ArchiveFormat[];
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
  const archives = { archives: options.archives };
  const rooted = options.folder ?? (options.root !== undefined ? folderIndex(options.root, archives) : realDir ? folderIndex(realDir, archives) : undefined);
  if (!rooted || !realDir || !isInside(rooted.root, realDir)) {
    const nothing = (() => undefined) as Resolver;
    nothing.list = () => [];
    nothing.key = () => undefined;
    return nothing;
  }
  const index = options.index ?? rooted.index;
  const fromDir = path.relative(rooted.root, realDir).split(path.sep).filter(Boolean).join('/');
  return indexResolver(index, fromDir, (relative) => readFolderFile(rooted, relative, options.maxBytes));
}
