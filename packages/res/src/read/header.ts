import { ByteReader, FormatError, type FormatErrorCode } from '@relic3d/core';
import { decipherTable, mapBytes } from '../cipher.js';
import { HEADER_START_BYTES, MAX_NAME_BYTES, PREAMBLE_BYTES, RES_FORMAT, type ResEntry, type ResHeader } from '../file.js';
import { entryNameProblem } from '../names.js';
import { identifyVariant } from './variants.js';

const fail = (offset: number, expected: string, found: string, code: FormatErrorCode = 'BAD_VALUE') =>
  new FormatError({ format: RES_FORMAT, offset, expected, found, code });

/** The preamble: key, body flag and header size, checked against the pack's length. */
export function readPreamble(head: Uint8Array, packSize: number): { key: number; encrypted: boolean; headerSize: number } {
  if (packSize < PREAMBLE_BYTES + HEADER_START_BYTES || head.length < PREAMBLE_BYTES) {
    throw fail(0, `at least ${PREAMBLE_BYTES + HEADER_START_BYTES} bytes (preamble and header start)`, `${packSize} bytes`, packSize ? 'TRUNCATED' : 'EMPTY');
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const flag = head[1];
  const headerSize = view.getInt32(2, true);
  const fits = headerSize >= HEADER_START_BYTES && headerSize <= packSize - PREAMBLE_BYTES;
  if (flag > 1 || !fits) {
    const variant = identifyVariant(head, packSize);
    if (variant) throw fail(0, 'the retail Flyff .res layout (key, flag 0 or 1, header size)', variant, 'UNSUPPORTED');
    if (flag > 1) throw fail(1, 'an encrypted flag of 0 or 1', String(flag));
    throw fail(2, `a header size from ${HEADER_START_BYTES} to ${packSize - PREAMBLE_BYTES} (the bytes after the preamble)`, String(headerSize), 'BAD_SIZE');
  }
  return { key: head[0], encrypted: flag === 1, headerSize };
}

/** Reads the entries with a `time_t` of `timeBytes`; throws where they stop making sense. */
function readEntries(header: Uint8Array, count: number, timeBytes: 4 | 8, packSize: number, entries: ResEntry[]): ResEntry[] {
  const reader = new ByteReader(header, { format: RES_FORMAT, baseOffset: PREAMBLE_BYTES });
  reader.seek(HEADER_START_BYTES);
  const bodiesStart = PREAMBLE_BYTES + header.length;
  for (let i = 0; i < count; i++) {
    const at = reader.absoluteOffset;
    const length = reader.i16();
    if (length < 1 || length > MAX_NAME_BYTES) throw fail(at, `entry ${i}: a name length from 1 to ${MAX_NAME_BYTES}`, String(length), 'BAD_SIZE');
    const raw = reader.u8Array(length, 'entry name');
    const name = String.fromCharCode(...raw);
    const problem = entryNameProblem(name);
    if (problem) throw fail(at + 2, `entry ${i}: a file name of the pack's folder`, `${JSON.stringify(name)} (${problem})`);
    const sizeAt = reader.absoluteOffset;
    const size = reader.i32();
    const time = timeBytes === 4 ? reader.u32() : Number(reader.u32()) + reader.i32() * 2 ** 32;
    const offset = reader.i32();
    if (size < 0) throw fail(sizeAt, `entry ${name}: a size ≥ 0`, String(size), 'BAD_SIZE');
    if (offset < bodiesStart || offset + size > packSize) {
      throw fail(sizeAt, `entry ${name}: a body inside ${bodiesStart}..${packSize}`, `offset ${offset}, size ${size}`, 'BAD_INDEX');
    }
    entries.push({ name, size, time, offset });
  }
  if (!reader.eof) throw fail(reader.absoluteOffset, 'the header to end after its entries', `${reader.remaining} bytes left`, 'BAD_SIZE');
  return entries;
}

/**
 * Reads and checks a retail header: `head` holds the preamble and the enciphered header (at
 * least `6 + headerSize` bytes). The `time_t` width is the one whose entries end exactly at the
 * header's end with every body inside the pack (docs/formats/res.md §3).
 */
export function readResHeader(head: Uint8Array, packSize: number): ResHeader {
  const { key, encrypted, headerSize } = readPreamble(head, packSize);
  if (head.length < PREAMBLE_BYTES + headerSize) {
    throw fail(PREAMBLE_BYTES, `${headerSize} header bytes`, `${head.length - PREAMBLE_BYTES}`, 'TRUNCATED');
  }
  const header = mapBytes(head.slice(PREAMBLE_BYTES, PREAMBLE_BYTES + headerSize), decipherTable(key));
  const version = String.fromCharCode(...header.subarray(0, 7)).replace(/\0[\s\S]*$/, '');
  const count = header[7] | (header[8] << 8);
  // Each entry takes at least 2 + 1 + 4 + 4 + 4 bytes.
  if (count * 15 > headerSize - HEADER_START_BYTES) {
    const variant = identifyVariant(head, packSize);
    if (variant) throw fail(0, 'the retail Flyff .res layout', variant, 'UNSUPPORTED');
    throw fail(PREAMBLE_BYTES + 7, `a file count that fits ${headerSize - HEADER_START_BYTES} header bytes`, String(count), 'BAD_COUNT');
  }
  let first: { error: FormatError; entries: number } | undefined;
  for (const timeBytes of [4, 8] as const) {
    const entries: ResEntry[] = [];
    try {
      readEntries(header, count, timeBytes, packSize, entries);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      // The error of the layout that read more entries says most about what is wrong; on a tie, the retail 4 bytes.
      if (!first || entries.length > first.entries) first = { error: e, entries: entries.length };
      continue;
    }
    rejectDuplicates(entries);
    return { key, encrypted, headerSize, version, timeBytes, entries };
  }
  const variant = identifyVariant(head, packSize);
  if (variant) throw fail(0, 'the retail Flyff .res layout', variant, 'UNSUPPORTED');
  throw first!.error;
}

/** Two entries of one pack may not share a name (any case): which one the client keeps is unclear. */
function rejectDuplicates(entries: readonly ResEntry[]): void {
  const seen = new Set<string>();
  for (const entry of entries) {
    const lower = entry.name.toLowerCase();
    if (seen.has(lower)) throw fail(PREAMBLE_BYTES + HEADER_START_BYTES, 'entry names unique in the pack (any case)', `${JSON.stringify(entry.name)} twice`);
    seen.add(lower);
  }
}
