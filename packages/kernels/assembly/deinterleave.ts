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
