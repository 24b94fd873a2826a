import { math, WriteError } from '@relic3d/core';
import { isIdentity, worldOf, type WriteContext } from './context.js';
import { blendPlacement, NO_PLACEMENT, rigidPlacement, type Placement } from './placement.js';
import type { SkeletonPlan } from './skeleton.js';

/** Bone ids are u16 (docs/formats/mdl.md §2.5). */
export const MAX_BONES = 0xffff;

/** How one scene skin maps onto the MDL skeleton. */
export interface SkinBinding {
  /** Bone id of each skin joint; −1 for a joint that is no bone (the top node: weights to it follow the model). */
  boneOfJoint: Int32Array;
  /** inverse(world(top)) × world(joint) × inverseBind(joint), 16 per joint: where a joint puts a bind-space vertex. */
  jointMatrices: Float64Array;
  /** The matrix every joint agrees on, when they do (the scene is in its bind pose); null for the identity. */
  uniform: Float64Array | null | undefined;
}

/**
 * The reader's inverse bind matrices are the inverses of the bones' rest matrices (relative to the
 * top node), so vertices are written where the rest pose puts them. When every joint sits in its
 * bind pose that is one transform (usually none); otherwise the vertices are posed one by one.
 */
export function skinBinding(ctx: WriteContext, skinIndex: number, topNode: number, skeleton: SkeletonPlan): SkinBinding {
  const skin = ctx.scene.skins[skinIndex];
  const count = skin.joints.length;
  const boneOfJoint = new Int32Array(count).fill(-1);
  const jointMatrices = new Float64Array(count * 16);
  const topInverse = math.invert(worldOf(ctx, topNode), new Float64Array(16)) ?? math.identity(new Float64Array(16));
  const scratch = new Float64Array(16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    boneOfJoint[j] = skeleton.boneOf.get(node) ?? -1;
    const inverseBind = skin.inverseBindMatrices.length >= (j + 1) * 16 ? skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16) : math.identity(new Float64Array(16));
    math.multiply(topInverse, worldOf(ctx, node), scratch);
    math.multiply(scratch, inverseBind, jointMatrices.subarray(j * 16, j * 16 + 16));
  }
  let uniform: Float64Array | null | undefined = jointMatrices.slice(0, 16);
  for (let j = 1; j < count && uniform; j++) if (!near(jointMatrices, j * 16, uniform)) uniform = undefined;
  if (uniform && isIdentity(uniform)) uniform = null;
  if (uniform === undefined) {
    ctx.sink.warn('MDL_WRITE_POSE_BAKED', `skin '${skin.name ?? skinIndex}': the joints are not in their bind pose; the vertices were written as that pose places them, and it becomes the bones' rest pose`);
  }
  return { boneOfJoint, jointMatrices, uniform };
}

/** Where a skinned primitive's vertices go. */
export function skinPlacement(binding: SkinBinding, joints: Uint16Array, weights: Float32Array, count: number): Placement {
  if (binding.uniform === null) return NO_PLACEMENT;
  if (binding.uniform) return rigidPlacement(binding.uniform);
  return blendPlacement(joints, weights, binding.jointMatrices, count);
}

function near(all: Float64Array, at: number, m: Float64Array): boolean {
  const size = Math.max(1, Math.abs(m[12]), Math.abs(m[13]), Math.abs(m[14]));
  for (let i = 0; i < 16; i++) if (Math.abs(all[at + i] - m[i]) > (i >= 12 ? 1e-5 * size : 1e-5)) return false;
  return true;
}

export interface ByteWeights {
  /** u16 bone ids, four per vertex. */
  ids: Uint16Array;
  /** u8 weights summing to 255, four per vertex; all zero = follows the model. */
  weights: Uint8Array;
  /** Vertices that lost a share of their weight to a joint that is no bone. */
  partial: number;
}

/**
 * JOINTS_0/WEIGHTS_0 as bone ids and byte weights (the reader divides by 255 and renormalises):
 * rounded so each vertex sums to exactly 255, the remainder on its largest weight.
 */
export function byteWeights(joints: Uint16Array, weights: Float32Array, boneOfJoint: Int32Array, count: number): ByteWeights {
  const ids = new Uint16Array(count * 4);
  const bytes = new Uint8Array(count * 4);
  let partial = 0;
  const w = [0, 0, 0, 0];
  for (let v = 0; v < count; v++) {
    let total = 0, lost = 0;
    for (let k = 0; k < 4; k++) {
      const value = weights[v * 4 + k];
      const joint = joints[v * 4 + k];
      const bone = joint < boneOfJoint.length ? boneOfJoint[joint] : -1;
      const usable = value > 0 && Number.isFinite(value);
      w[k] = usable && bone >= 0 ? value : 0;
      if (usable && bone < 0) lost += value;
      ids[v * 4 + k] = bone >= 0 ? bone : 0;
      total += w[k];
    }
    if (total <= 0) {
      ids.fill(0, v * 4, v * 4 + 4);
      continue;
    }
    if (lost > 0) partial++;
    let sum = 0, largest = 0;
    for (let k = 0; k < 4; k++) {
      const b = Math.round((w[k] / total) * 255);
      bytes[v * 4 + k] = b;
      sum += b;
      if (w[k] > w[largest]) largest = k;
    }
    bytes[v * 4 + largest] += 255 - sum;
    for (let k = 0; k < 4; k++) if (bytes[v * 4 + k] === 0) ids[v * 4 + k] = 0;
  }
  return { ids, weights: bytes, partial };
}

/**
 * The reader's raw bytes 60–95 (`extras.unverifiedVertexTail`) hold the ids and weights as the file
 * had them (slot order, ids of zero weights). When they give every vertex the same bytes per bone
 * as `computed`, they are written as they were.
 */
export function storedWeights(tail: Uint8Array, computed: ByteWeights, count: number): ByteWeights | undefined {
  const ids = new Uint16Array(count * 4), weights = new Uint8Array(count * 4);
  const share = (id: Uint16Array | number[], w: Uint8Array, v: number, bone: number) => {
    let sum = 0;
    for (let k = 0; k < 4; k++) if (id[v * 4 + k] === bone) sum += w[v * 4 + k];
    return sum;
  };
  const computedIds = computed.ids, computedWeights = computed.weights;
  for (let v = 0; v < count; v++) {
    let same = true;
    for (let k = 0; k < 4; k++) {
      const at = v * 36 + 12 + k * 2;
      // u16 little-endian from two bytes (a DataView call per id was a fifth of this loop).
      const id = (ids[v * 4 + k] = tail[at] | (tail[at + 1] << 8));
      const w = (weights[v * 4 + k] = tail[v * 36 + 20 + k]);
      same &&= id === computedIds[v * 4 + k] && w === computedWeights[v * 4 + k];
    }
    // The bytes the writer computed, slot for slot (the common case): every bone's share agrees.
    if (same) continue;
    for (let k = 0; k < 4; k++) {
      if (weights[v * 4 + k] && share(ids, weights, v, ids[v * 4 + k]) !== share(computed.ids, computed.weights, v, ids[v * 4 + k])) return undefined;
      const bone = computed.ids[v * 4 + k];
      if (computed.weights[v * 4 + k] && share(ids, weights, v, bone) !== share(computed.ids, computed.weights, v, bone)) return undefined;
    }
  }
  return { ids, weights, partial: computed.partial };
}

/** Every vertex on one bone with all its weight. */
export function wholeBone(bone: number, count: number): ByteWeights {
  const ids = new Uint16Array(count * 4), weights = new Uint8Array(count * 4);
  for (let v = 0; v < count; v++) {
    ids[v * 4] = bone;
    weights[v * 4] = 255;
  }
  return { ids, weights, partial: 0 };
}

/** Refuses a skeleton the u16 bone ids cannot number. */
export function checkBoneCount(count: number): void {
  if (count > MAX_BONES) throw new WriteError({ format: 'mdl', code: 'OVER_LIMIT', limit: 'bones', value: count, max: MAX_BONES, where: 'u16 bone ids per vertex' });
}
