// Multi-index unwelding with an open-addressing hash table (same hash as the TypeScript reference,
// so both assign vertices in the same first-seen order), and a probe budget past which the caller
// runs `unweldSorted` (same result, O(n log n)): keys crafted to share a hash would make probing O(n²).
// A separate export, so the sort is not inlined into this loop.

/**
 * `table` holds `mask + 1` ≥ 2 × `cornerCount` i32 slots (filled with -1 here). Writes the new vertex
 * per corner to `indices` and the first corner of each new vertex to `firstCorner`; returns the vertex
 * count, or -1 once `budget` probe steps past different keys are spent.
 */
export function unweld(keys: usize, keyWidth: u32, cornerCount: u32, table: usize, mask: u32, indices: usize, firstCorner: usize, budget: i32): i32 {
  memory.fill(table, 0xff, (<usize>mask + 1) << 2);
  let vertexCount: i32 = 0;
  const rowBytes = <usize>keyWidth << 2;
  for (let c: u32 = 0; c < cornerCount; c++) {
    const base = keys + <usize>c * rowBytes;
    let h: u32 = 0x811c9dc5;
    for (let k: usize = 0; k < rowBytes; k += 4) {
      h = (h ^ load<u32>(base + k)) * 0x01000193;
      h ^= h >>> 15;
    }
    let slot = h & mask;
    while (true) {
      const v = load<i32>(table + (<usize>slot << 2));
      if (v < 0) {
        store<i32>(table + (<usize>slot << 2), vertexCount);
        store<u32>(firstCorner + (<usize>vertexCount << 2), c);
        store<u32>(indices + (<usize>c << 2), vertexCount);
        vertexCount++;
        break;
      }
      const other = keys + <usize>load<u32>(firstCorner + (<usize>v << 2)) * rowBytes;
      let same = true;
      for (let k: usize = 0; k < rowBytes; k += 4) {
        if (load<u32>(other + k) != load<u32>(base + k)) {
          same = false;
          break;
        }
      }
      if (same) {
        store<u32>(indices + (<usize>c << 2), v);
        break;
      }
      if (--budget < 0) return -1;
      slot = (slot + 1) & mask;
    }
  }
  return vertexCount;
}
