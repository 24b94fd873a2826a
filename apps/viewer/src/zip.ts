// Several exported files as one download: a deflated ZIP by fflate (smaller than storing; fflate
// is well kept and fast). Our part is what an archive may hold: plain names that fit their field.
import { zipSync, type Zippable } from 'fflate';

/** A ZIP entry's name length is a 16-bit field (APPNOTE 4.4.10). */
export const MAX_ZIP_NAME_BYTES = 0xffff;
/** Entries in a ZIP without ZIP64. */
const MAX_ENTRIES = 0xffff;
/** Already compressed: deflating them again costs time and saves nothing. */
const STORED = /\.(png|jpe?g|webp|gif|ktx2|zip|glb)$/i;

/** Why `name` cannot be an entry of the archive, or undefined when it can. */
export function zipNameProblem(name: string): string | undefined {
  if (!name || name === '.' || name === '..' || /[\\/:\u0000-\u001f]/.test(name)) return 'not a plain file name';
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MAX_ZIP_NAME_BYTES) return `${bytes} bytes; a ZIP name holds ${MAX_ZIP_NAME_BYTES}`;
  return undefined;
}

/**
 * The files as one ZIP archive (deflated, images stored as they are), in the given order, names as
 * UTF-8. Refuses what a plain ZIP cannot hold (over 65,535 files or 4 GiB: ZIP64 is not written,
 * a name over 65,535 bytes) and names that are not plain file names (an archive must not unpack
 * outside its folder).
 */
export function zip(files: Record<string, Uint8Array>, modified = new Date()): Uint8Array {
  const entries = Object.entries(files);
  if (entries.length > MAX_ENTRIES) throw new Error(`a ZIP without ZIP64 holds 65,535 files; ${entries.length} given`);
  const input: Zippable = {};
  let total = 0;
  for (const [name, data] of entries) {
    const problem = zipNameProblem(name);
    if (problem) throw new Error(`refusing the ZIP entry name '${name.slice(0, 80)}${name.length > 80 ? '…' : ''}': ${problem}`);
    total += data.length;
    input[name] = [data, { level: STORED.test(name) ? 0 : 6, mtime: modified, os: 3, attrs: (0o100644 << 16) >>> 0 }];
  }
  if (total > 0xffffffff) throw new Error('a ZIP without ZIP64 holds 4 GiB; the files are larger');
  return zipSync(input);
}
