/**
 * The client's bone math (CMotion::AnimateBone, D3DX) and what glTF nodes can carry of it.
 *
 * The client builds a key's local matrix with D3DXMatrixRotationQuaternion, which does not
 * normalise: a quaternion of length s gives (1 − s²)·I + s²·R, a rotation with a scale across its
 * axis. Constant bone matrices and rest poses can be sheared. glTF nodes hold T · R · S only, so
 * such a matrix is carried by two nodes: a "shear" node T · U · Σ above the joint, which turns by
 * Vᵀ (A = U Σ Vᵀ, the singular value decomposition). Both are exact; the choice of U and V follows
 * the previous key so that interpolated keys stay close.
 *
 * Matrices here are Float64Array, column-major, in scene space unless named `row` (D3D); axes.ts's
 * `convertMatrix` takes a row-vector D3D matrix to scene space.
 */
import { math, type AffineSplit } from '@relic3d/core';

export type M64 = Float64Array;

/** Quaternions whose squared length is within this of 1 are unit (float noise in real files is ~6e-6). */
export const UNIT_TOLERANCE = 1e-4;

/**
 * The client's local matrix of a key (quaternion x, y, z, w then position), row-vector D3D form:
 * D3DXMatrixRotationQuaternion (no normalisation) × translation.
 */
export function clientKeyRow(keys: ArrayLike<number>, o: number, out: M64 = new Float64Array(16)): M64 {
  const x = keys[o], y = keys[o + 1], z = keys[o + 2], w = keys[o + 3];
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y + z * w);
  out[2] = 2 * (x * z - y * w);
  out[3] = 0;
  out[4] = 2 * (x * y - z * w);
  out[5] = 1 - 2 * (x * x + z * z);
  out[6] = 2 * (y * z + x * w);
  out[7] = 0;
  out[8] = 2 * (x * z + y * w);
  out[9] = 2 * (y * z - x * w);
  out[10] = 1 - 2 * (x * x + y * y);
  out[11] = 0;
  out[12] = keys[o + 4];
  out[13] = keys[o + 5];
  out[14] = keys[o + 6];
  out[15] = 1;
  return out;
}

/** Row-vector product a × b (applies a first), as D3DX multiplies. */
export function rowMultiply(a: ArrayLike<number>, b: ArrayLike<number>, out: M64 = new Float64Array(16)): M64 {
  // Row-major a × b is column-major b × a.
  return math.multiply(b, a, out) as M64;
}

export const multiply = (a: ArrayLike<number>, b: ArrayLike<number>, out: M64 = new Float64Array(16)): M64 => math.multiply(a, b, out) as M64;
export const invert = (m: ArrayLike<number>): M64 | undefined => math.invert(m, new Float64Array(16)) as M64 | undefined;

/** T · R · S of a split's shear node times the joint's rotation: the matrix it carries. */
export function splitMatrix(s: Pick<AffineSplit, 'translation' | 'rotation' | 'scale' | 'inner'>): M64 {
  const outer = math.fromTRS(s.translation, s.rotation, s.scale, new Float64Array(16));
  const inner = math.fromTRS([0, 0, 0], s.inner, [1, 1, 1], new Float64Array(16));
  return multiply(outer, inner);
}

/** Largest element difference of two matrices' 3×3 parts relative to the first's size, plus translation. */
export function relativeDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0, size = 0;
  for (const k of [0, 1, 2, 4, 5, 6, 8, 9, 10]) {
    worst = Math.max(worst, Math.abs(a[k] - b[k]));
    size = Math.max(size, Math.abs(a[k]));
  }
  return size > 0 ? worst / size : worst;
}

/**
 * D3DXQuaternionSlerp as the client calls it: the short arc, and no normalisation (plain
 * interpolation when the keys are within 0.001 of parallel).
 */
export function d3dxSlerp(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, t: number, out: number[]): number[] {
  let d = a[ao] * b[bo] + a[ao + 1] * b[bo + 1] + a[ao + 2] * b[bo + 2] + a[ao + 3] * b[bo + 3];
  let k0 = 1 - t, k1 = t;
  if (d < 0) {
    k1 = -k1;
    d = -d;
  }
  if (1 - d > 0.001) {
    const theta = Math.acos(d);
    k0 = Math.sin(theta * (1 - t)) / Math.sin(theta);
    k1 = Math.sin(theta * k1) / Math.sin(theta);
  }
  for (let c = 0; c < 4; c++) out[c] = k0 * a[ao + c] + k1 * b[bo + c];
  return out;
}

/** How far the client's matrix of a key is from the rotation of its normalised quaternion (largest singular value off 1). */
export function clientScaleError(keys: ArrayLike<number>, o: number): number {
  const s2 = keys[o] * keys[o] + keys[o + 1] * keys[o + 1] + keys[o + 2] * keys[o + 2] + keys[o + 3] * keys[o + 3];
  if (!(s2 > 0)) return 1;
  // (1 − s²)·I + s²·R scales by |1 − s² + s²·e^{iθ}| across the axis, θ the rotation angle.
  const cos = Math.min(1, Math.max(-1, 1 - (2 * (keys[o] * keys[o] + keys[o + 1] * keys[o + 1] + keys[o + 2] * keys[o + 2])) / s2));
  return Math.abs(Math.sqrt(1 + 2 * s2 * (s2 - 1) * (1 - cos)) - 1);
}

/** A relative size as a percentage with two significant digits. */
export const percent = (x: number) => `${(100 * x).toPrecision(2)}%`;
