// unweld's result by sorting (the TypeScript reference's unweld-sorted.ts, step for step): the
// path `unweld` takes when crafted keys spend its probe budget; O(n log n) whatever the keys.

/** Corners per run sorted by insertion before the merge passes. */
const RUN: u32 = 16;

/**
 * Numbers `cornerCount` corners by first corner of equal keys, by sorting: `order` and `scratch`
 * hold `cornerCount` u32 each (unweld's spent table). Writes `indices` and `firstCorner`; returns
 * the vertex count.
 */
export function unweldSorted(keys: usize, keyWidth: u32, cornerCount: u32, order: usize, scratch: usize, indices: usize, firstCorner: usize): u32 {
  const rowBytes = <usize>keyWidth << 2;
  const sorted = sortCorners(keys, rowBytes, cornerCount, order, scratch);
  // First each corner's leading corner, then (leaders coming before the corners they lead) its vertex.
  let lead: u32 = 0;
  for (let i: u32 = 0; i < cornerCount; i++) {
    const c = load<u32>(sorted + (<usize>i << 2));
    if (i == 0 || !sameKey(keys, rowBytes, load<u32>(sorted + (<usize>(i - 1) << 2)), c)) lead = c;
    store<u32>(indices + (<usize>c << 2), lead);
  }
  let vertexCount: u32 = 0;
  for (let c: u32 = 0; c < cornerCount; c++) {
    const l = load<u32>(indices + (<usize>c << 2));
    if (l == c) {
      store<u32>(firstCorner + (<usize>vertexCount << 2), c);
      store<u32>(indices + (<usize>c << 2), vertexCount++);
    } else store<u32>(indices + (<usize>c << 2), load<u32>(indices + (<usize>l << 2)));
  }
  return vertexCount;
}

/** Corners 0…n−1 by key (unsigned words), ties by corner: bottom-up merge sort; returns `order` or `scratch`, whichever holds the result. */
function sortCorners(keys: usize, rowBytes: usize, n: u32, order: usize, scratch: usize): usize {
  let src = order;
  let dst = scratch;
  for (let s: u32 = 0; s < n; s += RUN) {
    const e = min(n, s + RUN);
    for (let i = s; i < e; i++) {
      let j = i;
      while (j > s && before(keys, rowBytes, i, load<u32>(src + (<usize>(j - 1) << 2)))) {
        store<u32>(src + (<usize>j << 2), load<u32>(src + (<usize>(j - 1) << 2)));
        j--;
      }
      store<u32>(src + (<usize>j << 2), i);
    }
  }
  for (let width = RUN; width < n; width <<= 1) {
    for (let lo: u32 = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        const a = load<u32>(src + (<usize>i << 2));
        const b = load<u32>(src + (<usize>j << 2));
        if (before(keys, rowBytes, b, a)) {
          store<u32>(dst + (<usize>o << 2), b);
          j++;
        } else {
          store<u32>(dst + (<usize>o << 2), a);
          i++;
        }
        o++;
      }
      if (i < mid) memory.copy(dst + (<usize>o << 2), src + (<usize>i << 2), <usize>(mid - i) << 2);
      else if (j < hi) memory.copy(dst + (<usize>o << 2), src + (<usize>j << 2), <usize>(hi - j) << 2);
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/** Whether corner a sorts before corner b: its key is smaller, or equal and a < b. */
@inline function before(keys: usize, rowBytes: usize, a: u32, b: u32): bool {
  const x = keys + <usize>a * rowBytes;
  const y = keys + <usize>b * rowBytes;
  for (let k: usize = 0; k < rowBytes; k += 4) {
    const p = load<u32>(x + k);
    const q = load<u32>(y + k);
    if (p != q) return p < q;
  }
  return a < b;
}

@inline function sameKey(keys: usize, rowBytes: usize, a: u32, b: u32): bool {
  const x = keys + <usize>a * rowBytes;
  const y = keys + <usize>b * rowBytes;
  for (let k: usize = 0; k < rowBytes; k += 4) if (load<u32>(x + k) != load<u32>(y + k)) return false;
  return true;
}
