/**
 * 3ds Max → glTF conventions. Max is right-handed Z-up with row vectors; the scene is right-handed
 * Y-up with column vectors. Core's `Z_UP_TO_Y_UP` (written C in the comments) maps Max axes to scene
 * axes, (x, y, z) → (x, z, −y); `Y_UP_TO_Z_UP` is C⁻¹ and `Z_UP_TO_Y_UP_QUAT` its quaternion.
 */
import { math, type Quat } from '@relic3d/core';

export type M4 = Float64Array;

export const IDENTITY: M4 = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** Max row-vector rows (TM_ROW0..3, 12 numbers) → column-major matrix in Max axes. */
export function rowsToMatrix(rows: ArrayLike<number> | undefined, out: M4 = new Float64Array(16)): M4 {
  if (!rows) {
    out.set(IDENTITY);
    return out;
  }
  out[0] = rows[0], out[1] = rows[1], out[2] = rows[2], out[3] = 0;
  out[4] = rows[3], out[5] = rows[4], out[6] = rows[5], out[7] = 0;
  out[8] = rows[6], out[9] = rows[7], out[10] = rows[8], out[11] = 0;
  out[12] = rows[9], out[13] = rows[10], out[14] = rows[11], out[15] = 1;
  return out;
}

export function mul(a: ArrayLike<number>, b: ArrayLike<number>): M4 {
  return math.multiply(a, b, new Float64Array(16)) as M4;
}

export function inv(m: ArrayLike<number>): M4 | undefined {
  return math.invert(m, new Float64Array(16)) as M4 | undefined;
}

export function det3(m: ArrayLike<number>): number {
  return math.determinant3(m);
}

/**
 * An ASE axis-angle (docs/formats/ase.md §5.3) as a column-vector quaternion in Max axes: the angle
 * is negated because the values are meant for Max's row-vector matrices.
 */
export function aseRotation(ax: number, ay: number, az: number, angle: number): Quat {
  if (!(Math.hypot(ax, ay, az) > 0) || !Number.isFinite(angle)) return [0, 0, 0, 1];
  return math.quatFromAxisAngle([ax, ay, az], -angle);
}

export const qmul = math.quatMultiply;

/** Transforms a point by a column-major matrix into `out` at `o`. */
export function transformPoint(m: ArrayLike<number>, x: number, y: number, z: number, out: Float32Array, o: number): void {
  out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}
