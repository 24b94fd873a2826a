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

/** TypeScript reference: splits fixed-stride records into one packed array per field. */
export function deinterleaveJS<L extends Record<string, FieldLayout>>(
  bytes: Uint8Array,
  stride: number,
  count: number,
  layout: L,
): DeinterleavedArrays<L> {
  checkLayout(bytes, stride, count, layout);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Record<string, ArrayBufferView> = {};
  for (const [name, f] of Object.entries(layout)) {
    const n = count * f.components;
    const size = SIZES[f.type];
    switch (f.type) {
      case 'f32': {
        const a = new Float32Array(n);
        for (let i = 0, o = 0; i < count; i++) for (let c = 0, p = i * stride + f.offset; c < f.components; c++, p += 4) a[o++] = view.getFloat32(p, true);
        out[name] = a;
        break;
      }
      case 'u8': {
        const a = new Uint8Array(n);
        for (let i = 0, o = 0; i < count; i++) for (let c = 0, p = i * stride + f.offset; c < f.components; c++, p++) a[o++] = bytes[p];
        out[name] = a;
        break;
      }
      default: {
        const a = new CTORS[f.type](n);
        const get =
          f.type === 'u16' ? (p: number) => view.getUint16(p, true)
          : f.type === 'i16' ? (p: number) => view.getInt16(p, true)
          : f.type === 'u32' ? (p: number) => view.getUint32(p, true)
          : (p: number) => view.getInt32(p, true);
        for (let i = 0, o = 0; i < count; i++) for (let c = 0, p = i * stride + f.offset; c < f.components; c++, p += size) a[o++] = get(p);
        out[name] = a;
      }
    }
  }
  return out as DeinterleavedArrays<L>;
}
