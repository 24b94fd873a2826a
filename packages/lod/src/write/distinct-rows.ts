// Equal rows of a key array found by partitioning, numbered by first use: the kernels' `unweld`
// result (the numbering is fixed by the rows, not by the method), without its hash table's cache
// misses. unweld probes one table as large as twice the rows at random: on the bench's static LOD
// (504,100 distinct positions) that was a memory stall per row and 55% of the write's profile.
// Here every pass is sequential or stays in a table that fits the cache (bench/src/lod-write-weld.ts).

export interface DistinctRows {
  /** Each row's number among the distinct rows. */
  index: Uint32Array;
  /** The first row of each distinct row. */
  first: Uint32Array;
  count: number;
  /** Every row was distinct: index[r] = first[r] = r. */
  identity: boolean;
}

/** Rows per part the partitioning aims at: a part's table (2 slots per row) stays in L1. */
const ROWS_PER_PART = 512;
const MAX_PART_BITS = 12;

/** One step of the row hash: unweld's (FNV-1a with a shift), so rows spread as they do there. */
export const hashStep = (h: number, word: number): number => {
  const m = Math.imul(h ^ word, 0x01000193);
  return m ^ (m >>> 15);
};
export const HASH_SEED = 0x811c9dc5 | 0;

function hashRows(keys: Uint32Array, width: number, rows: number, hashes: Int32Array, starts: Uint32Array, shift: number): void {
  const whole = shift === 32;
  for (let r = 0, at = 0; r < rows; r++, at += width) {
    let h = HASH_SEED;
    for (let k = 0; k < width; k++) h = hashStep(h, keys[at + k]);
    hashes[r] = h;
    starts[whole ? 1 : (h >>> shift) + 1]++;
  }
}

/**
 * Within each part (rows in row order), each row's slot in `rows` becomes the first row equal to
 * it, in place. Returns how many rows equal an earlier one.
 */
function firstEqualInParts(keys: Uint32Array, width: number, starts: Uint32Array, rowOf: Uint32Array, hashOf: Int32Array, table: Int32Array): number {
  let repeats = 0;
  for (let p = 0; p + 1 < starts.length; p++) {
    const from = starts[p], to = starts[p + 1];
    if (to - from < 2) continue;
    let size = 16;
    while (size < (to - from) * 2) size <<= 1;
    const mask = size - 1;
    table.fill(-1, 0, size);
    for (let i = from; i < to; i++) {
      const h = hashOf[i];
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        const o = table[slot];
        if (o < 0) {
          table[slot] = i;
          break;
        }
        if (hashOf[o] !== h) continue;
        const a = rowOf[o] * width, b = rowOf[i] * width;
        let k = 0;
        while (k < width && keys[a + k] === keys[b + k]) k++;
        if (k === width) {
          rowOf[i] = rowOf[o];
          repeats++;
          break;
        }
      }
    }
  }
  return repeats;
}

/**
 * The distinct rows of `rows` rows of `width` words, numbered by first use. Rows are hashed once,
 * spread into parts by the hash's top bits (a counting sort that keeps row order), each part
 * deduplicated in a small table, and the parts walked again in row order to number the rows. When
 * every row is distinct (the common case for positions and UVs) the numbering is the identity.
 */
export function distinctRows(keys: Uint32Array, width: number, rows: number): DistinctRows {
  let bits = 0;
  while (bits < MAX_PART_BITS && rows >> bits > ROWS_PER_PART) bits++;
  const parts = 1 << bits;
  const shift = 32 - bits;
  const hashes = new Int32Array(rows);
  const starts = new Uint32Array(parts + 1);
  hashRows(keys, width, rows, hashes, starts, shift);
  let largest = 0;
  for (let p = 0; p < parts; p++) {
    largest = Math.max(largest, starts[p + 1]);
    starts[p + 1] += starts[p];
  }
  const cursor = starts.slice(0, parts);
  const rowOf = new Uint32Array(rows), hashOf = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const h = hashes[r];
    const i = cursor[bits ? h >>> shift : 0]++;
    rowOf[i] = r;
    hashOf[i] = h;
  }
  let size = 16;
  while (size < largest * 2) size <<= 1;
  const repeats = firstEqualInParts(keys, width, starts, rowOf, hashOf, new Int32Array(size));
  const index = new Uint32Array(rows);
  if (!repeats) {
    for (let r = 0; r < rows; r++) index[r] = r;
    return { index, first: index.slice(), count: rows, identity: true };
  }
  // The parts in row order again: each row meets its own slot, so no lookup by row.
  cursor.set(starts.subarray(0, parts));
  const first = new Uint32Array(rows - repeats);
  let count = 0;
  for (let r = 0; r < rows; r++) {
    const earliest = rowOf[cursor[bits ? hashes[r] >>> shift : 0]++];
    if (earliest === r) {
      first[count] = r;
      index[r] = count++;
    } else index[r] = index[earliest];
  }
  return { index, first, count, identity: false };
}
