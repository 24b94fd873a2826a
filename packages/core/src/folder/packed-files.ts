import type { ArchiveEntry, ArchiveFormat, ByteSource, OpenedArchive } from './archive.js';
import { archiveFormatFor } from './archive.js';
import type { FolderListing } from './folder-index.js';

/** One entry of an archive, as a file of the archive's folder. */
export interface PackedFile {
  /** The archive's root-relative path. */
  readonly pack: string;
  readonly archive: OpenedArchive;
  readonly entry: ArchiveEntry;
}

/** Opens a root-relative archive file for positional reads, or returns undefined when it cannot. */
export type ArchiveOpener = (relative: string) => ByteSource | undefined;

/** An entry name that stays in its folder: one segment, no `..`, no drive, no control characters. */
export function isPlainEntryName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[\\/:\u0000-\u001f\u007f]/.test(name);
}

/**
 * The entries of every archive in a folder, listed as files of that folder, as the Flyff client's
 * `CResFile` does: a loose file wins over a packed one of the same name (any case); between
 * archives of one folder, the later in sorted order wins (the client's map keeps the last added).
 * An archive that cannot be opened is skipped and reported to `onError`.
 */
export class PackedFiles {
  /** Lower-cased root-relative path → the entry. */
  private readonly files = new Map<string, PackedFile>();

  constructor(
    private readonly formats: readonly ArchiveFormat[],
    private readonly open: ArchiveOpener,
    private readonly onError?: (pack: string, error: unknown) => void,
  ) {}

  /** `listing` of `dir` with the entries of its archives added (each archive opened once, here). */
  extend(dir: string, listing: FolderListing): FolderListing {
    if (!this.formats.length) return listing;
    const loose = new Set(listing.files.map((n) => n.toLowerCase()));
    const added = new Map<string, string>();
    for (const name of listing.files) {
      const format = archiveFormatFor(name, this.formats);
      if (!format) continue;
      const pack = dir ? `${dir}/${name}` : name;
      let archive: OpenedArchive;
      try {
        const source = this.open(pack);
        if (!source) continue;
        archive = format.open(source);
      } catch (e) {
        this.onError?.(pack, e);
        continue;
      }
      for (const entry of archive.entries) {
        const lower = entry.name.toLowerCase();
        if (!isPlainEntryName(entry.name) || loose.has(lower)) continue;
        added.set(lower, entry.name);
        this.files.set(dir ? `${dir.toLowerCase()}/${lower}` : lower, { pack, archive, entry });
      }
    }
    return added.size ? { files: [...listing.files, ...added.values()], folders: listing.folders } : listing;
  }

  /** The packed file at a root-relative path (as the index spells it, any case), if any. */
  find(relative: string): PackedFile | undefined {
    return this.files.get(relative.toLowerCase());
  }

  /** Every packed file found so far, by root-relative path (lower case). */
  entries(): IterableIterator<[string, PackedFile]> {
    return this.files.entries();
  }
}
