import { FormatError } from '@relic3d/core';
import { unpackLodWeights } from '../read/skin-weights.js';
import { FORMAT_ID, type LodMesh, type LodParseOptions } from '../file.js';
import { WEIGHT_BONE_MASK, WEIGHT_RECORD_SIZE, WIDE_WEIGHT_BONE_MASK, WIDE_WEIGHT_RECORD_SIZE } from '../read/layout.js';
import type { MeshContext } from './meshes.js';

/** JOINTS_0/WEIGHTS_0 per file position, 4 per vertex. */
export interface VertexSkin {
  joints: Uint16Array;
  weights: Float32Array;
}

/**
 * Weight type 1 records → JOINTS_0/WEIGHTS_0 through the LOD weight kernel (top 4, renormalised).
 * Out-of-range bones become bone 0 (counted in `range.outOfRange`) and non-finite weights 0
 * first, on a copy of the records.
 */
function unpackWeights(raw: LodMesh, kernels: LodParseOptions['kernels'], range: { boneCount: number; outOfRange: number }): VertexSkin {
  const w = raw.weights!;
  const count = raw.positions.length / 3;
  const size = w.recordSize;
  const mask = size === WEIGHT_RECORD_SIZE ? WEIGHT_BONE_MASK : WIDE_WEIGHT_BONE_MASK;
  let records = w.records;
  const copy = () => (records === w.records ? (records = w.records.slice()) : records);
  const { boneFields, weights } = w;
  const boneCount = range.boneCount;
  // One tight pass that only checks, unless the reader counted no faults against the same bones;
  // the rare fixes happen out of line.
  const clean = w.checked !== undefined && w.checked.boneCount === boneCount && w.checked.faults === 0;
  for (let i = clean ? boneFields.length : 0; i < boneFields.length; i++) {
    const field = boneFields[i];
    const x = weights[i];
    if ((field & mask) < boneCount && x - x === 0) continue;
    if ((field & mask) >= boneCount) {
      range.outOfRange++;
      const out = copy();
      if (size === WEIGHT_RECORD_SIZE) out[i * WEIGHT_RECORD_SIZE] = field & 0x80;
      else new DataView(out.buffer, out.byteOffset).setUint16(i * WIDE_WEIGHT_RECORD_SIZE, field & 0x8000, true);
    }
    if (x - x !== 0) new DataView(copy().buffer, records.byteOffset).setFloat32(i * size + size - 4, 0, true);
  }
  try {
    const { joints, weights } = unpackLodWeights(records, w.boneFields.length, Math.min(w.bonesPerVertex, 0xffff), count, { wide: size === WIDE_WEIGHT_RECORD_SIZE, kernels });
    return { joints, weights };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new FormatError({ format: FORMAT_ID, offset: 0, expected: `bone weight records of mesh '${raw.name}' filling ${count} vertices`, found: e.message, code: 'BAD_COUNT' });
  }
}

/** JOINTS_0/WEIGHTS_0 per file position, from single-bone ids or weight-type-1 records. */
export function skinOfPositions(raw: LodMesh, ctx: MeshContext): VertexSkin | undefined {
  const count = raw.positions.length / 3;
  if (ctx.boneCount === 0 || count === 0) return undefined;
  const range = { boneCount: ctx.boneCount, outOfRange: 0 };
  let packed: VertexSkin | undefined;
  if (raw.boneAssoc.length === count) {
    const joints = new Uint16Array(count * 4);
    const weights = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      const b = raw.boneAssoc[v];
      if (b < range.boneCount) joints[v * 4] = b;
      else range.outOfRange++; // bone 0, as the reference reader does
      weights[v * 4] = 1;
    }
    packed = { joints, weights };
  } else if (raw.weights) {
    packed = unpackWeights(raw, ctx.kernels, range);
  }
  const { outOfRange } = range;
  if (outOfRange) ctx.sink.warn('LOD_BONE_RANGE', `mesh '${raw.name}': ${outOfRange} bone ids past the ${ctx.boneCount} bones were mapped to bone 0`);
  return packed;
}
