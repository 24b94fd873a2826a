// The inverse of ../scene/axes.ts. MS3D already uses glTF's conventions (docs/formats/ms3d.md §4.2):
// right-handed, +Y up, counter-clockwise front faces, `t` from the top left. Positions, winding and
// UVs pass through; only rotations convert, quaternions → Euler XYZ radians with R = Rz · Ry · Rx.
import { math, type Vec3 } from '@relic3d/core';

/** An xyzw quaternion as MilkShape's Euler angles (the inverse of `eulerToQuat`). */
export function axesEulerXYZ(q: ArrayLike<number>): Vec3 {
  // + 0 turns −0 into 0: the same rotation always gives the same bytes.
  return math.eulerXYZFromQuat(q).map((v) => v + 0) as Vec3;
}

/**
 * `math.eulerXYZFromQuat` of a unit quaternion, written at `out[o..o+2]`, without an allocation
 * and with three atan2 (an animated file is mostly rotation keys): y from atan2 (exact near ±90°,
 * where asin is not), x and z from their rows; at gimbal lock, where those rows are rounding noise,
 * z is 0 and x takes the turn (core's rows given z). A test checks they agree.
 */
export function eulerInto(x: number, y: number, z: number, w: number, out: Float32Array, o: number): void {
  const r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + w * z), r20 = 2 * (x * z - w * y);
  const cy = Math.sqrt(r00 * r00 + r10 * r10);
  // + 0 turns −0 into 0: the same rotation always gives the same bytes.
  out[o + 1] = Math.atan2(-r20, cy) + 0;
  if (cy > 1e-12) {
    out[o] = Math.atan2(2 * (y * z + w * x), 1 - 2 * (x * x + y * y)) + 0;
    out[o + 2] = Math.atan2(r10, r00) + 0;
  } else {
    out[o] = Math.atan2(-2 * (y * z - w * x), 1 - 2 * (x * x + z * z)) + 0;
    out[o + 2] = 0;
  }
}

/**
 * A key relative to the bind pose (docs/formats/ms3d.md §5.4): the reader composes
 * rotation = q_bind ⊗ q_key and translation = p_bind + R_bind · p_key, so
 * q_key = q_bind⁻¹ ⊗ q and p_key = R_bind⁻¹ · (p − p_bind).
 * Writes the Euler angles of q_key (q: unit, xyzw) at `out[o..o+2]`.
 */
export function rotationKey(bind: ArrayLike<number>, qx: number, qy: number, qz: number, qw: number, out: Float32Array, o: number): void {
  const bx = -bind[0], by = -bind[1], bz = -bind[2], bw = bind[3];
  const x = bw * qx + bx * qw + by * qz - bz * qy;
  const y = bw * qy - bx * qz + by * qw + bz * qx;
  const z = bw * qz + bx * qy - by * qx + bz * qw;
  const w = bw * qw - bx * qx - by * qy - bz * qz;
  const l = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  eulerInto(x / l, y / l, z / l, w / l, out, o);
}

/** p_key = R_bind⁻¹ · (p − p_bind), written at `out[o..o+2]`. */
export function positionKey(bindQ: ArrayLike<number>, bindP: ArrayLike<number>, px: number, py: number, pz: number, out: Float32Array, o: number): void {
  // v' = q⁻¹ v q for unit q (math.quatRotateVec3 with the conjugate), inlined.
  const qx = -bindQ[0], qy = -bindQ[1], qz = -bindQ[2], qw = bindQ[3];
  const vx = px - bindP[0], vy = py - bindP[1], vz = pz - bindP[2];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

const TWO_PI = 2 * Math.PI;
const near = (angle: number, to: number) => angle - TWO_PI * Math.round((angle - to) / TWO_PI);

/**
 * Makes the Euler key at `out[o..o+2]` continue the one at `out[p..p+2]`: of the two Euler triples
 * of the same rotation, (x, y, z) and (x + π, π − y, z + π), each taken to its nearest 2π turn, the
 * one closest to the previous key. Readers slerp, but simple loaders interpolate the angles one by
 * one, and a jump of 2π would spin the joint.
 */
export function continueEuler(out: Float32Array, o: number, p: number): void {
  const px = out[p], py = out[p + 1], pz = out[p + 2];
  const x = out[o], y = out[o + 1], z = out[o + 2];
  // Within π/2 of the key before in all: no turn is nearer, and the other triple is over π/2 away in x alone.
  if (Math.abs(x - px) + Math.abs(y - py) + Math.abs(z - pz) < Math.PI / 2) return;
  const ax = near(x, px), ay = near(y, py), az = near(z, pz);
  const bx = near(x + Math.PI, px), by = near(Math.PI - y, py), bz = near(z + Math.PI, pz);
  const a = Math.abs(ax - px) + Math.abs(ay - py) + Math.abs(az - pz);
  const b = Math.abs(bx - px) + Math.abs(by - py) + Math.abs(bz - pz);
  if (b < a - 1e-9) {
    out[o] = bx;
    out[o + 1] = by;
    out[o + 2] = bz;
  } else {
    out[o] = ax;
    out[o + 1] = ay;
    out[o + 2] = az;
  }
}
