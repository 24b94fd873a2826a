import type { ByteReader, WarningSink } from '@relic3d/core';
import { LIMITS, type MdlParseOptions, type MdlVariant } from '../file.js';

/** What every section reader needs to know about the file being read. */
export interface ReadContext {
  variant: MdlVariant;
  version: number;
  options: MdlParseOptions;
  sink: WarningSink;
}

/** A string with an i32 length prefix. */
export function istring(r: ByteReader, what: string): string {
  return r.lengthString('i32', what);
}

/**
 * Reads an i32 count and checks it before anything is allocated: non-negative, and `count ×
 * bytesPerItem` within the bytes left. Errors point at the count field itself.
 */
export function countField(r: ByteReader, bytesPerItem: number, what: string): number {
  const at = r.offset;
  const n = r.i32();
  if (n < 0) r.fail(`a count of ${what}`, String(n), 'BAD_COUNT', at);
  if (n * bytesPerItem > r.remaining) r.fail(`${n} ${what} (${n * bytesPerItem} bytes)`, `${r.remaining} bytes left`, 'BAD_COUNT', at);
  return n;
}

export function depthCheck(r: ByteReader, depth: number, what: string): void {
  if (depth > LIMITS.depth) r.fail(`${what} nested at most ${LIMITS.depth} deep`, `depth ${depth}`, 'BAD_VALUE');
}

export function nextTagIs(r: ByteReader, tag: string): boolean {
  return tagAt(r, r.offset, tag);
}

export function tagAt(r: ByteReader, at: number, tag: string): boolean {
  for (let i = 0; i < 4; i++) if (r.bytes[at + i] !== tag.charCodeAt(i)) return false;
  return true;
}
