// Equal rows of a large key array found by partitioning, numbered by first use: the kernels'
// `unweld` result (the numbering is fixed by the rows, not by the method), without its hash
// table's cache misses. unweld probes a table of twice the rows at random: on the bench's static
// LOD (504,100 distinct positions) that was a memory stall per row and 55% of the write's profile.
// Here every pass is sequential or stays in a table that fits the cache; lists that repeat rows
// often, and small ones, stay on unweld, which is faster there (bench/src/lod-write-weld.ts).

export interface DistinctRows {
  /** Each row's number among the distinct rows. */
  index: Uint32Array;
  /** The first row of each distinct row. */
  first: Uint32Array;
  count: number;
  /** Every row was distinct: index[r] = first[r] = r. */
  identity: boolean;
}

/** Below this many rows unweld's table fits the cache and its one pass wins. */
export const PARTITION_MIN_ROWS = 1 << 18;
/** Rows per part the partitioning aims at: a part's table (2 slots per row) stays in L1. */
const ROWS_PER_PART = 512;
const MAX_PART_BITS = 12;
/** Rows of the start looked at, and the share of repeats past which unweld is used. */
const SAMPLE_ROWS = 4096;
const MAX_REPEAT_SHARE = 1 / 16;

/**
 * A row's hash: each word times its column's odd constant, the products xor-ed, then mixed. The
 * products do not wait on each other as a chained hash's steps do (unweld's FNV chain was 7.2 ms
 * against 4.1 for 504,100 three-word rows, `bench/src/lod-write-weld.ts`); any hash gives the same
 * numbering, by first use. Widths 2 and 3 (UVs, positions) are written out in `hashRows`.
 */
export const columnFactor = (k: number): number => (0x9e3779b1 + Math.imul(k, 0x7f4a7c16)) | 1;
const F0 = columnFactor(0), F1 = columnFactor(1), F2 = columnFactor(2);
/** The mixing of the xor-ed products: the top bits pick a part, the low bits a slot. */
export const mixHash = (h: number): number => {
  const m = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return m ^ (m >>> 12);
};
export function rowHash(keys: Uint32Array, at: number, width: number): number {
  let h = 0;
  for (let k = 0; k < width; k++) h ^= Math.imul(word(keys[at + k]), columnFactor(k));
  return mixHash(h);
}

/**
 * A key word as the weld compares it: the bits of −0 (0x80000000) as those of 0, so float rows that
 * differ only in the sign of a zero are one row, as after `cleanFloats`. Rows in the scene's space
 * (scene-space.ts) are welded uncleaned; no other key word has those bits (bone ids are 16-bit).
 */
export const word = (w: number): number => ((w << 1) === 0 ? 0 : w | 0);

const sameRow = (keys: Uint32Array, width: number, a: number, b: number): boolean => {
  for (let k = 0, x = a * width, y = b * width; k < width; k++) if (word(keys[x + k]) !== word(keys[y + k])) return false;
  return true;
};

function hashRows(keys: Uint32Array, width: number, rows: number, hashes: Int32Array, starts: Uint32Array, shift: number): void {
  const part = shift === 32 ? 0 : -1; // one part: every row in part 0 (a shift of 32 is a shift of 0)
  if (width === 3) {
    for (let r = 0, at = 0; r < rows; r++, at += 3) {
      const h = mixHash(Math.imul(word(keys[at]), F0) ^ Math.imul(word(keys[at + 1]), F1) ^ Math.imul(word(keys[at + 2]), F2));
      hashes[r] = h;
      starts[(part & (h >>> shift)) + 1]++;
    }
  } else if (width === 2) {
    for (let r = 0, at = 0; r < rows; r++, at += 2) {
      const h = mixHash(Math.imul(word(keys[at]), F0) ^ Math.imul(word(keys[at + 1]), F1));
      hashes[r] = h;
      starts[(part & (h >>> shift)) + 1]++;
    }
  } else {
    for (let r = 0, at = 0; r < rows; r++, at += width) {
      const h = rowHash(keys, at, width);
      hashes[r] = h;
      starts[(part & (h >>> shift)) + 1]++;
    }
  }
}

/** Whether the list's first rows repeat often (normals of flat faces): then unweld's one pass is faster. */
export function repeatsOften(keys: Uint32Array, width: number, rows: number): boolean {
  const n = Math.min(rows, SAMPLE_ROWS);
  const table = new Int32Array(SAMPLE_ROWS * 2).fill(-1);
  const mask = table.length - 1;
  let repeats = 0;
  for (let r = 0; r < n; r++) {
    const h = rowHash(keys, r * width, width);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const o = table[slot];
      if (o < 0) {
        table[slot] = r;
        break;
      }
      if (sameRow(keys, width, o, r)) {
        repeats++;
        break;
      }
    }
  }
  return repeats > n * MAX_REPEAT_SHARE;
}

/** Probe steps past a row's home slot allowed per row (plus a constant): the rows' hashes can be crafted to cluster. */
const PROBES_PER_ROW = 8;

/**
 * Rows whose hash an earlier row of their part has, as (row, that earlier row) pairs: hashes only,
 * so no row's words are read (a part's rows lie all over the key array). Undefined past `most`
 * pairs, or past a probe budget linear in the rows: hashes crafted to fill one run of slots would
 * make the probing O(k²), and unweld (bounded by its own budget) takes such a list.
 */
function sameHashPairs(starts: Uint32Array, rowOf: Uint32Array, hashOf: Int32Array, table: Int32Array, most: number): [number, number][] | undefined {
  const pairs: [number, number][] = [];
  let probes = PROBES_PER_ROW * rowOf.length + 1024;
  for (let p = 0; p + 1 < starts.length; p++) {
    const from = starts[p], to = starts[p + 1];
    if (to - from < 2) continue;
    let size = 16;
    while (size < (to - from) * 2) size <<= 1;
    const mask = size - 1;
    table.fill(-1, 0, size);
    for (let i = from; i < to; i++) {
      const h = hashOf[i];
      let slot = h & mask;
      let o = table[slot];
      while (o >= 0 && hashOf[o] !== h) {
        if (--probes < 0) return undefined;
        o = table[(slot = (slot + 1) & mask)];
      }
      if (o < 0) table[slot] = i;
      else if (pairs.push([rowOf[i], rowOf[o]]) > most) return undefined;
    }
  }
  return pairs;
}

/**
 * The distinct rows of `rows` rows of `width` words, numbered by first use, or undefined when more
 * than 1 in 16 rows share a hash (then unweld is faster). Rows are hashed once, spread into parts by
 * the hash's top bits (a counting sort that keeps row order), and rows of equal hash paired in each
 * part's small table; only those few pairs have their words compared (a 32-bit hash pairs ~n²/2³³
 * distinct rows too). With no equal rows (the common case for positions and UVs) the numbering is
 * the identity; else one pass in row order numbers them.
 */
export function distinctRows(keys: Uint32Array, width: number, rows: number): DistinctRows | undefined {
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
  const pairs = sameHashPairs(starts, rowOf, hashOf, new Int32Array(size), Math.floor(rows * MAX_REPEAT_SHARE));
  if (!pairs) return undefined;
  // In row order, each paired row against the first row of its hash and the other distinct rows of that hash so far.
  pairs.sort((a, b) => a[0] - b[0]);
  const others = new Map<number, number[]>();
  const repeats: [row: number, of: number][] = [];
  // Distinct rows that share a hash are compared one by one: a crafted list of many would cost
  // O(k²), so past a budget linear in the rows the list goes to unweld.
  let compares = rows;
  for (const [row, earliest] of pairs) {
    const seen = others.get(earliest);
    let of: number | undefined = sameRow(keys, width, earliest, row) ? earliest : undefined;
    if (of === undefined && seen) {
      if ((compares -= seen.length) < 0) return undefined;
      of = seen.find((o) => sameRow(keys, width, o, row));
    }
    if (of !== undefined) repeats.push([row, of]);
    else if (seen) seen.push(row);
    else others.set(earliest, [row]);
  }
  // The numbering goes into the hash and row arrays, no longer read: two fewer arrays of a word per row.
  const index = new Uint32Array(hashes.buffer, 0, rows);
  if (!repeats.length) {
    const first = rowOf;
    for (let r = 0; r < rows; r++) index[r] = first[r] = r;
    return { index, first, count: rows, identity: true };
  }
  const first = rowOf.subarray(0, rows - repeats.length);
  let count = 0;
  for (let r = 0, next = 0; r < rows; r++) {
    if (next < repeats.length && repeats[next][0] === r) index[r] = index[repeats[next++][1]];
    else {
      first[count] = r;
      index[r] = count++;
    }
  }
  return { index, first, count, identity: false };
}
