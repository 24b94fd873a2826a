/**
 * Column-major 4×4 matrix helpers. Functions write into `out` and return it, so hot loops can
 * reuse storage.
 */
import type { Mat4, Quat, Vec3 } from '../scene/types.js';
import { quatFromRotationMatrix3 } from './quaternion.js';

export type MutableMat4 = Float32Array | Float64Array | number[];

export function identity(out: MutableMat4 = new Float32Array(16)): MutableMat4 {
  out.fill(0);
  out[0] = out[5] = out[10] = out[15] = 1;
  return out;
}

/** out = a × b (column-major; applies b first). `out` may alias a or b. */
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>, out: MutableMat4 = new Float32Array(16)): MutableMat4 {
  multiplyAt(a, 0, b, 0, out, 0);
  return out;
}

/** `multiply` on matrices stored at offsets (a frame's matrices in one array): no subarray per call, the same bits. */
export function multiplyAt(a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, out: MutableMat4, at: number): void {
  const a00 = a[aAt], a01 = a[aAt + 1], a02 = a[aAt + 2], a03 = a[aAt + 3];
  const a10 = a[aAt + 4], a11 = a[aAt + 5], a12 = a[aAt + 6], a13 = a[aAt + 7];
  const a20 = a[aAt + 8], a21 = a[aAt + 9], a22 = a[aAt + 10], a23 = a[aAt + 11];
  const a30 = a[aAt + 12], a31 = a[aAt + 13], a32 = a[aAt + 14], a33 = a[aAt + 15];
  for (let c = 0; c < 4; c++) {
    const k = bAt + c * 4, o = at + c * 4;
    const b0 = b[k], b1 = b[k + 1], b2 = b[k + 2], b3 = b[k + 3];
    out[o] = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    out[o + 1] = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    out[o + 2] = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    out[o + 3] = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
  }
}

/** Inverse; returns undefined for a singular matrix. */
export function invert(m: ArrayLike<number>, out: MutableMat4 = new Float32Array(16)): MutableMat4 | undefined {
  return invertAt(m, 0, out, 0) ? out : undefined;
}

/** `invert` on matrices stored at offsets: no subarray per call, the same bits; false for a singular matrix (out untouched). */
export function invertAt(m: ArrayLike<number>, mAt: number, out: MutableMat4, at: number): boolean {
  const a00 = m[mAt], a01 = m[mAt + 1], a02 = m[mAt + 2], a03 = m[mAt + 3];
  const a10 = m[mAt + 4], a11 = m[mAt + 5], a12 = m[mAt + 6], a13 = m[mAt + 7];
  const a20 = m[mAt + 8], a21 = m[mAt + 9], a22 = m[mAt + 10], a23 = m[mAt + 11];
  const a30 = m[mAt + 12], a31 = m[mAt + 13], a32 = m[mAt + 14], a33 = m[mAt + 15];
  const b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;
  let det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!det || !Number.isFinite(det)) return false;
  det = 1 / det;
  out[at] = (a11 * b11 - a12 * b10 + a13 * b09) * det;
  out[at + 1] = (a02 * b10 - a01 * b11 - a03 * b09) * det;
  out[at + 2] = (a31 * b05 - a32 * b04 + a33 * b03) * det;
  out[at + 3] = (a22 * b04 - a21 * b05 - a23 * b03) * det;
  out[at + 4] = (a12 * b08 - a10 * b11 - a13 * b07) * det;
  out[at + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * det;
  out[at + 6] = (a32 * b02 - a30 * b05 - a33 * b01) * det;
  out[at + 7] = (a20 * b05 - a22 * b02 + a23 * b01) * det;
  out[at + 8] = (a10 * b10 - a11 * b08 + a13 * b06) * det;
  out[at + 9] = (a01 * b08 - a00 * b10 - a03 * b06) * det;
  out[at + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * det;
  out[at + 11] = (a21 * b02 - a20 * b04 - a23 * b00) * det;
  out[at + 12] = (a11 * b07 - a10 * b09 - a12 * b06) * det;
  out[at + 13] = (a00 * b09 - a01 * b07 + a02 * b06) * det;
  out[at + 14] = (a31 * b01 - a30 * b03 - a32 * b00) * det;
  out[at + 15] = (a20 * b03 - a21 * b01 + a22 * b00) * det;
  return true;
}

export function transpose(m: ArrayLike<number>, out: MutableMat4 = new Float32Array(16)): MutableMat4 {
  const t = Array.from({ length: 16 }, (_, i) => m[i]);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) out[c * 4 + r] = t[r * 4 + c];
  return out;
}

/** Determinant of the upper 3×3 (negative for a mirroring transform). */
export function determinant3(m: ArrayLike<number>): number {
  return (
    m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5])
  );
}

/** Matrix from translation, rotation (xyzw) and scale. */
export function fromTRS(
  t: ArrayLike<number> = [0, 0, 0],
  q: ArrayLike<number> = [0, 0, 0, 1],
  s: ArrayLike<number> = [1, 1, 1],
  out: MutableMat4 = new Float32Array(16),
): MutableMat4 {
  fromTRSAt(t, 0, q, 0, s, 0, out, 0);
  return out;
}

/**
 * `fromTRS` on parts stored at offsets (a frame's sampled translations, rotations and scales in three
 * arrays, its matrices in a fourth): no copy or subarray per call, the same bits.
 */
export function fromTRSAt(t: ArrayLike<number>, tAt: number, q: ArrayLike<number>, qAt: number, s: ArrayLike<number>, sAt: number, out: MutableMat4, at: number): void {
  const x = q[qAt], y = q[qAt + 1], z = q[qAt + 2], w = q[qAt + 3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[at] = (1 - (yy + zz)) * s[sAt];
  out[at + 1] = (xy + wz) * s[sAt];
  out[at + 2] = (xz - wy) * s[sAt];
  out[at + 3] = 0;
  out[at + 4] = (xy - wz) * s[sAt + 1];
  out[at + 5] = (1 - (xx + zz)) * s[sAt + 1];
  out[at + 6] = (yz + wx) * s[sAt + 1];
  out[at + 7] = 0;
  out[at + 8] = (xz + wy) * s[sAt + 2];
  out[at + 9] = (yz - wx) * s[sAt + 2];
  out[at + 10] = (1 - (xx + yy)) * s[sAt + 2];
  out[at + 11] = 0;
  out[at + 12] = t[tAt];
  out[at + 13] = t[tAt + 1];
  out[at + 14] = t[tAt + 2];
  out[at + 15] = 1;
}

/** Splits an affine matrix into TRS. A mirroring matrix gets a negative x scale. */
export function decompose(m: ArrayLike<number>): { translation: Vec3; rotation: Quat; scale: Vec3 } {
  let sx = Math.hypot(m[0], m[1], m[2]);
  const sy = Math.hypot(m[4], m[5], m[6]);
  const sz = Math.hypot(m[8], m[9], m[10]);
  if (determinant3(m) < 0) sx = -sx;
  const r = [
    m[0] / sx, m[1] / sx, m[2] / sx,
    m[4] / sy, m[5] / sy, m[6] / sy,
    m[8] / sz, m[9] / sz, m[10] / sz,
  ];
  // A loop, not map(): a closure made per call lost its optimised code at every full GC (writers call this per key).
  for (let k = 0; k < 9; k++) if (!Number.isFinite(r[k])) r[k] = 0;
  return {
    translation: [m[12], m[13], m[14]],
    rotation: quatFromRotationMatrix3(r),
    scale: [sx, sy, sz],
  };
}

/** Transforms a point (w = 1). */
export function transformPoint(m: ArrayLike<number>, x: number, y: number, z: number): Vec3 {
  return [
    m[0] * x + m[4] * y + m[8] * z + m[12],
    m[1] * x + m[5] * y + m[9] * z + m[13],
    m[2] * x + m[6] * y + m[10] * z + m[14],
  ];
}

export function mat4Equals(a: Mat4, b: Mat4, epsilon = 1e-5): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(a[i] - b[i]) > epsilon) return false;
  return true;
}
