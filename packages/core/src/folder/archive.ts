// Archives that games treat as folders (Flyff `.res` packs): core lists their entries beside the
// loose files of the archive's folder; a format package (`@relic3d/res`) supplies the reading.

/** Bytes read by position: a file handle on Node, an in-memory buffer elsewhere. */
export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** `length` bytes from `offset`; fewer only past the end. */
  read(offset: number, length: number): Uint8Array;
}

/** One file inside an archive. */
export interface ArchiveEntry {
  /** Its name relative to the archive's own folder (one segment: no slash). */
  readonly name: string;
  /** Its length in bytes once read. */
  readonly size: number;
}

/** An archive whose directory has been read; bodies are read when asked for. */
export interface OpenedArchive {
  readonly entries: readonly ArchiveEntry[];
  /** One entry's bytes (deciphered, when the archive enciphers them). */
  read(entry: ArchiveEntry): Uint8Array;
}

/** How to read one kind of archive. `open` throws a `FormatError` on a broken or unknown archive. */
export interface ArchiveFormat {
  /** Lower-case extension with the dot (`.res`). */
  readonly extension: string;
  open(source: ByteSource): OpenedArchive;
}

/** The archive format that reads `fileName` (by extension), if any. */
export function archiveFormatFor(fileName: string, formats: readonly ArchiveFormat[]): ArchiveFormat | undefined {
  const lower = fileName.toLowerCase();
  return formats.find((f) => lower.endsWith(f.extension));
}

/** A `ByteSource` over bytes already in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => bytes.subarray(Math.max(0, offset), Math.max(0, Math.min(bytes.length, offset + length))),
  };
}
