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

/** Reused per call: the kept joints and percents, in order. */
const joint = new Int32Array(4);
const percent = new Int32Array(4);

/**
 * Packs vertex `v`'s four (joint, weight) pairs of JOINTS_0/WEIGHTS_0 as vertex `v` of `out`,
 * the skin's joints mapped to MS3D joints by `ms3d` (−1: none). A pair counts when its joint is
 * in the skin, its weight finite and > 0, and its MS3D joint ≥ 0; equal joints are merged,
 * weights renormalised and rounded to percents by largest remainder; influences that round to
 * 0 % are left out, counted in `dropped.count`. Returns 1 when a weight was on a skin joint, else 0.
 * One leaf over locals (the vertex loop's top cost): slots past the merged count hold weight
 * −Infinity, which no compare moves or picks, so every step runs on all four.
 */
export function packVertex(J: ArrayLike<number>, W: ArrayLike<number>, ms3d: Int32Array, v: number, dropped: { count: number }, out: PackedSkinArrays): number {
  let n = 0, total = 0, weighted = 0;
  let j0 = -1, j1 = -1, j2 = -1, j3 = -1;
  let w0 = -Infinity, w1 = -Infinity, w2 = -Infinity, w3 = -Infinity;
  for (let k = 0; k < 4; k++) {
    const idx = J[v * 4 + k], w = W[v * 4 + k];
    if (!(idx < ms3d.length && w > 0 && w < Infinity)) continue;
    weighted = 1;
    const j = ms3d[idx];
    if (!(j >= 0)) continue;
    // Equal joints merge into the first (weights added in pair order); a new one takes the next slot.
    if (n > 0 && j0 === j) w0 += w;
    else if (n > 1 && j1 === j) w1 += w;
    else if (n > 2 && j2 === j) w2 += w;
    else if (n === 0) (j0 = j), (w0 = w), (n = 1);
    else if (n === 1) (j1 = j), (w1 = w), (n = 2);
    else if (n === 2) (j2 = j), (w2 = w), (n = 3);
    else (j3 = j), (w3 = w), (n = 4);
    total += w;
  }
  const b = v * 3;
  if (n <= 1) {
    // None: boneId −1, weights 0. One joint: [100, 0, 0] as MilkShape writes it.
    out.boneIds[v] = n ? j0 : -1;
    out.extraIds[b] = out.extraIds[b + 1] = out.extraIds[b + 2] = -1;
    out.extraWeights[b] = n ? 100 : 0;
    out.extraWeights[b + 1] = out.extraWeights[b + 2] = 0;
    return weighted;
  }
  // Stable sort by weight, largest first: adjacent swaps on a strict < (a bubble sort of four).
  let t = 0;
  if (w0 < w1) (t = w0), (w0 = w1), (w1 = t), (t = j0), (j0 = j1), (j1 = t);
  if (w1 < w2) (t = w1), (w1 = w2), (w2 = t), (t = j1), (j1 = j2), (j2 = t);
  if (w2 < w3) (t = w2), (w2 = w3), (w3 = t), (t = j2), (j2 = j3), (j3 = t);
  if (w0 < w1) (t = w0), (w0 = w1), (w1 = t), (t = j0), (j0 = j1), (j1 = t);
  if (w1 < w2) (t = w1), (w1 = w2), (w2 = t), (t = j1), (j1 = j2), (j2 = t);
  if (w0 < w1) (t = w0), (w0 = w1), (w1 = t), (t = j0), (j0 = j1), (j1 = t);
  // (weight / total) · 100 once each: the floor and the remainder read the same value.
  const s0 = (w0 / total) * 100, s1 = (w1 / total) * 100, s2 = n > 2 ? (w2 / total) * 100 : -Infinity, s3 = n > 3 ? (w3 / total) * 100 : -Infinity;
  let p0 = Math.floor(s0), p1 = Math.floor(s1), p2 = n > 2 ? Math.floor(s2) : 0, p3 = n > 3 ? Math.floor(s3) : 0;
  // The points left go to the largest remainders (the earlier influence on a tie).
  for (let left = 100 - (p0 + p1 + p2 + p3); left > 0; left--) {
    let best = 0, bestRest = s0 - p0;
    if (!(bestRest > -1 + 1e-12)) bestRest = -1;
    let rest = s1 - p1;
    if (rest > bestRest + 1e-12) (best = 1), (bestRest = rest);
    rest = s2 - p2;
    if (rest > bestRest + 1e-12) (best = 2), (bestRest = rest);
    rest = s3 - p3;
    if (rest > bestRest + 1e-12) best = 3;
    if (best === 0) p0++;
    else if (best === 1) p1++;
    else if (best === 2) p2++;
    else p3++;
  }
  let kept = 0;
  if (p0 !== 0) (joint[kept] = j0), (percent[kept++] = p0);
  if (p1 !== 0) (joint[kept] = j1), (percent[kept++] = p1);
  if (p2 !== 0) (joint[kept] = j2), (percent[kept++] = p2);
  if (p3 !== 0) (joint[kept] = j3), (percent[kept++] = p3);
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
