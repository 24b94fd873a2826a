/**
 * glTF conventions → 3ds Max: the inverse of `../scene/axes.ts` and of the node frames of
 * `../scene/nodes.ts`. C = `Z_UP_TO_Y_UP` maps Max axes to scene axes; a node's scene world matrix
 * is G = C · W · Y with W its `*NODE_TM` and Y = C⁻¹ (meshes, helpers, shapes, targets) or the
 * identity (cameras and lights, whose −Z view axis is the same in both systems). So W = C⁻¹ · G · Y⁻¹.
 */
import { Y_UP_TO_Z_UP, Y_UP_TO_Z_UP_QUAT, Z_UP_TO_Y_UP, Z_UP_TO_Y_UP_QUAT, math, type Quat } from '@relic3d/core';

export type M4 = Float64Array;

export function mul(a: ArrayLike<number>, b: ArrayLike<number>): M4 {
  return math.multiply(a, b, new Float64Array(16)) as M4;
}

/** The `*NODE_TM` (Max axes, column form) of a node whose scene world matrix is `g`. */
export function maxWorld(g: ArrayLike<number>, yInverse: boolean): M4 {
  const w = mul(Y_UP_TO_Z_UP, g);
  return yInverse ? mul(w, Z_UP_TO_Y_UP) : w;
}

/** Max row-vector rows TM_ROW0..3 (12 numbers) of a column-major matrix: rows are its columns. */
export function matrixRows(m: ArrayLike<number>): number[] {
  return [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]];
}

/**
 * The axis and angle Max writes for a column-vector quaternion (docs/formats/ase.md §5.3: the
 * reader builds `R(axis, −angle)`): the short arc, angle in [0, π], axis negated. A zero rotation
 * gives axis (0, 0, 0) and angle 0, as Max writes for an identity.
 */
export function maxAxisAngle(q: ArrayLike<number>): [number, number, number, number] {
  let x = q[0], y = q[1], z = q[2], w = q[3];
  if (w < 0) {
    x = -x; y = -y; z = -z; w = -w;
  }
  const s = math.hypot3(x, y, z);
  if (!(s > 1e-12)) return [0, 0, 0, 0];
  const angle = 2 * Math.atan2(s, w);
  return [-x / s, -y / s, -z / s, angle];
}

/** How a node's scene-local TRS maps to its Max-local TRS: the inverse of the reader's `NodeFrame`. */
export interface MaxFrame {
  /** Max-local translation = parentFixInverse · t. */
  parentFixInverse: Quat;
  /** Max-local rotation = parentFixInverse ⊗ q ⊗ ownFixInverse. */
  ownFixInverse: Quat;
  /** Max-local scale = scene scale with these axes (a permutation, its own inverse). */
  scalePerm: [number, number, number];
}

const IDENTITY_Q: Quat = [0, 0, 0, 1];

/** `parentYInverse`: the parent's frame is Y-inverted (or the node is a root); `yInverse`: the node's own. */
export function maxFrame(parentYInverse: boolean, yInverse: boolean): MaxFrame {
  return {
    parentFixInverse: parentYInverse ? Y_UP_TO_Z_UP_QUAT : IDENTITY_Q,
    ownFixInverse: yInverse ? Z_UP_TO_Y_UP_QUAT : IDENTITY_Q,
    scalePerm: yInverse ? [0, 2, 1] : [0, 1, 2],
  };
}

export function maxTranslation(frame: MaxFrame, t: ArrayLike<number>): number[] {
  return math.quatRotateVec3(frame.parentFixInverse, t);
}

export function maxRotation(frame: MaxFrame, q: ArrayLike<number>): Quat {
  return math.quatNormalize(math.quatMultiply(math.quatMultiply(frame.parentFixInverse, q), frame.ownFixInverse));
}

export function maxScale(frame: MaxFrame, s: ArrayLike<number>): number[] {
  return frame.scalePerm.map((i) => s[i]);
}

/** `maxTranslation` of `t[i..i+2]` written at `out[o..o+2]` (the same bits, no arrays: per-sample loops). */
export function maxTranslationInto(frame: MaxFrame, t: Float32Array, i: number, out: Float64Array, o: number): void {
  // quatRotateVec3(parentFixInverse, t), term for term.
  const q = frame.parentFixInverse;
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const v0 = t[i], v1 = t[i + 1], v2 = t[i + 2];
  const ix = w * v0 + y * v2 - z * v1;
  const iy = w * v1 + z * v0 - x * v2;
  const iz = w * v2 + x * v1 - y * v0;
  const iw = -x * v0 - y * v1 - z * v2;
  out[o] = ix * w + iw * -x + iy * -z - iz * -y;
  out[o + 1] = iy * w + iw * -y + iz * -x - ix * -z;
  out[o + 2] = iz * w + iw * -z + ix * -y - iy * -x;
}

/** `maxRotation` of `q[i..i+3]` written at `out[o..o+3]` (the same bits, no arrays). */
export function maxRotationInto(frame: MaxFrame, q: Float32Array, i: number, out: Float64Array, o: number): void {
  // quatNormalize(quatMultiply(quatMultiply(P, q), O)), term for term.
  const p = frame.parentFixInverse, f = frame.ownFixInverse;
  let ax = p[0], ay = p[1], az = p[2], aw = p[3];
  let bx = q[i], by = q[i + 1], bz = q[i + 2], bw = q[i + 3];
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  ax = x; ay = y; az = z; aw = w;
  bx = f[0]; by = f[1]; bz = f[2]; bw = f[3];
  const rx = aw * bx + ax * bw + ay * bz - az * by;
  const ry = aw * by - ax * bz + ay * bw + az * bx;
  const rz = aw * bz + ax * by - ay * bx + az * bw;
  const rw = aw * bw - ax * bx - ay * by - az * bz;
  // quatNormalizeInto's steps.
  const l = math.hypot4(rx, ry, rz, rw);
  if (!l || !Number.isFinite(l)) {
    out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 1;
    return;
  }
  out[o] = rx / l; out[o + 1] = ry / l; out[o + 2] = rz / l; out[o + 3] = rw / l;
}

/** `maxScale` of `s[i..i+2]` written at `out[o..o+2]`. */
export function maxScaleInto(frame: MaxFrame, s: Float32Array, i: number, out: Float64Array, o: number): void {
  out[o] = s[i + frame.scalePerm[0]];
  out[o + 1] = s[i + frame.scalePerm[1]];
  out[o + 2] = s[i + frame.scalePerm[2]];
}

/** A scene direction (node-local, scene axes) → Max object space: C⁻¹ · n, normalised (0 when degenerate). */
export function maxDirection(x: number, y: number, z: number, out: Float64Array): void {
  // C⁻¹ maps (x, y, z) to (x, −z, y).
  const l = math.hypot3(x, y, z);
  if (!(l > 0) || !Number.isFinite(l)) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  out[0] = x / l;
  out[1] = -z / l;
  out[2] = y / l;
}
