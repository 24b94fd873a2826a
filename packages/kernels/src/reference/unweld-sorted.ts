import type { UnweldResult } from './unweld.js';

// unweld's result by sorting, for keys crafted against its hash (issue 25): a bound of
// O(n log n) comparisons whatever the keys. Our own merge sort, not `TypedArray.prototype.sort`:
// the language sets no bound on the built-in's comparisons, and the WASM twin sorts the same way.

/** Corners per run sorted by insertion before the merge passes. */
const RUN = 16;

/**
 * `unweld`'s result (vertices numbered by first corner) computed by sorting the corners by key,
 * ties by corner: each run of equal keys is led by its first corner, then the corners are
 * numbered in order. TypeScript reference of the sort path of the WASM `unweld`.
 */
export function unweldSortedJS(keys: Uint32Array, keyWidth: number, cornerCount: number): UnweldResult {
  const order = sortCorners(keys, keyWidth, cornerCount);
  const indices = new Uint32Array(cornerCount);
  const firstCorner = new Uint32Array(cornerCount);
  // First each corner's leading corner, then (leaders coming before the corners they lead) its vertex.
  for (let i = 0, lead = 0; i < cornerCount; i++) {
    const c = order[i];
    if (i === 0 || !sameKey(keys, keyWidth, order[i - 1], c)) lead = c;
    indices[c] = lead;
  }
  let vertexCount = 0;
  for (let c = 0; c < cornerCount; c++) {
    const lead = indices[c];
    if (lead === c) {
      firstCorner[vertexCount] = c;
      indices[c] = vertexCount++;
    } else indices[c] = indices[lead];
  }
  return { indices, firstCorner: firstCorner.slice(0, vertexCount), vertexCount };
}

/** Corners 0…n−1 by key (words compared as unsigned), ties by corner: bottom-up merge sort. */
function sortCorners(keys: Uint32Array, w: number, n: number): Uint32Array {
  let src = new Uint32Array(n);
  let dst = new Uint32Array(n);
  for (let s = 0; s < n; s += RUN) {
    const e = Math.min(n, s + RUN);
    for (let i = s; i < e; i++) {
      let j = i;
      while (j > s && before(keys, w, i, src[j - 1])) {
        src[j] = src[j - 1];
        j--;
      }
      src[j] = i;
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n), hi = Math.min(lo + 2 * width, n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) dst[o++] = before(keys, w, src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/** Whether corner a sorts before corner b: its key is smaller, or equal and a < b. */
function before(keys: Uint32Array, w: number, a: number, b: number): boolean {
  for (let x = a * w, y = b * w, e = x + w; x < e; x++, y++) {
    if (keys[x] !== keys[y]) return keys[x] < keys[y];
  }
  return a < b;
}

function sameKey(keys: Uint32Array, w: number, a: number, b: number): boolean {
  for (let x = a * w, y = b * w, e = x + w; x < e; x++, y++) if (keys[x] !== keys[y]) return false;
  return true;
}
