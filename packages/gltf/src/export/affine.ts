// Affine matrices glTF cannot hold as one node (sheared ones), in double precision.
import { math, splitAffine } from '@relic3d/core';

export { isTRS, splitAffine, trsResidual, TRS_TOLERANCE, type AffineSplit as Split } from '@relic3d/core';

/** Column-major 4×4 in double precision. */
export type M64 = Float64Array;

export const multiply = (a: ArrayLike<number>, b: ArrayLike<number>): M64 => math.multiply(a, b, new Float64Array(16)) as M64;
export const fromTRS = (t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>): M64 => math.fromTRS(t, r, s, new Float64Array(16)) as M64;
export const rotationMatrix = (q: ArrayLike<number>): M64 => fromTRS([0, 0, 0], q, [1, 1, 1]);

/** The linear part of `m` (translation dropped). */
export function linearPart(m: ArrayLike<number>): M64 {
  const out = Float64Array.from(m);
  out[12] = out[13] = out[14] = 0;
  out[3] = out[7] = out[11] = 0;
  out[15] = 1;
  return out;
}

/** Largest singular value of (A − I): how far the linear map moves a point, per unit of its distance. */
export function distanceFromIdentity(a: ArrayLike<number>): number {
  const d = linearPart(a);
  d[0] -= 1;
  d[5] -= 1;
  d[10] -= 1;
  const { scale } = splitAffine(d);
  return Math.max(...scale.map(Math.abs));
}

/** Angle of a unit quaternion's rotation, in degrees. */
export const angleOf = (q: ArrayLike<number>): number => (2 * Math.acos(Math.min(1, Math.abs(q[3]))) * 180) / Math.PI;
