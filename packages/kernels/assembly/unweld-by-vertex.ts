// Unwelding keyed on a dense primary index plus extra key words, with per-primary chains instead of
// a hash table (same numbering as the TypeScript reference: vertices in order of first occurrence).

/**
 * `head` holds `primaryCount` i32 (filled with -1 here), `next`, `indices` and `firstCorner` hold
 * `cornerCount` words. Returns the vertex count, -1 when more than `budget` chain steps were needed
 * (the caller falls back to the hash kernel), or -2 - c when corner c's primary index is out of range.
 */
export function unweldByVertex(
  primary: usize, primaryCount: u32, keys: usize, keyWidth: u32, cornerCount: u32,
  head: usize, next: usize, indices: usize, firstCorner: usize, budget: i32,
): i32 {
  memory.fill(head, 0xff, <usize>primaryCount << 2);
  const rowBytes = <usize>keyWidth << 2;
  let vertexCount: i32 = 0;
  if (keyWidth == 0) {
    // One vertex per primary index, numbered by first use: no chains.
    for (let c: u32 = 0; c < cornerCount; c++) {
      const p = load<u32>(primary + (<usize>c << 2));
      if (p >= primaryCount) return -2 - <i32>c;
      let v = load<i32>(head + (<usize>p << 2));
      if (v < 0) {
        v = vertexCount++;
        store<i32>(head + (<usize>p << 2), v);
        store<u32>(firstCorner + (<usize>v << 2), c);
      }
      store<u32>(indices + (<usize>c << 2), v);
    }
    return vertexCount;
  }
  for (let c: u32 = 0; c < cornerCount; c++) {
    const p = load<u32>(primary + (<usize>c << 2));
    if (p >= primaryCount) return -2 - <i32>c;
    const base = keys + <usize>c * rowBytes;
    let v = load<i32>(head + (<usize>p << 2));
    while (v >= 0) {
      const other = keys + <usize>load<u32>(firstCorner + (<usize>v << 2)) * rowBytes;
      let k: usize = 0;
      while (k < rowBytes && load<u32>(other + k) == load<u32>(base + k)) k += 4;
      if (k == rowBytes) break;
      if (--budget < 0) return -1;
      v = load<i32>(next + (<usize>v << 2));
    }
    if (v < 0) {
      v = vertexCount++;
      store<u32>(firstCorner + (<usize>v << 2), c);
      store<i32>(next + (<usize>v << 2), load<i32>(head + (<usize>p << 2)));
      store<i32>(head + (<usize>p << 2), v);
    }
    store<u32>(indices + (<usize>c << 2), v);
  }
  return vertexCount;
}
