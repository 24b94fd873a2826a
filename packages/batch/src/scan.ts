import { statSync } from 'node:fs';
import path from 'node:path';
import { detectFormat, type FolderIndex } from '@relic3d/core';
import { readHead, walkFolder } from '@relic3d/core/node';
import { formatExtensions, formats } from '@relic3d/formats';

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

export interface FolderScan {
  /** Real path of the batch folder: the root no lookup leaves. */
  root: string;
  /** Every folder listed once; sent to each worker once. */
  index: FolderIndex;
  /** Model files in walk order (folders sorted, names sorted): the report's order. */
  inputs: ScannedFile[];
  /** Other files (companions, images, unknown content), root-relative. */
  skipped: string[];
  /** Folders that could not be listed, root-relative. */
  unreadableFolders: string[];
}

/** Model extensions ('.o3d', ...), lower case. */
export const modelExtensions: ReadonlySet<string> = new Set(formatExtensions);

/**
 * Walks `root` once (skipping `exclude`, the output folder when it lies inside) and sorts the files:
 * known model extensions are inputs (so a broken one is reported); companions and images are
 * skipped; any other file is an input only when its first 512 bytes are a known format, so an
 * unrelated 3 GB video costs one small read. Nothing is read whole here.
 */
export function scanFolder(root: string, exclude?: string): FolderScan {
  const files: string[] = [];
  const rooted = walkFolder(root, (relative) => files.push(relative), exclude);
  const inputs: ScannedFile[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    const full = path.join(rooted.root, ...file.split('/'));
    const ext = path.extname(file).toLowerCase();
    const modelByName = modelExtensions.has(ext);
    if (!modelByName && COMPANION.test(file)) {
      skipped.push(file);
      continue;
    }
    let size = -1;
    try {
      size = statSync(full).size;
      if (!modelByName && !detectFormat(readHead(full, SNIFF_BYTES), path.basename(file), formats)) {
        skipped.push(file);
        continue;
      }
    } catch (e) {
      inputs.push({ file, size, error: fsError(e, 'cannot read') });
      continue;
    }
    if (size > MAX_MODEL_BYTES) {
      inputs.push({ file, size, error: { name: 'ReadError', code: 'FILE_TOO_LARGE', message: `the file is ${size} bytes; models over 2 GiB are not read` } });
    } else inputs.push({ file, size });
  }
  return { root: rooted.root, index: rooted.index, inputs, skipped, unreadableFolders: rooted.unreadable };
}

/** A Node fs error as plain data with its code. */
export function fsError(e: unknown, what: string): { name: string; message: string; code?: string } {
  const code = (e as NodeJS.ErrnoException)?.code;
  const detail = code ?? (e instanceof Error ? e.message : String(e));
  return { name: 'ReadError', message: `${what}: ${detail}`, ...(code ? { code } : {}) };
}
