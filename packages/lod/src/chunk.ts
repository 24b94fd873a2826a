import { ByteReader, FormatError, type WarningSink } from '@relic3d/core';
import type { LodChunkHeader, LodFile } from './types.js';

export const FORMAT = 'lod';
export const SIGNATURE = 'LODka3D1';
export const CHUNK_HEADER_SIZE = 12;

/** State of one parse (created per call). */
export interface ReadContext {
  file: LodFile;
  sink: WarningSink;
  /** `SKL1` Count, 0 until a skeleton is read. */
  boneCount: number;
  /** Kernel path for index widening ('js' forces the TypeScript path). */
  kernels?: 'wasm' | 'js';
}

/** A chunk header plus a reader bounded to its data. */
export interface Chunk extends LodChunkHeader {
  data: ByteReader;
}

/** Reads a 12-byte header and cuts out the data; a Size past the parent's end is a FormatError. */
export function readChunk(r: ByteReader): Chunk {
  const at = r.absoluteOffset;
  r.need(CHUNK_HEADER_SIZE, 'chunk header');
  const id = r.tag();
  const size = r.i32();
  const count = r.i32();
  if (size < 0 || size > r.remaining) {
    throw new FormatError({
      format: FORMAT,
      offset: at + 4,
      expected: `a ${printableId(id)} chunk Size within the ${r.remaining} bytes left`,
      found: String(size),
      code: size < 0 ? 'BAD_SIZE' : 'TRUNCATED',
    });
  }
  return { id, size, count, offset: at, data: r.sub(size, `${printableId(id)} chunk`) };
}

/** Every handled chunk must end exactly at dataStart + Size. */
export function expectChunkEnd(chunk: Chunk): void {
  const r = chunk.data;
  if (!r.eof) {
    throw new FormatError({
      format: FORMAT,
      offset: r.absoluteOffset,
      expected: `the end of the ${printableId(chunk.id)} chunk at offset ${chunk.offset} (Size ${chunk.size})`,
      found: `${r.remaining} unread bytes`,
      code: 'BAD_SIZE',
    });
  }
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
