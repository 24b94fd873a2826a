import { bytesSource, FormatError, type ArchiveFormat, type ByteSource } from '@relic3d/core';
import { decipher } from './cipher.js';
import { PREAMBLE_BYTES, RES_FORMAT, type ResEntry, type ResHeader, type ResInput } from './file.js';
import { readResHeader } from './read/header.js';

/** An opened pack: its directory, and bodies read (and deciphered) only when asked for. */
export interface ResPack extends ResHeader {
  /** The entry named `name` (any case), if the pack holds it. */
  entry(name: string): ResEntry | undefined;
  /** One entry's bytes, deciphered when the pack enciphers bodies; a fresh array each call. */
  read(entry: ResEntry | string): Uint8Array;
}

/**
 * Opens a pack: reads the 6-byte preamble and the header (two reads from a `ByteSource`), checks
 * every entry, and reads no body. Throws a `FormatError` for a broken pack or a non-retail scheme.
 */
export function openRes(input: ResInput): ResPack {
  const inMemory = input instanceof Uint8Array;
  const source: ByteSource = inMemory ? bytesSource(input) : input;
  const preamble = source.read(0, PREAMBLE_BYTES);
  const view = preamble.length === PREAMBLE_BYTES ? new DataView(preamble.buffer, preamble.byteOffset, PREAMBLE_BYTES) : undefined;
  const declared = view ? view.getInt32(2, true) : 0;
  // Only a header size that fits the pack is read; readResHeader names the one that does not.
  const fits = declared > 0 && declared <= source.size - PREAMBLE_BYTES;
  const head = fits ? concat(preamble, source.read(PREAMBLE_BYTES, declared)) : source.read(0, Math.min(source.size, 64));
  const header = readResHeader(head, source.size);
  const byName = new Map(header.entries.map((e) => [e.name.toLowerCase(), e]));
  return {
    ...header,
    entry: (name) => byName.get(name.toLowerCase()),
    read(which) {
      const entry = typeof which === 'string' ? byName.get(which.toLowerCase()) : which;
      if (!entry) {
        throw new FormatError({ format: RES_FORMAT, offset: 0, expected: 'an entry of the pack', found: JSON.stringify(which), code: 'MISSING_COMPANION' });
      }
      const raw = source.read(entry.offset, entry.size);
      if (raw.length !== entry.size) {
        throw new FormatError({ format: RES_FORMAT, offset: entry.offset, expected: `${entry.size} bytes of ${entry.name}`, found: `${raw.length}`, code: 'TRUNCATED' });
      }
      // A view into the caller's bytes is copied before it is deciphered or handed out.
      const body = inMemory ? raw.slice() : raw;
      return header.encrypted ? decipher(body, header.key) : body;
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** `.res` packs as folders for core's `FolderIndex` / `folderResolver(dir, { archives: [resArchive] })`. */
export const resArchive: ArchiveFormat = {
  extension: '.res',
  open(source) {
    const pack = openRes(source);
    return { entries: pack.entries, read: (entry) => pack.read(entry as ResEntry) };
  },
};
