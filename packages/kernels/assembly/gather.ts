// f32 fields of records picked by a list of record numbers (a block's vertices in a shared vertex
// buffer), one component optionally negated (a Z mirror), non-finite values written as 0 and
// counted: the gather, mirror and scrub of a parse in one pass over records read in place.

/** Records per block: the block's record numbers are checked, then every field is copied while they are in cache. */
const BLOCK: u32 = 512;

/**
 * `table` holds 4 u32 per field: byte offset in the record, components (1–4), the component
 * written as 0 − x (4 or more: none), destination address (packed f32, 16 bytes of slack after).
 * Returns the number of non-finite values written as 0, or 0xffffffff when a record number in
 * `source` is at or past `recordCount` (nothing read past the records).
 */
export function gatherRecordFloats(records: usize, recordCount: u32, stride: u32, source: usize, count: u32, table: usize, fieldCount: u32): u32 {
  let bad: u32 = 0;
  for (let first: u32 = 0; first < count; first += BLOCK) {
    const n = min(BLOCK, count - first);
    for (let i: u32 = 0; i < n; i++) if (load<u32>(source + ((<usize>(first + i)) << 2)) >= recordCount) return 0xffffffff;
    for (let f: u32 = 0; f < fieldCount; f++) {
      const entry = table + (<usize>f << 4);
      const offset = load<u32>(entry);
      const components = load<u32>(entry, 4);
      const negate = load<u32>(entry, 8);
      const dst = <usize>load<u32>(entry, 12) + ((<usize>first * components) << 2);
      bad += ASC_FEATURE_SIMD
        ? fieldSimd(records + offset, stride, source + (<usize>first << 2), n, components, negate, dst)
        : fieldScalar(records + offset, stride, source + (<usize>first << 2), n, components, negate, dst);
    }
  }
  return bad;
}

/**
 * Four lanes per record (reads up to 16 bytes from the field: the JS side gives every region 16
 * bytes of slack), stored whole: the lanes past `components` land in the next record's slot (or the
 * slack) and are overwritten. `0 − x`, not a sign flip, as the TypeScript twin writes it (0 stays +0).
 */
// @ts-ignore: decorator
@inline function fieldSimd(src: usize, stride: u32, source: usize, n: u32, components: u32, negate: u32, dst: usize): u32 {
  const zero = f32x4.splat(0);
  let neg = i32x4.splat(0);
  if (negate == 0) neg = i32x4.replace_lane(neg, 0, -1);
  else if (negate == 1) neg = i32x4.replace_lane(neg, 1, -1);
  else if (negate == 2) neg = i32x4.replace_lane(neg, 2, -1);
  else if (negate == 3) neg = i32x4.replace_lane(neg, 3, -1);
  const lanes: i32 = (1 << components) - 1;
  const step = <usize>components << 2;
  let bad: i32 = 0;
  let d = dst;
  for (let i: u32 = 0; i < n; i++) {
    const v = v128.load(src + <usize>load<u32>(source + (<usize>i << 2)) * stride);
    const m = v128.bitselect(f32x4.sub(zero, v), v, neg);
    // x − x is 0 exactly for finite x; NaN for NaN and ±infinity.
    const ok = f32x4.eq(f32x4.sub(m, m), zero);
    v128.store(d, v128.and(m, ok));
    bad += popcnt(~i32x4.bitmask(ok) & lanes);
    d += step;
  }
  return <u32>bad;
}

// @ts-ignore: decorator
@inline function fieldScalar(src: usize, stride: u32, source: usize, n: u32, components: u32, negate: u32, dst: usize): u32 {
  let bad: u32 = 0;
  let d = dst;
  for (let i: u32 = 0; i < n; i++) {
    const s = src + <usize>load<u32>(source + (<usize>i << 2)) * stride;
    for (let c: u32 = 0; c < components; c++) {
      let x = load<f32>(s + (<usize>c << 2));
      if (c == negate) x = <f32>0 - x;
      if (x - x != 0) {
        x = 0;
        bad++;
      }
      store<f32>(d + (<usize>c << 2), x);
    }
    d += <usize>components << 2;
  }
  return bad;
}
