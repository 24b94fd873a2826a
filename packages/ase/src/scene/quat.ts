import type { Quat } from '@relic3d/core';

/** Quaternion helpers on flat arrays, for the per-sample loops (no array per sample). */

export const qconj = (q: ArrayLike<number>): Quat => [-q[0], -q[1], -q[2], q[3]];

/** out[o..o+3] = a[ao..] ⊗ b[bo..] (b applied first, as math.quatMultiply); `out` may be `a` or `b`. */
export function quatMultiplyInto(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, out: Float64Array, o: number): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** math.quatNormalize in place: a zero or non-finite length gives the identity. */
export function normalizeAt(v: Float64Array | number[], o: number): void {
  const l = Math.hypot(v[o], v[o + 1], v[o + 2], v[o + 3]);
  if (!l || !Number.isFinite(l)) {
    v[o] = v[o + 1] = v[o + 2] = 0;
    v[o + 3] = 1;
    return;
  }
  v[o] /= l;
  v[o + 1] /= l;
  v[o + 2] /= l;
  v[o + 3] /= l;
}

/** Logarithm of a unit quaternion: axis × half-angle. */
export function qlog(q: ArrayLike<number>): number[] {
  const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  if (!(l > 1e-12)) return [0, 0, 0];
  const a = Math.atan2(l, q[3]) / l;
  return [q[0] * a, q[1] * a, q[2] * a];
}

export function qexp(v: ArrayLike<number>): Quat {
  const a = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (!(a > 1e-12)) return [0, 0, 0, 1];
  const s = Math.sin(a) / a;
  return [v[0] * s, v[1] * s, v[2] * s, Math.cos(a)];
}
