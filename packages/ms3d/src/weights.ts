import type { WarningSink } from '@relic3d/core';
import { packSkinWeights, type PackedSkin } from '@relic3d/kernels';
import type { Ms3dFile } from './types.js';

export interface VertexSkin extends PackedSkin {
  /** Vertices with no valid bone (boneId -1 or out of range). */
  rigidCount: number;
}

/**
 * Joint and weight per file vertex, as the viewer's FillJointIndicesAndWeights assigns them:
 * slot 0 = boneId / w0, slots 1-2 = extra ids 0-1 / w1-w2, slot 3 = extra id 2 / 100 − (w0+w1+w2).
 * All-zero weights (or no vertex extra) put 100 % on boneId. Only the leading run of valid slots
 * (bone in range, weight > 0) counts. Weights are on a 0..100 scale for every sub-version.
 * Rigid vertices (boneId -1) bind fully to `rigidJoint`.
 */
export function vertexSkin(file: Ms3dFile, rigidJoint: number, sink: WarningSink, kernels?: 'wasm' | 'js'): VertexSkin {
  const n = file.vertices.count;
  const jointCount = file.joints.length;
  const boneIds = file.vertices.boneIds;
  const extra = file.vertexExtra;
  const joints = new Int32Array(n * 4);
  const weights = new Float32Array(n * 4);
  let rigidCount = 0;
  let badBone = 0;
  let overweight = 0;
  const slotBone = [0, 0, 0, 0];
  const slotWeight = [0, 0, 0, 0];
  for (let v = 0; v < n; v++) {
    const b0 = boneIds[v];
    const o = v * 4;
    if (b0 < 0 || b0 >= jointCount) {
      if (b0 >= jointCount) badBone++;
      joints[o] = rigidJoint;
      weights[o] = 1;
      rigidCount++;
      continue;
    }
    const w0 = extra ? extra.weights[v * 3] : 0;
    const w1 = extra ? extra.weights[v * 3 + 1] : 0;
    const w2 = extra ? extra.weights[v * 3 + 2] : 0;
    if (!extra || (w0 === 0 && w1 === 0 && w2 === 0)) {
      joints[o] = b0;
      weights[o] = 1;
      continue;
    }
    const sum = w0 + w1 + w2;
    if (sum > 100) overweight++;
    slotBone[0] = b0;
    slotBone[1] = extra.boneIds[v * 3];
    slotBone[2] = extra.boneIds[v * 3 + 1];
    slotBone[3] = extra.boneIds[v * 3 + 2];
    slotWeight[0] = w0;
    slotWeight[1] = w1;
    slotWeight[2] = w2;
    slotWeight[3] = Math.max(0, 100 - sum);
    let used = 0;
    for (let k = 0; k < 4; k++) {
      if (slotWeight[k] > 0 && slotBone[k] >= 0 && slotBone[k] < jointCount) used++;
      else break;
    }
    if (used === 0) {
      joints[o] = b0;
      weights[o] = 1;
      continue;
    }
    for (let k = 0; k < used; k++) {
      joints[o + k] = slotBone[k];
      weights[o + k] = slotWeight[k] / 100;
    }
  }
  if (badBone) sink.warn('MS3D_BAD_BONE', `${badBone} vertices name a joint past the ${jointCount} joints; they are left rigid`);
  if (overweight) sink.warn('MS3D_WEIGHT_SUM', `${overweight} vertices have extra weights summing past 100; they were renormalised`);
  // Merges repeated joints and renormalises (leading runs that stop early sum below 1).
  const packed = packSkinWeights(n, 4, joints, weights, { kernels });
  return { ...packed, rigidCount };
}
