/**
 * 3ds Max → glTF conventions. Max is right-handed Z-up with row vectors; the scene is right-handed
 * Y-up with column vectors. `C` maps Max axes to scene axes: (x, y, z) → (x, z, −y).
 */
import { math, type Quat } from '@relic3d/core';

export type M4 = Float64Array;

/** Max → scene axes, column-major. */
export const C: M4 = Float64Array.of(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1);
/** Scene → Max axes. */
export const C_INV: M4 = Float64Array.of(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);
/** Quaternion of C: −90° about X. */
export const Q_C: Quat = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2];
export const Q_C_INV: Quat = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
export const IDENTITY: M4 = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** Max row-vector rows (TM_ROW0..3, 12 numbers) → column-major matrix in Max axes. */
export function rowsToMatrix(rows: ArrayLike<number> | undefined): M4 {
  if (!rows) return IDENTITY.slice();
  return Float64Array.of(
    rows[0], rows[1], rows[2], 0,
    rows[3], rows[4], rows[5], 0,
    rows[6], rows[7], rows[8], 0,
    rows[9], rows[10], rows[11], 1,
  );
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

/** Max point → scene axes. */
export function toScene(x: number, y: number, z: number): [number, number, number] {
  return [x, z, -y];
}

/** Quaternion (xyzw) of a right-handed rotation about `axis` by `angle` radians. */
export function axisAngle(axis: ArrayLike<number>, angle: number): Quat {
  return math.quatFromAxisAngle(axis, angle);
}

/**
 * An ASE axis-angle (§5.3 of the spec) as a column-vector quaternion in Max axes: the angle is
 * negated because the values are meant for Max's row-vector matrices.
 */
export function aseRotation(ax: number, ay: number, az: number, angle: number): Quat {
  if (!(Math.hypot(ax, ay, az) > 0) || !Number.isFinite(angle)) return [0, 0, 0, 1];
  return axisAngle([ax, ay, az], -angle);
}

export const qmul = math.quatMultiply;

/** Rotation part of a quaternion as a column-major 4×4. */
export function quatMatrix(q: ArrayLike<number>): M4 {
  return math.fromTRS([0, 0, 0], q, [1, 1, 1], new Float64Array(16)) as M4;
}

/** Transforms a point by a column-major matrix. */
export function point(m: ArrayLike<number>, x: number, y: number, z: number, out: Float32Array, o: number): void {
  out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}

/** Transforms a direction by the upper 3×3 and normalises it. */
export function direction(m: ArrayLike<number>, x: number, y: number, z: number, out: Float32Array, o: number): void {
  const a = m[0] * x + m[4] * y + m[8] * z;
  const b = m[1] * x + m[5] * y + m[9] * z;
  const c = m[2] * x + m[6] * y + m[10] * z;
  const l = Math.hypot(a, b, c);
  if (l > 0 && Number.isFinite(l)) {
    out[o] = a / l; out[o + 1] = b / l; out[o + 2] = c / l;
  } else {
    out[o] = NaN; out[o + 1] = NaN; out[o + 2] = NaN;
  }
}
