// Up to four influences per vertex as MilkShape 1.8.x stores them (docs/formats/ms3d.md §5.5): the
// vertex's boneId takes w0, the vertex-extra ids 0-2 take w1, w2 and 100 − (w0+w1+w2), weights in
// whole percents. As in real files: one influence is ids −1 with weights [100, 0, 0], an unskinned
// vertex is boneId −1 with weights 0. The largest influence goes first, so readers that only use
// boneId (assimp, old engines) get the dominant joint.
import { keepMapAlive } from '@relic3d/core';

/** Where packed influences go: vertex v's boneId, and its 3 extra ids and weight bytes at v × 3. */
export interface PackedSkinArrays {
  boneIds: Int8Array;
  extraIds: Int8Array;
  extraWeights: Uint8Array;
}

/** Reused per call: joints and weights after merging, sorting and rounding. */
const joint = new Int32Array(4);
const weight = new Float64Array(4);
const percent = new Int32Array(4);
/** (weight / total) · 100 of each, computed once: the floor and the remainder read the same value. */
const share = new Float64Array(4);

/**
 * Packs vertex `v`'s four (joint, weight) pairs of JOINTS_0/WEIGHTS_0 as vertex `v` of `out`,
 * the skin's joints mapped to MS3D joints by `ms3d` (−1: none). A pair counts when its joint is
 * in the skin, its weight finite and > 0, and its MS3D joint ≥ 0; equal joints are merged,
 * weights renormalised and rounded to percents by largest remainder; influences that round to
 * 0 % are left out, counted in `dropped.count`. Returns 1 when a weight was on a skin joint, else 0.
 * One leaf over typed arrays and numbers (the vertex loop's top cost): no per-vertex scratch.
 */
export function packVertex(J: ArrayLike<number>, W: ArrayLike<number>, ms3d: Int32Array, v: number, dropped: { count: number }, out: PackedSkinArrays): number {
  let n = 0, total = 0, weighted = 0;
  for (let k = 0; k < 4; k++) {
    const idx = J[v * 4 + k], w = W[v * 4 + k];
    if (!(idx < ms3d.length && w > 0 && w < Infinity)) continue;
    weighted = 1;
    const j = ms3d[idx];
    if (!(j >= 0)) continue;
    let at = 0;
    while (at < n && joint[at] !== j) at++;
    if (at === n) {
      joint[n] = j;
      weight[n++] = w;
    } else weight[at] += w;
    total += w;
  }
  const b = v * 3;
  if (n <= 1) {
    // None: boneId −1, weights 0. One joint: [100, 0, 0] as MilkShape writes it.
    out.boneIds[v] = n ? joint[0] : -1;
    out.extraIds[b] = out.extraIds[b + 1] = out.extraIds[b + 2] = -1;
    out.extraWeights[b] = n ? 100 : 0;
    out.extraWeights[b + 1] = out.extraWeights[b + 2] = 0;
    return weighted;
  }
  // Stable sort by weight, largest first (insertion sort: at most 4).
  for (let a = 1; a < n; a++) {
    const jw = weight[a], jj = joint[a];
    let c = a - 1;
    while (c >= 0 && weight[c] < jw) {
      weight[c + 1] = weight[c];
      joint[c + 1] = joint[c];
      c--;
    }
    weight[c + 1] = jw;
    joint[c + 1] = jj;
  }
  let given = 0;
  for (let k = 0; k < n; k++) {
    const x = (weight[k] / total) * 100;
    share[k] = x;
    const p = Math.floor(x);
    percent[k] = p;
    given += p;
  }
  // The points left go to the largest remainders (the earlier influence on a tie).
  for (let left = 100 - given; left > 0; left--) {
    let best = 0, bestRest = -1;
    for (let k = 0; k < n; k++) {
      const rest = share[k] - percent[k];
      if (rest > bestRest + 1e-12) {
        best = k;
        bestRest = rest;
      }
    }
    percent[best]++;
  }
  let kept = 0;
  for (let k = 0; k < n; k++) {
    if (percent[k] === 0) continue;
    joint[kept] = joint[k];
    percent[kept++] = percent[k];
  }
  dropped.count += n - kept;
  // Up to four: the fourth weight is 100 minus the other three.
  out.boneIds[v] = joint[0];
  out.extraIds[b] = kept > 1 ? joint[1] : -1;
  out.extraIds[b + 1] = kept > 2 ? joint[2] : -1;
  out.extraIds[b + 2] = kept > 3 ? joint[3] : -1;
  out.extraWeights[b] = percent[0];
  out.extraWeights[b + 1] = kept > 1 ? percent[1] : 0;
  out.extraWeights[b + 2] = kept > 2 ? percent[2] : 0;
  return weighted;
}

// One output record kept, fields in the order vertices.ts makes them: a literal's map is held by no
// literal, and packVertex was compiled again after every full GC that took a write's records
// (test/write/jit-stable.test.ts fails without it).
keepMapAlive({ boneIds: new Int8Array(0), extraIds: new Int8Array(0), extraWeights: new Uint8Array(0) } satisfies PackedSkinArrays);
