// Rest-pose matrices in doubles, and the rigid part MS3D keeps of them: joints have a translation
// and a rotation only (docs/formats/ms3d.md §5.3), so scale is taken out (uniform scale exactly,
// see joints.ts) and baked into the vertices instead.
import { computeWorldMatrices64, math, type Node, type Quat, type Scene, type Vec3 } from '@relic3d/core';

export type Mat = Float64Array;

const finiteOr = (v: number | undefined, d: number) => (v !== undefined && Number.isFinite(v) ? v : d);

/** A node's rest TRS (a matrix is decomposed), with a unit rotation and finite values. */
export function restTRS(node: Node): { t: Vec3; q: Quat; s: Vec3 } {
  if (node.matrix) {
    const d = math.decompose(node.matrix);
    return { t: d.translation.map((v) => finiteOr(v, 0)) as Vec3, q: math.quatNormalize(d.rotation), s: d.scale.map((v) => finiteOr(v, 1)) as Vec3 };
  }
  const t = node.translation ?? [0, 0, 0];
  const s = node.scale ?? [1, 1, 1];
  return {
    t: [finiteOr(t[0], 0), finiteOr(t[1], 0), finiteOr(t[2], 0)],
    q: math.quatNormalize(node.rotation ?? [0, 0, 0, 1]),
    s: [finiteOr(s[0], 1), finiteOr(s[1], 1), finiteOr(s[2], 1)],
  };
}

/** The node's rest local matrix (its matrix as stored, else its TRS). */
export function restLocal(node: Node, out: Mat = new Float64Array(16)): Mat {
  if (node.matrix) {
    for (let i = 0; i < 16; i++) out[i] = finiteOr(node.matrix[i], i % 5 === 0 ? 1 : 0);
    return out;
  }
  const { t, q, s } = restTRS(node);
  math.fromTRS(t, q, s, out);
  return out;
}

/** World matrices of every node at rest, 16 doubles each. */
export function restWorlds(scene: Scene): Float64Array {
  return computeWorldMatrices64(scene, restLocal);
}

export function isIdentity(m: ArrayLike<number>, tolerance = 0): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[i] - (i % 5 === 0 ? 1 : 0)) > tolerance) return false;
  return true;
}

/** A rigid transform (rotation then translation) and the scale that was taken out of it. */
export interface Rigid {
  t: Vec3;
  q: Quat;
  /** Column lengths of the 3×3 part (x negative for a mirror). */
  scale: Vec3;
  /** The columns have equal length (within 1e-5) and no mirror: taking the scale out is exact. */
  uniform: boolean;
}

export function rigidOf(m: ArrayLike<number>): Rigid {
  const d = math.decompose(m);
  const [sx, sy, sz] = d.scale;
  const top = Math.max(Math.abs(sx), Math.abs(sy), Math.abs(sz), 1e-30);
  const uniform = sx > 0 && Math.abs(sx - sy) <= 1e-5 * top && Math.abs(sx - sz) <= 1e-5 * top;
  return { t: d.translation, q: d.rotation, scale: d.scale, uniform };
}

/** Uniform scale of a matrix (its mean column length), snapped to 1 within 1e-6. */
export function uniformScale(rigid: Rigid): number {
  const s = (Math.abs(rigid.scale[0]) + Math.abs(rigid.scale[1]) + Math.abs(rigid.scale[2])) / 3;
  return Math.abs(s - 1) <= 1e-6 ? 1 : s;
}

/** conj(a) ⊗ b for unit quaternions. */
export function quatDivide(a: ArrayLike<number>, b: ArrayLike<number>): Quat {
  return math.quatMultiply([-a[0], -a[1], -a[2], a[3]], b);
}

/** The rotation of `v` by the inverse of unit quaternion `q`. */
export function unrotate(q: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  return math.quatRotateVec3([-q[0], -q[1], -q[2], q[3]], v);
}

/** `child` expressed in `parent`'s frame: parent⁻¹ · child, both rigid. */
export function relativeRigid(parent: Rigid | undefined, child: Rigid): { t: Vec3; q: Quat } {
  if (!parent) return { t: child.t, q: child.q };
  const d: Vec3 = [child.t[0] - parent.t[0], child.t[1] - parent.t[1], child.t[2] - parent.t[2]];
  return { t: unrotate(parent.q, d), q: math.quatNormalize(quatDivide(parent.q, child.q)) };
}
