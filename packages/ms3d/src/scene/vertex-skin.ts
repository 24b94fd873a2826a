import type { WarningSink } from '@relic3d/core';
import type { PackedSkin } from '@relic3d/kernels';
import { unpackMs3dWeights } from '../read/skin-weights.js';
import type { Ms3dFile } from '../file.js';

/** Vertices per kernel call. */
const CHUNK_VERTICES = 8192;

export interface VertexSkin extends PackedSkin {
  /** Vertices with no valid bone (boneId -1 or out of range). */
  rigidCount: number;
}

/**
 * Vertices naming a joint past the list, and skinned vertices whose extra weights sum past 100.
 * Its own function so its loop gets normal optimised code, not OSR code a full GC drops (issue 25).
 */
function skinFaults(file: Ms3dFile): { badBone: number; overweight: number } {
  const n = file.vertices.count;
  const jointCount = file.joints.length;
  const boneIds = file.vertices.boneIds;
  const weights = file.vertexExtra?.weights;
  // Counted in an object made before the loop (the counts are rare): code past an OSR-entered loop
  // has no type feedback, and a literal there deoptimised the loop's code at every parse's exit.
  const faults = { badBone: 0, overweight: 0 };
  for (let v = 0; v < n; v++) {
    const b0 = boneIds[v];
    if (b0 >= jointCount) faults.badBone++;
    else if (b0 >= 0 && weights && weights[v * 3] + weights[v * 3 + 1] + weights[v * 3 + 2] > 100) faults.overweight++;
  }
  return faults;
}

/**
 * Joint and weight per file vertex, as the viewer's FillJointIndicesAndWeights assigns them:
 * slot 0 = boneId / w0, slots 1-2 = extra ids 0-1 / w1-w2, slot 3 = extra id 2 / 100 − (w0+w1+w2).
 * All-zero weights (or no vertex extra) put 100 % on boneId. Only the leading run of valid slots
 * (bone in range, weight > 0) counts. Weights are on a 0..100 scale for every sub-version.
 * Rigid vertices (boneId -1) bind fully to `rigidJoint`. The unpacking and packing run in the
 * `unpackMs3dWeights` kernel (WASM once `ready()` has resolved); this adds the warnings.
 */
export function vertexSkin(file: Ms3dFile, rigidJoint: number, sink: WarningSink, kernels?: 'wasm' | 'js'): VertexSkin {
  const n = file.vertices.count;
  const jointCount = file.joints.length;
  const boneIds = file.vertices.boneIds;
  const extra = file.vertexExtra;
  const { badBone, overweight } = skinFaults(file);
  if (badBone) sink.warn('MS3D_BAD_BONE', `${badBone} vertices name a joint past the ${jointCount} joints; they are left rigid`);
  if (overweight) sink.warn('MS3D_WEIGHT_SUM', `${overweight} vertices have extra weights summing past 100; they were renormalised`);
  // In slices of CHUNK_VERTICES (vertices are independent): the WASM kernel's memory, which
  // never shrinks, then holds one slice's influences rather than the whole file's.
  const stride = extra?.recordSize ?? 6;
  const unpack = (start: number, end: number) =>
    unpackMs3dWeights(boneIds.subarray(start, end), extra?.records.subarray(start * stride, end * stride), stride, jointCount, { kernels, rigidJoint });
  if (n <= CHUNK_VERTICES) {
    const skin = unpack(0, n);
    return { joints: skin.joints, weights: skin.weights, rigidCount: skin.unskinned };
  }
  let joints: PackedSkin['joints'] | undefined;
  const weights = new Float32Array(n * 4);
  let rigidCount = 0;
  for (let start = 0; start < n; start += CHUNK_VERTICES) {
    const part = unpack(start, Math.min(n, start + CHUNK_VERTICES));
    joints ??= new (part.joints.constructor as new (length: number) => PackedSkin['joints'])(n * 4);
    joints.set(part.joints, start * 4);
    weights.set(part.weights, start * 4);
    rigidCount += part.unskinned;
  }
  return { joints: joints!, weights, rigidCount };
}
