import { math } from '@relic3d/core';
import { normalMatrix } from './context.js';

/**
 * Where a primitive's vertices go before they are written: as they are, through one rigid
 * transform (a node baked into its LOD holder, or a skin whose joints are in their bind pose), or
 * through a per-vertex blend of joint matrices (a skin posed away from its bind pose).
 */
export type Placement =
  | { kind: 'none' }
  | { kind: 'rigid'; m: Float64Array; normal: Float64Array; mirror: boolean }
  | { kind: 'blend'; m: Float64Array };

export const NO_PLACEMENT: Placement = { kind: 'none' };

export function rigidPlacement(m: Float64Array): Placement {
  return { kind: 'rigid', m, normal: normalMatrix(m), mirror: math.determinant3(m) < 0 };
}

/**
 * Per-vertex matrices (3 × 4, column-major without the last row) Σ weight × joint matrix, for the
 * joints of each vertex; weights are used as they are (the scene's renormalised weights).
 */
export function blendPlacement(joints: Uint16Array, weights: Float32Array, jointMatrices: Float64Array, count: number): Placement {
  const m = new Float64Array(count * 12);
  const jointCount = jointMatrices.length / 16;
  for (let v = 0; v < count; v++) {
    const o = v * 12;
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k], j = joints[v * 4 + k];
      if (!(w > 0) || j >= jointCount) continue;
      total += w;
      const src = j * 16;
      for (let c = 0; c < 4; c++) for (let r = 0; r < 3; r++) m[o + c * 3 + r] += w * jointMatrices[src + c * 4 + r];
    }
    if (total === 0) m.set([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], o); // no influence: left where it is
  }
  return { kind: 'blend', m };
}

/** Points through the placement; the scene's own array when there is nothing to do. */
export function placePoints(values: Float32Array, p: Placement): Float32Array {
  if (p.kind === 'none') return values;
  const out = new Float32Array(values.length);
  const rigid = p.kind === 'rigid';
  const m = p.m;
  for (let v = 0, i = 0; i < values.length; v++, i += 3) {
    const o = rigid ? 0 : v * 12;
    const x = values[i], y = values[i + 1], z = values[i + 2];
    if (rigid) {
      out[i] = m[0] * x + m[4] * y + m[8] * z + m[12];
      out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
      out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
    } else {
      out[i] = m[o] * x + m[o + 3] * y + m[o + 6] * z + m[o + 9];
      out[i + 1] = m[o + 1] * x + m[o + 4] * y + m[o + 7] * z + m[o + 10];
      out[i + 2] = m[o + 2] * x + m[o + 5] * y + m[o + 8] * z + m[o + 11];
    }
  }
  return out;
}

/**
 * Directions (normals, or tangents with `stride` 4 whose w is kept and flipped by a mirroring
 * transform) through the placement, renormalised; zero vectors stay zero.
 */
export function placeDirections(values: Float32Array, stride: 3 | 4, p: Placement, normals: boolean): Float32Array {
  if (p.kind === 'none') return values;
  const out = new Float32Array(values.length);
  const rigid = p.kind === 'rigid';
  const r = rigid ? (normals ? p.normal : Float64Array.from([0, 1, 2, 4, 5, 6, 8, 9, 10], (k) => p.m[k])) : p.m;
  const flip = rigid && p.mirror ? -1 : 1;
  for (let v = 0, i = 0; i < values.length; v++, i += stride) {
    const o = rigid ? 0 : v * 12;
    const x = values[i], y = values[i + 1], z = values[i + 2];
    const ox = r[o] * x + r[o + 3] * y + r[o + 6] * z;
    const oy = r[o + 1] * x + r[o + 4] * y + r[o + 7] * z;
    const oz = r[o + 2] * x + r[o + 5] * y + r[o + 8] * z;
    const l = Math.hypot(ox, oy, oz);
    const s = l > 0 ? 1 / l : 0;
    out[i] = ox * s;
    out[i + 1] = oy * s;
    out[i + 2] = oz * s;
    if (stride === 4) out[i + 3] = values[i + 3] * flip;
  }
  return out;
}
