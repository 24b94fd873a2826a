import type { Vec3 } from '@relic3d/core';

/**
 * Euler angles [x, y, z] in radians with R = Rz · Ry · Rx (GLScene's order, the inverse of
 * core's `quatFromEulerXYZ`), extracted so that rebuilding the rotation stays accurate near
 * y = ±90°: y from atan2 (not asin, which loses precision there), z from its row, then x solved
 * from the rows given z (Eigen's scheme). Real skeletons sit at y ≈ −90° (TRINITYrage's
 * −1.570795), where a float32 quaternion through asin moves a 74-unit model by ~0.01.
 */
export function eulerXYZ(q: ArrayLike<number>): Vec3 {
  const l = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
  const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const rz = Math.atan2(r10, r00);
  const ry = Math.atan2(-r20, Math.hypot(r00, r10));
  const s = Math.sin(rz), c = Math.cos(rz);
  const rx = Math.atan2(s * r02 - c * r12, c * r11 - s * r01);
  return [rx, ry, rz];
}
