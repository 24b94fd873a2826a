/**
 * Copies `components` f32 values at `fieldOffset` of each of `count` records of `stride` bytes into
 * a tightly packed f32 array. Loads are unaligned-safe. The SIMD build moves 4 floats at a time and
 * may write up to 12 bytes past the last element (the JS side pads outputs by 16 bytes).
 */
export function deinterleaveF32(src: usize, count: u32, stride: u32, fieldOffset: u32, components: u32, dst: usize): void {
  let s = src + fieldOffset;
  let d = dst;
  const bytes = components << 2;
  if (ASC_FEATURE_SIMD && components >= 3 && components <= 4) {
    for (let i: u32 = 0; i < count; i++) {
      v128.store(d, v128.load(s));
      s += stride;
      d += bytes;
    }
    return;
  }
  for (let i: u32 = 0; i < count; i++) {
    for (let c: u32 = 0; c < components; c++) {
      store<f32>(d + (c << 2), load<f32>(s + (c << 2)));
    }
    s += stride;
    d += bytes;
  }
}

/** Like deinterleaveF32 for u8 components, widened to u8 (copied) output. */
export function deinterleaveU8(src: usize, count: u32, stride: u32, fieldOffset: u32, components: u32, dst: usize): void {
  let s = src + fieldOffset;
  let d = dst;
  for (let i: u32 = 0; i < count; i++) {
    for (let c: u32 = 0; c < components; c++) store<u8>(d + c, load<u8>(s + c));
    s += stride;
    d += components;
  }
}

/** u16 components. */
export function deinterleaveU16(src: usize, count: u32, stride: u32, fieldOffset: u32, components: u32, dst: usize): void {
  let s = src + fieldOffset;
  let d = dst;
  const bytes = components << 1;
  for (let i: u32 = 0; i < count; i++) {
    for (let c: u32 = 0; c < components; c++) store<u16>(d + (c << 1), load<u16>(s + (c << 1)));
    s += stride;
    d += bytes;
  }
}

/** u32 / i32 components (bit copy). */
export function deinterleaveU32(src: usize, count: u32, stride: u32, fieldOffset: u32, components: u32, dst: usize): void {
  let s = src + fieldOffset;
  let d = dst;
  const bytes = components << 2;
  for (let i: u32 = 0; i < count; i++) {
    for (let c: u32 = 0; c < components; c++) store<u32>(d + (c << 2), load<u32>(s + (c << 2)));
    s += stride;
    d += bytes;
  }
}

/** Records per block of {@link deinterleaveFields}: 512 MDL records are 48 KiB, in cache while every field is copied. */
const BLOCK_RECORDS: u32 = 512;

/**
 * Every field of a layout in one pass over the records: blocks of records, each copied field by
 * field while it is in cache (a pass per field over the whole input streams it from memory as many
 * times). `table` holds 4 u32 per field: type (0 f32, 1 u8, 2 u16/i16, 3 u32/i32), byte offset,
 * components, destination address.
 */
export function deinterleaveFields(src: usize, count: u32, stride: u32, table: usize, fieldCount: u32): void {
  for (let first: u32 = 0; first < count; first += BLOCK_RECORDS) {
    const n = min(BLOCK_RECORDS, count - first);
    const block = src + <usize>first * stride;
    for (let f: u32 = 0; f < fieldCount; f++) {
      const entry = table + (<usize>f << 4);
      const type = load<u32>(entry);
      const offset = load<u32>(entry, 4);
      const components = load<u32>(entry, 8);
      const dst = <usize>load<u32>(entry, 12);
      if (type == 1) deinterleaveU8(block, n, stride, offset, components, dst + <usize>first * components);
      else if (type == 2) deinterleaveU16(block, n, stride, offset, components, dst + ((<usize>first * components) << 1));
      else if (type == 3) deinterleaveU32(block, n, stride, offset, components, dst + ((<usize>first * components) << 2));
      else deinterleaveF32(block, n, stride, offset, components, dst + ((<usize>first * components) << 2));
    }
  }
}
