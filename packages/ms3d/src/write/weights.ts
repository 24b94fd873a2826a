// Up to four influences per vertex as MilkShape 1.8.x stores them (docs/formats/ms3d.md §5.5): the
// vertex's boneId takes w0, the vertex-extra ids 0-2 take w1, w2 and 100 − (w0+w1+w2), weights in
// whole percents. As in real files: one influence is ids −1 with weights [100, 0, 0], an unskinned
// vertex is boneId −1 with weights 0. The largest influence goes first, so readers that only use
// boneId (assimp, old engines) get the dominant joint.

/** Where packed influences go: vertex v's boneId, and its 3 extra ids and weight bytes at v × 3. */
export interface PackedSkinArrays {
  boneIds: Int8Array;
  extraIds: Int8Array;
  extraWeights: Uint8Array;
}

/** Reused per call: joints and weights after merging, sorting and rounding. */
const joint = new Float64Array(8);
const weight = new Float64Array(8);
const percent = new Int32Array(8);
/** (weight / total) · 100 of each, computed once: the floor and the remainder read the same value. */
const share = new Float64Array(8);

/**
 * Packs `count` (joint, weight) pairs (joints are MS3D joint indices, −1 = none) as vertex `v` of
 * `out`. Equal joints are merged, weights renormalised and rounded to percents by largest
 * remainder; influences that round to 0 % are left out, counted in `dropped.count`.
 */
export function packInfluences(joints: ArrayLike<number>, weights: ArrayLike<number>, count: number, dropped: { count: number }, out: PackedSkinArrays, v: number): void {
  out.boneIds[v] = -1;
  out.extraIds[v * 3] = out.extraIds[v * 3 + 1] = out.extraIds[v * 3 + 2] = -1;
  out.extraWeights[v * 3] = out.extraWeights[v * 3 + 1] = out.extraWeights[v * 3 + 2] = 0;
  let n = 0;
  let total = 0;
  for (let k = 0; k < count; k++) {
    const j = joints[k], w = weights[k];
    if (!(j >= 0) || !(w > 0) || !Number.isFinite(w)) continue;
    let at = 0;
    while (at < n && joint[at] !== j) at++;
    if (at === n) {
      joint[n] = j;
      weight[n++] = 0;
    }
    weight[at] += w;
    total += w;
  }
  if (n === 0) return;
  if (n === 1) {
    // The common case: one joint, [100, 0, 0] as MilkShape writes it.
    out.boneIds[v] = joint[0];
    out.extraWeights[v * 3] = 100;
    return;
  }
  // Stable sort by weight, largest first (insertion sort: at most 4).
  for (let a = 1; a < n; a++) {
    const jw = weight[a], jj = joint[a];
    let b = a - 1;
    while (b >= 0 && weight[b] < jw) {
      weight[b + 1] = weight[b];
      joint[b + 1] = joint[b];
      b--;
    }
    weight[b + 1] = jw;
    joint[b + 1] = jj;
  }
  if (n > 4) {
    dropped.count += n - 4;
    total = weight[0] + weight[1] + weight[2] + weight[3];
    n = 4;
  }
  let given = 0;
  for (let k = 0; k < n; k++) {
    const x = (weight[k] / total) * 100;
    share[k] = x;
    percent[k] = Math.floor(x);
    given += percent[k];
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
  out.boneIds[v] = joint[0];
  // One influence: [100, 0, 0]; four: the fourth weight is 100 minus the other three.
  for (let k = 1; k < kept; k++) out.extraIds[v * 3 + k - 1] = joint[k];
  for (let k = 0; k < Math.min(kept, 3); k++) out.extraWeights[v * 3 + k] = percent[k];
}
