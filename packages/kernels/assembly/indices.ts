// Index widening (u8/u16 → u32) with the largest index found, so the JS side can bounds-check in
// the same pass.

/** Widens `count` u16 indices at `src` to u32 at `dst`; returns the largest index (0 when empty). */
export function widenU16(src: usize, count: u32, dst: usize): u32 {
  let i: u32 = 0;
  let top: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let vmax = i32x4.splat(0);
    for (; i + 8 <= count; i += 8) {
      const lo = v128.load16x4_u(src + (<usize>i << 1));
      const hi = v128.load16x4_u(src + (<usize>i << 1) + 8);
      v128.store(dst + (<usize>i << 2), lo);
      v128.store(dst + (<usize>i << 2) + 16, hi);
      vmax = i32x4.max_u(vmax, i32x4.max_u(lo, hi));
    }
    top = max(max(i32x4.extract_lane(vmax, 0), i32x4.extract_lane(vmax, 1)), max(i32x4.extract_lane(vmax, 2), i32x4.extract_lane(vmax, 3)));
  }
  for (; i < count; i++) {
    const v = <u32>load<u16>(src + (<usize>i << 1));
    store<u32>(dst + (<usize>i << 2), v);
    if (v > top) top = v;
  }
  return top;
}

/** Widens `count` u8 indices at `src` to u32 at `dst`; returns the largest index. */
export function widenU8(src: usize, count: u32, dst: usize): u32 {
  let i: u32 = 0;
  let top: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let vmax = i32x4.splat(0);
    for (; i + 8 <= count; i += 8) {
      const h = v128.load8x8_u(src + <usize>i);
      const lo = i32x4.extend_low_i16x8_u(h);
      const hi = i32x4.extend_high_i16x8_u(h);
      v128.store(dst + (<usize>i << 2), lo);
      v128.store(dst + (<usize>i << 2) + 16, hi);
      vmax = i32x4.max_u(vmax, i32x4.max_u(lo, hi));
    }
    top = max(max(i32x4.extract_lane(vmax, 0), i32x4.extract_lane(vmax, 1)), max(i32x4.extract_lane(vmax, 2), i32x4.extract_lane(vmax, 3)));
  }
  for (; i < count; i++) {
    const v = <u32>load<u8>(src + <usize>i);
    store<u32>(dst + (<usize>i << 2), v);
    if (v > top) top = v;
  }
  return top;
}
