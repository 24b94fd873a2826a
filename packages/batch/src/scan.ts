import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { detectFormat, type FolderIndex } from '@relic3d/core';
import { isInside, readFolderFile, readHead, walkFolder } from '@relic3d/core/node';
import { resArchive } from '@relic3d/res';
import { formatExtensions, formats, inputExtensions, inputFormats } from '@relic3d/formats';

/** Models past this size are reported, not read (typed arrays and `Buffer` stop at 2 GiB). */
export const MAX_MODEL_BYTES = 2 ** 31 - 1;

/** Files that only come with a model (skeletons, motions, materials, images) or that we write. */
const COMPANION = /\.(chr|ani|mat|tex|meta|png|jpe?g|bmp|tga|dds|gif|webp|ktx2?|tsv|txt|md|json|glb|gltf|bin|zip)$/i;

/** Bytes read from a file without a model extension to tell whether it is one. */
export const SNIFF_BYTES = 512;

export interface ScannedFile {
  /** Path relative to the batch folder, with '/'. */
  file: string;
  /** Size in bytes when the scan could stat it; -1 otherwise. */
  size: number;
  /** Why the file cannot be converted, found while scanning (too large, unreadable). */
  error?: { name: string; message: string; code?: string };
}

/** An entry of the folder that is not converted, and why. */
export interface SkippedEntry {
  /** Path relative to the batch folder, with '/' (a folder ends in '/'). */
  file: string;
  reason: string;
}

export interface FolderScan {
  /** Real path of the batch folder: the root no lookup leaves. */
  root: string;
  /** Every folder listed once; sent to each worker once. */
  index: FolderIndex;
  /** Model files in walk order (folders sorted, names sorted): the report's order. */
  inputs: ScannedFile[];
  /**
   * Everything else, root-relative, with why: companions and images, unknown content, and entries
   * never opened (FIFOs, sockets, devices, folders named like models, symlinks that leave the folder).
   */
  skipped: SkippedEntry[];
  /** Folders that could not be listed, root-relative. */
  unreadableFolders: string[];
}

/** Model extensions ('.o3d', ...), lower case. */
export const modelExtensions: ReadonlySet<string> = new Set(formatExtensions);

export interface ScanOptions {
  /**
   * Take glTF files (.glb/.gltf, and files whose first bytes are glTF) as inputs too. Off by
   * default: a folder's own outputs are glTF, and converting them again is rarely what was meant.
   */
  includeGltf?: boolean;
}

/** The model extensions and the formats sniffed, with glTF or without. */
function scanRules(options: ScanOptions): { extensions: ReadonlySet<string>; sniffed: typeof formats } {
  return options.includeGltf ? { extensions: new Set(inputExtensions), sniffed: inputFormats } : { extensions: modelExtensions, sniffed: formats };
}

/**
 * Walks `root` once (skipping `exclude`, the output folder when it lies inside) and sorts the files:
 * known model extensions are inputs (so a broken one is reported); companions and images are
 * skipped; any other file is an input only when its first 512 bytes are a known format, so an
 * unrelated 3 GB video costs one small read. Nothing is read whole here.
 */
export function scanFolder(root: string, exclude?: string, options: ScanOptions = {}): FolderScan {
  const { extensions, sniffed } = scanRules(options);
  const files: string[] = [];
  // Flyff .res packs are folders (as the client reads them): their entries are listed as files of
  // the pack's folder, and a loose file of the same name wins.
  const rooted = walkFolder(root, (relative) => files.push(relative), exclude, { archives: [resArchive] });
  const inputs: ScannedFile[] = [];
  const skipped: SkippedEntry[] = [];
  for (const file of files) {
    const full = path.join(rooted.root, ...file.split('/'));
    const ext = path.extname(file).toLowerCase();
    const modelByName = extensions.has(ext);
    if (!modelByName && COMPANION.test(file)) {
      skipped.push({ file, reason: 'a companion, image or other known non-model file' });
      continue;
    }
    if (ext === '.res') {
      skipped.push({ file, reason: 'a Flyff .res pack (its entries are listed as files of its folder)' });
      continue;
    }
    const packed = rooted.packed?.find(file);
    if (packed && !existsSync(full)) {
      const head = modelByName ? undefined : readFolderFile(rooted, file, MAX_MODEL_BYTES)?.subarray(0, SNIFF_BYTES);
      if (!modelByName && !(head && detectFormat(head, path.basename(file), sniffed))) {
        skipped.push({ file, reason: `not a model (its first ${SNIFF_BYTES} bytes are no known format)` });
        continue;
      }
      inputs.push({ file, size: packed.entry.size });
      continue;
    }
    let size = -1;
    try {
      size = statSync(full).size;
      if (!modelByName && !detectFormat(readHead(full, SNIFF_BYTES), path.basename(file), sniffed)) {
        skipped.push({ file, reason: `not a model (its first ${SNIFF_BYTES} bytes are no known format)` });
        continue;
      }
    } catch (e) {
      // Named like a model: a failed row. Otherwise nothing says it is one.
      if (modelByName) inputs.push({ file, size, error: fsError(e, 'cannot read') });
      else skipped.push({ file, reason: fsError(e, 'cannot be read').message });
      continue;
    }
    if (size > MAX_MODEL_BYTES) {
      inputs.push({ file, size, error: { name: 'ReadError', code: 'FILE_TOO_LARGE', message: `the file is ${size} bytes; models over 2 GiB are not read` } });
    } else inputs.push({ file, size });
  }
  skipped.push(...entriesNotWalked(rooted.root, rooted.index));
  rooted.close();
  return { root: rooted.root, index: rooted.index, inputs, skipped, unreadableFolders: rooted.unreadable };
}

/**
 * What the walk left out of each folder it listed, and why: special files, symlinks leaving the
 * root or leading nowhere, folders named like models. One more listing per folder (no reads, one
 * `realpath` per symlink): a FIFO is never opened, so it cannot hang the batch.
 */
function entriesNotWalked(root: string, index: FolderIndex): SkippedEntry[] {
  const out: SkippedEntry[] = [];
  for (const [dir, listing] of Object.entries(index.toJSON())) {
    const walked = new Set([...listing.files, ...listing.folders]);
    const prefix = dir ? `${dir}/` : '';
    for (const name of listing.folders) {
      if (modelExtensions.has(path.extname(name).toLowerCase())) out.push({ file: `${prefix}${name}/`, reason: 'a folder named like a model' });
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, ...dir.split('/').filter(Boolean)), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!walked.has(entry.name)) out.push({ file: `${prefix}${entry.name}`, reason: whyNotWalked(root, path.join(root, ...dir.split('/').filter(Boolean), entry.name), entry) });
    }
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function whyNotWalked(root: string, full: string, entry: Dirent): string {
  const kind = (e: { isFIFO(): boolean; isSocket(): boolean; isBlockDevice(): boolean; isCharacterDevice(): boolean }) =>
    e.isFIFO() ? 'a FIFO (never opened)' : e.isSocket() ? 'a socket' : e.isBlockDevice() || e.isCharacterDevice() ? 'a device file' : 'not a file or folder';
  if (!entry.isSymbolicLink()) return kind(entry);
  let target: string;
  try {
    target = realpathSync(full);
  } catch (e) {
    return `a symlink that leads nowhere (${(e as NodeJS.ErrnoException).code ?? 'unresolved'})`;
  }
  if (!isInside(root, target)) return 'a symlink that leaves the folder';
  try {
    return `a symlink to ${kind(statSync(target))}`;
  } catch (e) {
    return fsError(e, 'a symlink that cannot be read').message;
  }
}

/** A Node fs error as plain data with its code. */
export function fsError(e: unknown, what: string): { name: string; message: string; code?: string } {
  const code = (e as NodeJS.ErrnoException)?.code;
  const detail = code ?? (e instanceof Error ? e.message : String(e));
  return { name: 'ReadError', message: `${what}: ${detail}`, ...(code ? { code } : {}) };
}
