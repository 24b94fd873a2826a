import { expectNumbers } from '../guard.js';

export interface PackedSkin {
  /** 4 joint indices per vertex. */
  joints: Uint16Array;
  /** 4 weights per vertex, summing to 1. */
  weights: Float32Array;
}

/**
 * Packs `influences` (joint, weight) pairs per vertex into glTF JOINTS_0/WEIGHTS_0: duplicate
 * joints are merged, the 4 largest kept, and the weights renormalised. A vertex whose weights are
 * all zero (or negative) binds fully to its first joint. TypeScript reference.
 */
export function packSkinWeightsJS(
  vertexCount: number,
  influences: number,
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
): PackedSkin {
  checkPack(vertexCount, influences, joints, weights);
  const outJ = new Uint16Array(vertexCount * 4);
  const outW = new Float32Array(vertexCount * 4);
  const tj = new Int32Array(influences);
  const tw = new Float64Array(influences);
  for (let v = 0; v < vertexCount; v++) packVertex(joints, weights, v * influences, influences, tj, tw, outJ, outW, v * 4);
  return { joints: outJ, weights: outW };
}

/**
 * One vertex of {@link packSkinWeightsJS}: its `influences` pairs at joints/weights[at…] into
 * outJ/outW[o…o + 4) (written only where kept; the rest stay as they are). `tj`/`tw` are scratch
 * of `influences` entries.
 */
export function packVertex(
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  at: number,
  influences: number,
  tj: Int32Array,
  tw: Float64Array,
  outJ: Uint16Array,
  outW: Float32Array,
  o: number,
): void {
  let n = 0;
  for (let k = 0; k < influences; k++) {
    const j = joints[at + k];
    const w = weights[at + k];
    if (!(w > 0)) continue;
    let m = 0;
    while (m < n && tj[m] !== j) m++;
    if (m < n) tw[m] += w;
    else {
      tj[n] = j;
      tw[n++] = w;
    }
  }
  if (n === 0) {
    outJ[o] = joints[at] ?? 0;
    outW[o] = 1;
    return;
  }
  // Selection of the 4 largest (stable for equal weights: earlier influence first).
  let sum = 0;
  const keep = Math.min(4, n);
  for (let s = 0; s < keep; s++) {
    let best = s;
    for (let m = s + 1; m < n; m++) if (tw[m] > tw[best]) best = m;
    if (best !== s) {
      const bj = tj[best], bw = tw[best];
      for (let m = best; m > s; m--) {
        tj[m] = tj[m - 1];
        tw[m] = tw[m - 1];
      }
      tj[s] = bj;
      tw[s] = bw;
    }
    sum += tw[s];
  }
  for (let s = 0; s < keep; s++) {
    outJ[o + s] = tj[s];
    outW[o + s] = tw[s] / sum;
  }
}

/**
 * {@link packVertex}'s common case without its scratch or selection: at most 4 weighted slots,
 * distinct joints, weights already in descending order (as writers store them). Writes the same
 * values packVertex would and returns true; false when the vertex is not such (outJ may then hold
 * some of its joints, all of which packVertex overwrites: it keeps at least as many).
 * bench/src/unpack-influences.ts measures it against packVertex alone.
 */
export function packSorted(joints: Int32Array, weights: Float32Array, slots: number, outJ: Uint16Array, outW: Float32Array, o: number): boolean {
  let n = 0, sum = 0, previous = Infinity;
  for (let k = 0; k < slots; k++) {
    const w = weights[k];
    if (!(w > 0)) continue;
    if (w > previous || n === 4) return false;
    const j = joints[k];
    // The duplicate check reads outJ (u16), so a joint it cannot hold goes the general way.
    if (j !== (j & 0xffff)) return false;
    for (let m = 0; m < n; m++) if (outJ[o + m] === j) return false;
    outJ[o + n++] = j;
    sum += w;
    previous = w;
  }
  if (n === 0) return false;
  for (let m = 0, k = 0; m < n; k++) {
    const w = weights[k];
    if (w > 0) outW[o + m++] = w / sum;
  }
  return true;
}

export function checkPack(vertexCount: number, influences: number, joints: ArrayLike<number>, weights: ArrayLike<number>): void {
  if (!Number.isInteger(vertexCount) || vertexCount < 0 || !Number.isInteger(influences) || influences < 0) {
    throw new RangeError(`vertexCount and influences must be non-negative integers, got ${vertexCount} and ${influences}`);
  }
  expectNumbers('joints', joints);
  expectNumbers('weights', weights);
  if (joints.length < vertexCount * influences || weights.length < vertexCount * influences) {
    throw new RangeError(`${vertexCount} vertices × ${influences} influences exceed the ${Math.min(joints.length, weights.length)} given`);
  }
}
