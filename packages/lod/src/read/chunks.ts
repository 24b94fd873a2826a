import { FormatError, type ByteReader, type WarningSink } from '@relic3d/core';
import { FORMAT_ID, type LodChunkHeader, type LodFile, type LodParseOptions, type LodUnknownChunk } from '../file.js';
import { CHUNK_HEADER_SIZE } from './layout.js';

/** State of one read (created per call). */
export interface ReadContext {
  file: LodFile;
  sink: WarningSink;
  /** `SKL1` Count, 0 until a skeleton is read. */
  boneCount: number;
  /** Kernel path for index widening ('js' forces the TypeScript path). */
  kernels?: LodParseOptions['kernels'];
  /** Chunk IDs seen so far, by their 4 bytes: one string per distinct ID, not per chunk. */
  ids: Map<number, string>;
  /** The data of every empty unknown chunk (one array, not one view per chunk). */
  noData: Uint8Array;
}

/** What a read shares so that many small chunks cost little memory (issue 26). */
export function chunkSharing(): Pick<ReadContext, 'ids' | 'noData'> {
  return { ids: new Map(), noData: new Uint8Array(0) };
}

/** A chunk header plus a reader bounded to its data. */
export interface Chunk extends LodChunkHeader {
  data: ByteReader;
}

/**
 * Reads a 12-byte header and cuts out the data; a Size past the parent's end is a FormatError.
 * With `ids`, equal IDs share one string.
 */
export function readChunk(r: ByteReader, ids?: Map<number, string>): Chunk {
  const at = r.absoluteOffset;
  r.need(CHUNK_HEADER_SIZE, 'chunk header');
  const id = ids ? internedTag(r, ids) : r.tag();
  const size = r.i32();
  const count = r.i32();
  if (size < 0 || size > r.remaining) {
    throw new FormatError({
      format: FORMAT_ID,
      offset: at + 4,
      expected: `a ${printableId(id)} chunk Size within the ${r.remaining} bytes left`,
      found: String(size),
      code: size < 0 ? 'BAD_SIZE' : 'TRUNCATED',
    });
  }
  return { id, size, count, offset: at, data: r.sub(size, `${printableId(id)} chunk`) };
}

function internedTag(r: ByteReader, ids: Map<number, string>): string {
  const key = r.peekU32();
  const known = ids.get(key);
  if (known === undefined) {
    const id = r.tag();
    ids.set(key, id);
    return id;
  }
  r.skip(4);
  return known;
}

/** Every handled chunk must end exactly at dataStart + Size. */
export function expectChunkEnd(chunk: Chunk): void {
  const r = chunk.data;
  if (!r.eof) {
    throw new FormatError({
      format: FORMAT_ID,
      offset: r.absoluteOffset,
      expected: `the end of the ${printableId(chunk.id)} chunk at offset ${chunk.offset} (Size ${chunk.size})`,
      found: `${r.remaining} unread bytes`,
      code: 'BAD_SIZE',
    });
  }
}

/** True when `data` is exactly a sequence of well-formed chunk headers and their data. */
export function parsesAsChunks(data: Uint8Array): boolean {
  if (data.length < CHUNK_HEADER_SIZE) return false;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 0;
  while (at < data.length) {
    if (at + CHUNK_HEADER_SIZE > data.length) return false;
    for (let k = 0; k < 4; k++) if (data[at + k] < 0x20 || data[at + k] > 0x7e) return false;
    const size = view.getInt32(at + 4, true);
    if (size < 0 || at + CHUNK_HEADER_SIZE + size > data.length) return false;
    at += CHUNK_HEADER_SIZE + size;
  }
  return true;
}

/** A chunk kept as bytes (unknown ID, or a known chunk that could not be used). */
export function unknownChunk(chunk: Chunk, parent: string, noData?: Uint8Array): LodUnknownChunk {
  const data = noData && chunk.data.eof ? noData : chunk.data.u8Array(chunk.data.remaining, 'chunk data');
  return { id: chunk.id, size: chunk.size, count: chunk.count, offset: chunk.offset, parent, data };
}

export function printableId(id: string): string {
  return id.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A length-prefixed string (Integer length, no terminator). */
export function lstr(r: ByteReader, what: string): string {
  return r.lengthString('i32', what);
}

/** A string of a length given elsewhere. */
export function fixedString(r: ByteReader, length: number, what: string): string {
  r.count(length, 1, what);
  return r.decode(r.u8Array(length, what));
}

/** Names stored as a length array then one string. */
export function readNameList(r: ByteReader, count: number, what: string): string[] {
  const lengths = Array.from(r.i32Array(count, `${what} name lengths`));
  return lengths.map((n) => fixedString(r, n, `${what} name`));
}

/** An Integer count checked against the bytes left. */
export function countOf(r: ByteReader, bytesPerItem: number, what: string): number {
  const at = r.offset;
  const n = r.i32();
  if (n < 0 || n * bytesPerItem > r.remaining) {
    r.fail(`a count of ${what} that fits the ${r.remaining} bytes left`, String(n), 'BAD_COUNT', at);
  }
  return n;
}

/**
 * A typed array the raw structure owns: ByteReader returns zero-copy views when aligned (copied
 * here, so the raw structure never aliases the input) and fresh copies otherwise (kept as is,
 * instead of copying twice).
 */
export function owned<T extends Float32Array | Uint32Array | Uint16Array>(a: T, r: ByteReader): T {
  return a.buffer === r.bytes.buffer ? (a.slice() as T) : a;
}

export function bool(r: ByteReader): boolean {
  return r.u8() !== 0;
}
