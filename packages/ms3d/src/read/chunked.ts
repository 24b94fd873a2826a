import { deinterleave, type DeinterleavedArrays, type DeinterleaveOptions, type FieldLayout } from '@relic3d/kernels';

const TYPED = { f32: Float32Array, u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, i32: Int32Array };
/** Records per kernel call: bounds the kernel memory a call needs (input and output). */
const CHUNK_RECORDS = 4096;

/**
 * `deinterleave` in slices of CHUNK_RECORDS records, copied into arrays of the whole size: the
 * same arrays, but the WASM kernel's memory (which never shrinks) holds one slice at a time
 * instead of the whole section twice.
 */
export function deinterleaveChunked<L extends Record<string, FieldLayout>>(
  records: Uint8Array,
  stride: number,
  count: number,
  layout: L,
  options: DeinterleaveOptions,
): DeinterleavedArrays<L> {
  if (count <= CHUNK_RECORDS) return deinterleave(records, stride, count, layout, options);
  const out: Record<string, Float32Array | Uint8Array | Uint16Array | Int16Array | Uint32Array | Int32Array> = {};
  for (const name of Object.keys(layout)) out[name] = new TYPED[layout[name].type](count * layout[name].components);
  for (let start = 0; start < count; start += CHUNK_RECORDS) {
    const n = Math.min(CHUNK_RECORDS, count - start);
    const part = deinterleave(records.subarray(start * stride, (start + n) * stride), stride, n, layout, options);
    for (const name of Object.keys(layout)) out[name].set(part[name], start * layout[name].components);
  }
  return out as DeinterleavedArrays<L>;
}
