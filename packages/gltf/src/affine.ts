// Affine matrices glTF cannot hold as one node (sheared ones), in double precision.
import { math, type Quat, type Vec3 } from '@relic3d/core';

/** Column-major 4×4 in double precision. */
export type M64 = Float64Array;

/** A 3×3 part within this fraction of its size of T·R·S is taken as TRS (text formats keep ~4 digits). */
export const TRS_TOLERANCE = 1e-4;

const LINEAR = [0, 1, 2, 4, 5, 6, 8, 9, 10];

export const multiply = (a: ArrayLike<number>, b: ArrayLike<number>): M64 => math.multiply(a, b, new Float64Array(16)) as M64;
export const fromTRS = (t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>): M64 => math.fromTRS(t, r, s, new Float64Array(16)) as M64;
export const rotationMatrix = (q: ArrayLike<number>): M64 => fromTRS([0, 0, 0], q, [1, 1, 1]);

/** How far a matrix's 3×3 part is from its TRS decomposition, relative to its largest entry. */
export function trsResidual(m: ArrayLike<number>): number {
  const d = math.decompose(m);
  const back = fromTRS(d.translation, d.rotation, d.scale);
  let worst = 0, size = 0;
  for (const k of LINEAR) {
    worst = Math.max(worst, Math.abs(back[k] - m[k]));
    size = Math.max(size, Math.abs(m[k]));
  }
  return size > 0 ? worst / size : 0;
}

export const isTRS = (m: ArrayLike<number>): boolean => trsResidual(m) <= TRS_TOLERANCE;

/** An affine matrix as a TRS node (T · U · Σ) above a rotation (Vᵀ): the 3×3 part is U Σ Vᵀ. */
export interface Split {
  translation: Vec3;
  /** U */
  rotation: Quat;
  /** Σ; the smallest is negative for a mirroring matrix */
  scale: Vec3;
  /** Vᵀ */
  inner: Quat;
}

const column = (m: ArrayLike<number>, c: number): number[] => [m[c * 4], m[c * 4 + 1], m[c * 4 + 2]];
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: number[], b: number[]): number[] => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: number[]): number[] => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
};

/**
 * Singular value decomposition of the 3×3 part by one-sided Jacobi rotations: the columns of A·V
 * are made orthogonal, so U Σ = A V holds to rounding and V is a product of rotations.
 */
export function splitAffine(m: ArrayLike<number>): Split {
  const b = [column(m, 0), column(m, 1), column(m, 2)];
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 40; sweep++) {
    let rotated = false;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      const alpha = dot(b[p], b[p]), beta = dot(b[q], b[q]), gamma = dot(b[p], b[q]);
      if (!(Math.abs(gamma) > 1e-15 * Math.sqrt(alpha * beta))) continue;
      rotated = true;
      const zeta = (beta - alpha) / (2 * gamma);
      const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
      const c = 1 / Math.sqrt(1 + t * t), s = c * t;
      for (const x of [b, v]) {
        const xp = x[p], xq = x[q];
        x[p] = [0, 1, 2].map((r) => c * xp[r] - s * xq[r]);
        x[q] = [0, 1, 2].map((r) => s * xp[r] + c * xq[r]);
      }
    }
    if (!rotated) break;
  }
  const sigma = b.map((c) => Math.hypot(c[0], c[1], c[2]));
  // Orthonormal, right-handed U: columns of A V by size, a zero one completed by cross products.
  const order = [0, 1, 2].sort((x, y) => sigma[y] - sigma[x]);
  const u: number[][] = [];
  const [o0, o1, o2] = order;
  u[o0] = sigma[o0] > 0 ? unit(b[o0]) : [[1, 0, 0], [0, 1, 0], [0, 0, 1]][o0];
  let e1 = sigma[o1] > 0 ? unit(b[o1].map((x, r) => x - dot(b[o1], u[o0]) * u[o0][r])) : [0, 0, 0];
  if (!(Math.hypot(...e1) > 0.5)) e1 = unit(cross(u[o0], Math.abs(u[o0][0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
  u[o1] = e1;
  // The third column that makes U a rotation; against A v it shows whether A mirrors.
  const handed = o2 === 2 ? cross(u[0], u[1]) : o2 === 0 ? cross(u[1], u[2]) : cross(u[2], u[0]);
  u[o2] = unit(handed);
  if (dot(b[o2], u[o2]) < 0) sigma[o2] = -sigma[o2];
  const rotation = math.quatFromRotationMatrix3([...u[0], ...u[1], ...u[2]]);
  // Vᵀ column-major: row k of Vᵀ is v_k.
  const vt = [v[0][0], v[1][0], v[2][0], v[0][1], v[1][1], v[2][1], v[0][2], v[1][2], v[2][2]];
  return {
    translation: [m[12], m[13], m[14]],
    rotation: math.quatNormalize(rotation),
    scale: [sigma[0], sigma[1], sigma[2]],
    inner: math.quatNormalize(math.quatFromRotationMatrix3(vt)),
  };
}

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
