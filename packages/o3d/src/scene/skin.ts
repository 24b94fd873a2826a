/**
 * JOINTS_0/WEIGHTS_0 of a block's vertices (docs/formats/o3d.md §5.3): palette block → object →
 * global, index / 3. Valid data goes through the `unpackO3dWeights` kernel, which reads the block's
 * skin records in place; data it rejects (an index that is no palette slot, a bone past the
 * skeleton, weights that are not usable) takes the tolerant loop, which warns and binds bad
 * references to bone 0. Both give the same result on valid data.
 */
import { packSkinWeights, type PackedSkin, type UnpackedSkin } from '@relic3d/kernels';
import { unpackO3dWeights } from '../read/skin-weights.js';
import { SKIN_VERTEX_BYTES } from '../read/layout.js';
import type { O3dGeometry, O3dMaterialBlock, O3dObject } from '../file.js';
import type { BuildContext } from './context.js';
import { isIdentity } from './vertices.js';

export function skinWeights(ctx: BuildContext, object: O3dObject, block: O3dMaterialBlock, source: Uint32Array, name: string): PackedSkin {
  const g = object.geometry;
  const boneCount = ctx.skeleton!.nodes.length;
  const palette = block.useBones.length > 0 ? block.useBones : object.useBones.length > 0 ? object.useBones : undefined;
  const viaKernel = skinWeightsKernel(ctx, g, source, palette, boneCount);
  return viaKernel || skinWeightsTolerant(ctx, g, source, palette, boneCount, name);
}

function skinWeightsKernel(ctx: BuildContext, g: O3dGeometry, source: Uint32Array, palette: Int32Array | undefined, boneCount: number): PackedSkin | undefined {
  const skinRecords = g.skinRecords;
  if (!skinRecords || (palette && palette.some((bone) => !(bone >= 0 && bone < boneCount)))) return undefined;
  const n = source.length;
  let packed: UnpackedSkin;
  try {
    // The block's vertices read in place from the skin records (picked unless they are all, in order).
    const records = isIdentity(source, skinRecords.length / SKIN_VERTEX_BYTES) ? undefined : source;
    packed = unpackO3dWeights(skinRecords, n, palette, { kernels: ctx.kernels, records, jointCount: boneCount });
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
  // A +infinite weight makes its vertex's packed weights NaN: the tolerant loop handles it (NaN
  // and -infinity are dropped by the kernel as unweighted). Weights that pass are finite, and
  // the final scrub (scrub-once.ts) skips them.
  if (packed.unskinned || !firstSlotsFinite(packed.weights)) return undefined;
  ctx.finiteValues.add(packed.weights);
  return { joints: packed.joints, weights: packed.weights };
}

/**
 * Whether packed weights (4 per vertex) are all finite, from slot 0 of each vertex: only a kept
 * +∞ weight makes a NaN (∞ ÷ ∞; the finite ones ÷ ∞ are 0), and the largest sorts first.
 */
function firstSlotsFinite(values: Float32Array): boolean {
  for (let i = 0; i < values.length; i += 4) if (values[i] - values[i] !== 0) return false;
  return true;
}

function skinWeightsTolerant(ctx: BuildContext, g: O3dGeometry, source: Uint32Array, palette: Int32Array | undefined, boneCount: number, name: string): PackedSkin {
  const joints = new Uint16Array(source.length * 2);
  const weights = new Float32Array(source.length * 2);
  let bad = 0;
  const resolve = (stored: number): number => {
    const slot = Math.floor(stored / 3);
    const bone = palette ? (slot < palette.length ? palette[slot] : -1) : slot;
    if (stored % 3 !== 0 || !(bone >= 0 && bone < boneCount)) {
      bad++;
      return -1;
    }
    return bone;
  };
  for (let v = 0; v < source.length; v++) {
    const s = source[v];
    const w1 = g.weights![s * 2], w2 = g.weights![s * 2 + 1];
    const a = resolve(g.boneIndices![s * 2]);
    // The second index is junk when w2 = 0 (docs/formats/o3d.md §2.3).
    const b = w2 !== 0 ? resolve(g.boneIndices![s * 2 + 1]) : a;
    joints[v * 2] = Math.max(a, 0);
    joints[v * 2 + 1] = Math.max(b, 0);
    weights[v * 2] = a >= 0 && Number.isFinite(w1) ? Math.max(w1, 0) : 0;
    weights[v * 2 + 1] = b >= 0 && w2 !== 0 && Number.isFinite(w2) ? Math.max(w2, 0) : 0;
  }
  if (bad) {
    ctx.sink.warn('O3D_BONE_INDEX', `${name}: ${bad} bone references do not resolve to one of the ${boneCount} bones; bound to bone 0`);
  }
  return packSkinWeights(source.length, 2, joints, weights, { kernels: ctx.kernels });
}
