/**
 * glTF (right-handed, column vectors) → Direct3D (left-handed, row vectors): the inverse of the
 * reader's scene/axes.ts (docs/formats/o3d.md §5.8). Mirroring Z (`F · M · F`) is its own inverse,
 * and a column-major matrix read as row-major is the row-vector matrix, so one element mask serves
 * both directions. Winding is reversed where triangles are written (geometry.ts).
 */
import type { Vec3 } from '@relic3d/core';

/** Whether element k of a 4×4 matrix changes sign under F · M · F. */
const NEGATED = Array.from({ length: 16 }, (_, k) => ((k >> 2) === 2) !== ((k & 3) === 2));

/** A column-major scene matrix → the 16 floats of a D3DX row-vector matrix (into `out`). */
export function toD3dMatrix<T extends Float32Array | Float64Array = Float32Array>(m: ArrayLike<number>, out: T = new Float32Array(16) as T): T {
  for (let k = 0; k < 16; k++) out[k] = NEGATED[k] ? 0 - m[k] : m[k];
  return out;
}

/** `toD3dMatrix` from `m[mAt..]` into `out[at..]` (a frame's matrices in one array), unrolled: NEGATED's elements 2, 6, 8, 9, 11 and 14. */
export function toD3dMatrixAt(m: ArrayLike<number>, mAt: number, out: Float32Array | Float64Array, at: number): void {
  out[at] = m[mAt];
  out[at + 1] = m[mAt + 1];
  out[at + 2] = 0 - m[mAt + 2];
  out[at + 3] = m[mAt + 3];
  out[at + 4] = m[mAt + 4];
  out[at + 5] = m[mAt + 5];
  out[at + 6] = 0 - m[mAt + 6];
  out[at + 7] = m[mAt + 7];
  out[at + 8] = 0 - m[mAt + 8];
  out[at + 9] = 0 - m[mAt + 9];
  out[at + 10] = m[mAt + 10];
  out[at + 11] = 0 - m[mAt + 11];
  out[at + 12] = m[mAt + 12];
  out[at + 13] = m[mAt + 13];
  out[at + 14] = 0 - m[mAt + 14];
  out[at + 15] = m[mAt + 15];
}

export function toD3dVec3(v: ArrayLike<number>): Vec3 {
  return [v[0], v[1], 0 - v[2]];
}

/** Scene box corners → D3D (min and max swap on z). */
export function toD3dBox(min: ArrayLike<number>, max: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  return { min: [min[0], min[1], 0 - max[2]], max: [max[0], max[1], 0 - min[2]] };
}
