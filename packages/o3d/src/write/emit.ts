/**
 * The numbering of one material block: its vertices in the order its corners first use them (what
 * the reader numbers them by). A block whose scene vertices already come in that order (what the
 * reader makes) is vertex k → written vertex first + k, with no table; another one records the scene
 * vertex of each written vertex. Nothing is copied here: bytes/spans.ts writes from the scene's arrays.
 */
import { keepMapAlive } from '@relic3d/core';
import type { Span } from './plan.js';
import type { Corners, Prepared } from './primitives.js';

/** Where a block starts in its object, and the object's shared scene-vertex order (made on first need). */
export interface BlockStart {
  /** First written vertex of the block. */
  first: number;
  /** First index of the block. */
  start: number;
  /** The object's written vertex → scene vertex array, for blocks out of first-use order. */
  order: () => Int32Array;
}

/**
 * The span of triangles `t` of `p`. `remaps` (per primitive, all -1 between blocks) is made only
 * for blocks out of first-use order.
 */
export function numberBlock(p: Prepared, t: Corners, remaps: Map<object, Int32Array>, at: BlockStart): Span {
  const { first, start } = at;
  // The whole primitive, which validTriangles found in first-use order: nothing to check.
  const inOrder = t === p.triangles && p.inOrder ? p.used : firstUseCount(t);
  // Both spans made with every field (slots set later, geometry.ts): one map, which a full GC does not drop.
  if (inOrder >= 0) return { source: p, triangles: t, first, start, count: inOrder, order: undefined, remap: undefined, slots: undefined };
  let remap = remaps.get(p);
  if (!remap) remaps.set(p, (remap = new Int32Array(p.positions.length / 3).fill(-1)));
  const order = at.order();
  const next = numberCorners(t, remap, order, first);
  // Each block numbers its own vertices: the next block of this primitive starts afresh.
  for (let r = first; r < next; r++) remap[order[r]] = -1;
  return { source: p, triangles: t, first, start, count: next - first, order: order.subarray(first, next), remap, slots: undefined };
}

/** When the corners of `t` meet scene vertices 0, 1, 2… in that order, how many they use; else -1. */
export function firstUseCount(t: Corners): number {
  let seen = 0;
  for (let k = 0, n = t.length; k < n; k++) {
    const v = t[k];
    if (v > seen) return -1;
    if (v === seen) seen++;
  }
  return seen;
}

/**
 * Numbers the corners of triangles `t` in the scene's order (a, b, c, as the corners are first met):
 * a scene vertex not yet in `remap` (-1) gets `next`, and `order` records it. Returns the new `next`.
 */
function numberCorners(t: Corners, remap: Int32Array, order: Int32Array, next: number): number {
  for (let k = 0, n = t.length; k < n; k++) {
    const v = t[k];
    if (remap[v] < 0) {
      remap[v] = next;
      order[next++] = v;
    }
  }
  return next;
}

// One span kept, fields in the order numberBlock makes them: a literal's map is held by no literal (V8's map cache holds it weakly), and the loops that read these
// records were compiled again after every full GC that took a write's records (ms3d's output.ts).
keepMapAlive({ source: { positions: new Float32Array(0) }, triangles: new Uint16Array(0), first: 0, start: 0, count: 0, order: undefined, remap: undefined, slots: undefined } satisfies Span);
