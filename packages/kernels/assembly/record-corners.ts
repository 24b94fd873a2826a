// Corners read in place from records (MS3D triangles) and unwelded in one call: the keys are built
// in module memory and `unweldByVertex` reads them there, so nothing crosses back to JS between.

/**
 * For each of `rowCount` u16 record numbers at `rows`: corner k's u16 primary index at
 * `record + primaryOffset + 2k` into `primary`, and its `keyWidth` u32 key words at the record
 * offsets `table[k × keyWidth + j]` into `keys`. Returns -1, or the first corner whose primary
 * index is not below `primaryCount` (nothing after it is written).
 */
export function recordCornerKeys(
  records: usize, stride: u32, rows: usize, rowCount: u32, cornersPerRecord: u32, primaryOffset: u32,
  table: usize, keyWidth: u32, primaryCount: u32, primary: usize, keys: usize,
): i32 {
  let c: u32 = 0;
  let out = keys;
  for (let i: u32 = 0; i < rowCount; i++) {
    const record = records + <usize>load<u16>(rows + (<usize>i << 1)) * stride;
    let t = table;
    for (let k: u32 = 0; k < cornersPerRecord; k++, c++) {
      const p = <u32>load<u16>(record + primaryOffset + (k << 1));
      if (p >= primaryCount) return <i32>c;
      store<u32>(primary + (<usize>c << 2), p);
      for (let j: u32 = 0; j < keyWidth; j++) {
        store<u32>(out, load<u32>(record + load<u32>(t)));
        out += 4;
        t += 4;
      }
    }
  }
  return -1;
}
