/** xyzw quaternion helpers. Functions that take `out` write into it and return it. */
import type { Quat, Vec3 } from '../scene/types.js';
import { hypot2, hypot4 } from './hypot.js';

/** Quaternion from a column-major 3×3 rotation (9 numbers). */
export function quatFromRotationMatrix3(r: ArrayLike<number>): Quat {
  const m00 = r[0], m10 = r[1], m20 = r[2], m01 = r[3], m11 = r[4], m21 = r[5], m02 = r[6], m12 = r[7], m22 = r[8];
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s;
    x = (m21 - m12) * s;
    y = (m02 - m20) * s;
    z = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(Math.max(0, 1 + m00 - m11 - m22));
    w = (m21 - m12) / s;
    x = 0.25 * s;
    y = (m01 + m10) / s;
    z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(Math.max(0, 1 + m11 - m00 - m22));
    w = (m02 - m20) / s;
    x = (m01 + m10) / s;
    y = 0.25 * s;
    z = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(Math.max(0, 1 + m22 - m00 - m11));
    w = (m10 - m01) / s;
    x = (m02 + m20) / s;
    y = (m12 + m21) / s;
    z = 0.25 * s;
  }
  return quatNormalize([x, y, z, w]);
}

export function quatNormalize(q: ArrayLike<number>): Quat {
  const out: Quat = [0, 0, 0, 1];
  quatNormalizeInto(q, out, 0);
  return out;
}

/** `quatNormalize` written at `out[at..at+3]` (the same bits): no array per call, for per-frame loops. */
export function quatNormalizeInto(q: ArrayLike<number>, out: { [i: number]: number }, at: number): void {
  const l = hypot4(q[0], q[1], q[2], q[3]);
  if (!l || !Number.isFinite(l)) {
    out[at] = 0, out[at + 1] = 0, out[at + 2] = 0, out[at + 3] = 1;
    return;
  }
  out[at] = q[0] / l, out[at + 1] = q[1] / l, out[at + 2] = q[2] / l, out[at + 3] = q[3] / l;
}

/** a × b: applies b first. */
export function quatMultiply(a: ArrayLike<number>, b: ArrayLike<number>): Quat {
  const ax = a[0], ay = a[1], az = a[2], aw = a[3];
  const bx = b[0], by = b[1], bz = b[2], bw = b[3];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

export function quatFromAxisAngle(axis: ArrayLike<number>, angle: number): Quat {
  const l = Math.hypot(axis[0], axis[1], axis[2]);
  if (!l) return [0, 0, 0, 1];
  const s = Math.sin(angle / 2) / l;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/**
 * Quaternion for Euler angles in radians applied X first, then Y, then Z: R = Rz · Ry · Rx
 * (the MilkShape and GLScene order).
 */
export function quatFromEulerXYZ(x: number, y: number, z: number): Quat {
  const cx = Math.cos(x / 2), sx = Math.sin(x / 2);
  const cy = Math.cos(y / 2), sy = Math.sin(y / 2);
  const cz = Math.cos(z / 2), sz = Math.sin(z / 2);
  return [
    sx * cy * cz - cx * sy * sz,
    cx * sy * cz + sx * cy * sz,
    cx * cy * sz - sx * sy * cz,
    cx * cy * cz + sx * sy * sz,
  ];
}

/**
 * Euler angles in radians [x, y, z] with R = Rz · Ry · Rx: the inverse of `quatFromEulerXYZ`.
 * y comes from atan2, not asin (which loses precision near ±90°, where real skeletons sit: a float32
 * quaternion through asin moved a 74-unit GLScene model by ~0.01); z from its row, then x solved
 * from the rows given z (Eigen's scheme), which also holds at gimbal lock.
 */
export function eulerXYZFromQuat(q: ArrayLike<number>): [number, number, number] {
  const e: [number, number, number] = [0, 0, 0];
  eulerXYZFromQuatInto(q, e, 0);
  return e;
}

/** `eulerXYZFromQuat` written at `out[at..at+2]` (the same bits): no array per call, for per-frame loops. */
export function eulerXYZFromQuatInto(q: ArrayLike<number>, out: { [i: number]: number }, at: number): void {
  const l = hypot4(q[0], q[1], q[2], q[3]) || 1;
  const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const rz = Math.atan2(r10, r00);
  const ry = Math.atan2(-r20, hypot2(r00, r10));
  const s = Math.sin(rz), c = Math.cos(rz);
  out[at] = Math.atan2(s * r02 - c * r12, c * r11 - s * r01);
  out[at + 1] = ry;
  out[at + 2] = rz;
}

/** Spherical interpolation along the short arc. */
export function quatSlerp(a: ArrayLike<number>, b: ArrayLike<number>, t: number, out: number[] | Float32Array = [0, 0, 0, 1]): number[] | Float32Array {
  quatSlerpAt(a, 0, b, 0, t, out, 0);
  return out;
}

/** `quatSlerp` on quaternions stored at offsets (keys in one array, a frame in another): no allocation. */
export function quatSlerpAt(a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, t: number, out: number[] | Float32Array, at: number): void {
  const ax = a[aAt], ay = a[aAt + 1], az = a[aAt + 2], aw = a[aAt + 3];
  let bx = b[bAt], by = b[bAt + 1], bz = b[bAt + 2], bw = b[bAt + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx; by = -by; bz = -bz; bw = -bw;
  }
  let k0: number, k1: number;
  if (cos > 0.9995) {
    k0 = 1 - t;
    k1 = t;
  } else {
    const theta = Math.acos(Math.min(1, cos));
    const sin = Math.sin(theta);
    k0 = Math.sin((1 - t) * theta) / sin;
    k1 = Math.sin(t * theta) / sin;
  }
  out[at] = ax * k0 + bx * k1;
  out[at + 1] = ay * k0 + by * k1;
  out[at + 2] = az * k0 + bz * k1;
  out[at + 3] = aw * k0 + bw * k1;
  const l = Math.hypot(out[at], out[at + 1], out[at + 2], out[at + 3]) || 1;
  out[at] /= l; out[at + 1] /= l; out[at + 2] /= l; out[at + 3] /= l;
}

/** Rotates vector v by quaternion q. */
export function quatRotateVec3(q: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  const ix = w * v[0] + y * v[2] - z * v[1];
  const iy = w * v[1] + z * v[0] - x * v[2];
  const iz = w * v[2] + x * v[1] - y * v[0];
  const iw = -x * v[0] - y * v[1] - z * v[2];
  return [
    ix * w + iw * -x + iy * -z - iz * -y,
    iy * w + iw * -y + iz * -x - ix * -z,
    iz * w + iw * -z + ix * -y - iy * -x,
  ];
}

/** Makes consecutive quaternions (4 floats each) take the short way by flipping signs in place. */
export function makeQuaternionsContinuous(values: Float32Array | Float64Array | number[]): void {
  for (let i = 4; i + 3 < values.length; i += 4) {
    const dot = values[i] * values[i - 4] + values[i + 1] * values[i - 3] + values[i + 2] * values[i - 2] + values[i + 3] * values[i - 1];
    if (dot < 0) {
      values[i] = -values[i];
      values[i + 1] = -values[i + 1];
      values[i + 2] = -values[i + 2];
      values[i + 3] = -values[i + 3];
    }
  }
}

/**
 * Stores (x, y, z, w) / length at `out[o…]`, the identity where the length is 0, then flips it to the
 * short way from the key stored before it (o ≥ 4): one key of makeQuaternionsContinuous, fused into
 * a reader's key loop. The dot is taken on the values as stored, as that function reads them.
 */
export function putUnitContinuous(out: Float32Array, o: number, x: number, y: number, z: number, w: number, length: number): void {
  if (!length) {
    out[o] = 0;
    out[o + 1] = 0;
    out[o + 2] = 0;
    out[o + 3] = 1;
  } else {
    out[o] = x / length;
    out[o + 1] = y / length;
    out[o + 2] = z / length;
    out[o + 3] = w / length;
  }
  if (o >= 4 && out[o] * out[o - 4] + out[o + 1] * out[o - 3] + out[o + 2] * out[o - 2] + out[o + 3] * out[o - 1] < 0) {
    out[o] = -out[o];
    out[o + 1] = -out[o + 1];
    out[o + 2] = -out[o + 2];
    out[o + 3] = -out[o + 3];
  }
}
