import { expectArray, expectCount } from '../guard.js';
import type { KernelMode, Variant } from '../runtime.js';
import { unweldByVertexJS } from './unweld-by-vertex.js';
import type { UnweldResult } from './unweld.js';

/**
 * Records with several corners each (MS3D's 70-byte triangles): per corner a u16 primary index
 * (its file vertex) at `primaryOffset + 2k` and key words (u32, little-endian) at
 * `keyFields[j].offset + 4 × words × k`, for corner k of the record.
 */
export interface RecordCornerLayout {
  /** Bytes per record. */
  stride: number;
  cornersPerRecord: number;
  /** Byte offset of corner 0's u16 primary index in a record. */
  primaryOffset: number;
  /** Key fields in key order: `words` u32 per corner, corner k's at `offset + 4 × words × k`. */
  keyFields: readonly { offset: number; words: number }[];
}

export interface RecordCornersOptions {
  kernels?: KernelMode;
  variant?: Variant;
}

/**
 * `unweldByVertex` over corners read in place from records: `primary` is each corner's primary
 * index, and `badCorner` the first corner whose primary index is not below `primaryCount` (then
 * only `primary` up to it is filled, and the other fields are empty).
 */
export interface RecordCornersResult extends UnweldResult {
  primary: Uint32Array;
  badCorner: number;
}

/** The number of key words per corner. */
export function keyWidthOf(layout: RecordCornerLayout): number {
  return layout.keyFields.reduce((sum, f) => sum + f.words, 0);
}

export function checkRecordCorners(records: Uint8Array, rows: Uint16Array, layout: RecordCornerLayout, primaryCount: number): void {
  expectArray('records', records, Uint8Array);
  expectArray('rows', rows, Uint16Array);
  expectCount('primaryCount', primaryCount, 0x7fffffff);
  const { stride, cornersPerRecord, primaryOffset, keyFields } = layout;
  expectCount('stride', stride, 0xffff);
  expectCount('cornersPerRecord', cornersPerRecord, 16);
  const fits = (offset: number, bytes: number) => Number.isInteger(offset) && offset >= 0 && offset + bytes <= stride;
  if (!fits(primaryOffset, 2 * cornersPerRecord)) throw new RangeError(`primary indices at ${primaryOffset} do not fit a ${stride}-byte record`);
  for (const f of keyFields) {
    expectCount('key field words', f.words, 16);
    if (!fits(f.offset, 4 * f.words * cornersPerRecord)) throw new RangeError(`key field at ${f.offset} does not fit a ${stride}-byte record`);
  }
  const count = Math.floor(records.byteLength / Math.max(stride, 1));
  for (let i = 0; i < rows.length; i++) {
    if (rows[i] >= count) throw new RangeError(`row ${rows[i]} is past the ${count} records`);
  }
}

/**
 * Each corner's primary index and key words, read from the records `rows` name (little-endian),
 * then `unweldByVertexJS`: render vertices numbered by first corner. TypeScript reference of the
 * fused WASM kernel `unweldRecordCorners`.
 */
export function unweldRecordCornersJS(records: Uint8Array, rows: Uint16Array, layout: RecordCornerLayout, primaryCount: number, options: RecordCornersOptions = {}): RecordCornersResult {
  checkRecordCorners(records, rows, layout, primaryCount);
  const { primary, keys, badCorner } = recordCornerKeys(records, rows, layout, primaryCount);
  if (badCorner >= 0) return { primary, badCorner, indices: new Uint32Array(0), firstCorner: new Uint32Array(0), vertexCount: 0 };
  const result = unweldByVertexJS(primary, primaryCount, keys, keyWidthOf(layout), { kernels: options.kernels, variant: options.variant });
  return { ...result, primary, badCorner: -1 };
}

/**
 * Byte offset in a record of each corner's key words, corner by corner (`cornersPerRecord ×
 * keyWidth` entries), so the loops over corners read one flat table, not the field list.
 */
export function keyWordOffsets(layout: RecordCornerLayout): Uint32Array {
  const width = keyWidthOf(layout);
  const table = new Uint32Array(layout.cornersPerRecord * width);
  for (let k = 0, o = 0; k < layout.cornersPerRecord; k++) {
    for (const { offset, words } of layout.keyFields) for (let w = 0; w < words; w++) table[o++] = offset + 4 * (words * k + w);
  }
  return table;
}

/** The corners' primary indices and keys; stops at the first primary index not below `primaryCount`. */
export function recordCornerKeys(records: Uint8Array, rows: Uint16Array, layout: RecordCornerLayout, primaryCount: number): { primary: Uint32Array; keys: Uint32Array; badCorner: number } {
  const { stride, cornersPerRecord: per, primaryOffset } = layout;
  const width = keyWidthOf(layout);
  const table = keyWordOffsets(layout);
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const primary = new Uint32Array(rows.length * per);
  const keys = new Uint32Array(rows.length * per * width);
  for (let i = 0, c = 0; i < rows.length; i++) {
    const record = rows[i] * stride;
    for (let k = 0; k < per; k++, c++) {
      const p = view.getUint16(record + primaryOffset + 2 * k, true);
      if (p >= primaryCount) return { primary: primary.slice(0, c), keys, badCorner: c };
      primary[c] = p;
      const o = c * width;
      const t = k * width;
      // Four words at a time: a loop of one read per turn measured ~1.5× slower on MS3D's 5-word keys.
      let j = 0;
      for (; j + 4 <= width; j += 4) {
        keys[o + j] = view.getUint32(record + table[t + j], true);
        keys[o + j + 1] = view.getUint32(record + table[t + j + 1], true);
        keys[o + j + 2] = view.getUint32(record + table[t + j + 2], true);
        keys[o + j + 3] = view.getUint32(record + table[t + j + 3], true);
      }
      for (; j < width; j++) keys[o + j] = view.getUint32(record + table[t + j], true);
    }
  }
  return { primary, keys, badCorner: -1 };
}
