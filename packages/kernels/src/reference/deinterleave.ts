import { expectArray } from '../guard.js';

export type FieldType = 'f32' | 'u8' | 'u16' | 'i16' | 'u32' | 'i32';

export interface FieldLayout {
  /** Byte offset of the field inside a record. */
  offset: number;
  type: FieldType;
  components: number;
}

export type DeinterleavedArrays<L extends Record<string, FieldLayout>> = {
  [K in keyof L]: L[K]['type'] extends 'f32'
    ? Float32Array
    : L[K]['type'] extends 'u8'
      ? Uint8Array
      : L[K]['type'] extends 'u16'
        ? Uint16Array
        : L[K]['type'] extends 'i16'
          ? Int16Array
          : L[K]['type'] extends 'u32'
            ? Uint32Array
            : Int32Array;
};

export const SIZES: Record<FieldType, number> = { f32: 4, u8: 1, u16: 2, i16: 2, u32: 4, i32: 4 };
export const CTORS = { f32: Float32Array, u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, i32: Int32Array };

/** Checks that `count` records of `stride` bytes and every field fit in `bytes`. */
export function checkLayout(bytes: Uint8Array, stride: number, count: number, layout: Record<string, FieldLayout>): void {
  expectArray('bytes', bytes, Uint8Array);
  if (!Number.isInteger(stride) || stride <= 0) throw new RangeError(`stride must be a positive integer, got ${stride}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (count * stride > bytes.byteLength) throw new RangeError(`${count} records of ${stride} bytes need ${count * stride} bytes, have ${bytes.byteLength}`);
  for (const [name, f] of Object.entries(layout)) {
    const size = Object.hasOwn(SIZES, f.type) ? SIZES[f.type] : NaN;
    if (!(size > 0)) throw new RangeError(`field ${name} has unknown type ${String(f.type)}`);
    if (!Number.isInteger(f.components) || !Number.isInteger(f.offset) || !(f.components > 0) || f.offset < 0 || f.offset + f.components * size > stride) {
      throw new RangeError(`field ${name} (${f.components} × ${f.type} at ${f.offset}) does not fit a ${stride}-byte record`);
    }
  }
}

/**
 * TypeScript reference: splits fixed-stride records into one packed array per field. Records whose
 * fields are all aligned to their size are read through typed views (32-bit fields as raw words,
 * so floats keep their bits); when only the input's own offset is unaligned the records are copied
 * once to aligned memory first, which costs less than reading every field through a DataView.
 */
export function deinterleaveJS<L extends Record<string, FieldLayout>>(
  bytes: Uint8Array,
  stride: number,
  count: number,
  layout: L,
): DeinterleavedArrays<L> {
  checkLayout(bytes, stride, count, layout);
  const fields = Object.entries(layout);
  const out: Record<string, ArrayBufferView> = {};
  if (LITTLE_ENDIAN && count > 0 && stride % 4 === 0 && fields.every(([, f]) => f.offset % SIZES[f.type] === 0)) {
    // A copy, not `slice()`: a Node Buffer's slice is a view at the same unaligned offset.
    const records = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes.subarray(0, count * stride));
    const words = new Uint32Array(records.buffer, records.byteOffset, (count * stride) / 4);
    const halves = new Uint16Array(records.buffer, records.byteOffset, (count * stride) / 2);
    const columns = fields.map(([name, f]) => {
      const a = new CTORS[f.type](count * f.components);
      out[name] = a;
      const size = SIZES[f.type];
      return { size, offset: f.offset / size, components: f.components, words: size === 4 ? new Uint32Array(a.buffer) : undefined, halves: size === 2 ? new Uint16Array(a.buffer) : undefined, bytes: size === 1 ? (a as Uint8Array) : undefined };
    });
    // Field by field over blocks of records that stay in cache: one pass over the input, not one per field.
    for (let first = 0; first < count; first += BLOCK_RECORDS) {
      const end = Math.min(count, first + BLOCK_RECORDS);
      for (const c of columns) {
        if (c.words) copyWords(words, stride / 4, c.offset, c.components, first, end, c.words);
        else if (c.halves) copyHalves(halves, stride / 2, c.offset, c.components, first, end, c.halves);
        else copyBytes(records, stride, c.offset, c.components, first, end, c.bytes!);
      }
    }
    return out as DeinterleavedArrays<L>;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [name, f] of fields) {
    const n = count * f.components;
    const a = new CTORS[f.type](n);
    const size = SIZES[f.type];
    if (f.type === 'u8') copyBytes(bytes, stride, f.offset, f.components, 0, count, a as Uint8Array);
    else {
      // Unaligned records (MS3D's 15 bytes): one DataView read per value, bits kept for 32-bit fields.
      const words = size === 4 ? new Uint32Array(a.buffer) : (a as Uint16Array | Int16Array);
      for (let i = 0, o = 0; i < count; i++) {
        for (let c = 0, p = i * stride + f.offset; c < f.components; c++, p += size) words[o++] = size === 4 ? view.getUint32(p, true) : view.getUint16(p, true);
      }
    }
    out[name] = a;
  }
  return out as DeinterleavedArrays<L>;
}

/** Typed views read in the host's byte order; the files are little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Records per block: 512 MDL records are 48 KiB. */
const BLOCK_RECORDS = 512;

/** One loop per element type, so each stays monomorphic. `components` 32-bit units at `offset` of records [first, end) of `stride` units into `out`, packed. */
function copyWords(src: Uint32Array, stride: number, offset: number, components: number, first: number, end: number, out: Uint32Array): void {
  let p = first * stride + offset, o = first * components;
  if (components === 3) {
    for (let i = first; i < end; i++, p += stride, o += 3) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
    }
  } else if (components === 4) {
    for (let i = first; i < end; i++, p += stride, o += 4) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
      out[o + 3] = src[p + 3];
    }
  } else if (components === 2) {
    for (let i = first; i < end; i++, p += stride, o += 2) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
    }
  } else if (components === 1) {
    for (let i = first; i < end; i++, p += stride) out[o++] = src[p];
  } else {
    for (let i = first; i < end; i++, p += stride) for (let c = 0; c < components; c++) out[o++] = src[p + c];
  }
}

/** {@link copyWords} for 16-bit units. */
function copyHalves(src: Uint16Array, stride: number, offset: number, components: number, first: number, end: number, out: Uint16Array): void {
  let p = first * stride + offset, o = first * components;
  if (components === 3) {
    for (let i = first; i < end; i++, p += stride, o += 3) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
    }
  } else if (components === 4) {
    for (let i = first; i < end; i++, p += stride, o += 4) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
      out[o + 3] = src[p + 3];
    }
  } else if (components === 2) {
    for (let i = first; i < end; i++, p += stride, o += 2) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
    }
  } else if (components === 1) {
    for (let i = first; i < end; i++, p += stride) out[o++] = src[p];
  } else {
    for (let i = first; i < end; i++, p += stride) for (let c = 0; c < components; c++) out[o++] = src[p + c];
  }
}

/** {@link copyWords} for bytes. */
function copyBytes(src: Uint8Array, stride: number, offset: number, components: number, first: number, end: number, out: Uint8Array): void {
  let p = first * stride + offset, o = first * components;
  if (components === 3) {
    for (let i = first; i < end; i++, p += stride, o += 3) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
    }
  } else if (components === 4) {
    for (let i = first; i < end; i++, p += stride, o += 4) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
      out[o + 2] = src[p + 2];
      out[o + 3] = src[p + 3];
    }
  } else if (components === 2) {
    for (let i = first; i < end; i++, p += stride, o += 2) {
      out[o] = src[p];
      out[o + 1] = src[p + 1];
    }
  } else if (components === 1) {
    for (let i = first; i < end; i++, p += stride) out[o++] = src[p];
  } else {
    for (let i = first; i < end; i++, p += stride) for (let c = 0; c < components; c++) out[o++] = src[p + c];
  }
}
