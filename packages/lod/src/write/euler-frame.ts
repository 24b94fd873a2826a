// A bone frame's rotation to file-space Euler angles in one function over plain numbers: the steps of
// axes.ts `quatInto` and core's `math.eulerXYZFromQuatInto` (with `hypot4`/`hypot2`, V8's Math.hypot),
// step for step, so the angles are the same bits (test/write/clip-frames.test.ts). Per bone frame of
// every clip (127,152 on the bench's skinned input): no scratch arrays between the steps.
import { math } from '@relic3d/core';

// The reader's C (−90° about X), as axes.ts makes it.
const C = math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
const CX = C[0], CY = C[1], CZ = C[2], CW = C[3];

/** Euler angles (x, y, z; R = Rz·Ry·Rx) of rotation q in the file's axes (`zUp`: C⁻¹·q·C), into `out[0..2]`. */
export function fileEulerInto(qx: number, qy: number, qz: number, qw: number, zUp: boolean, out: Float64Array): void {
  let x = qx, y = qy, z = qz, w = qw;
  if (zUp) {
    // C⁻¹ · q, then · C, as axes.ts conjugateInto (quatMultiply's arithmetic).
    const ax = -CX, ay = -CY, az = -CZ, aw = CW;
    const px = aw * x + ax * w + ay * z - az * y;
    const py = aw * y - ax * z + ay * w + az * x;
    const pz = aw * z + ax * y - ay * x + az * w;
    const pw = aw * w - ax * x - ay * y - az * z;
    x = pw * CX + px * CW + py * CZ - pz * CY;
    y = pw * CY - px * CZ + py * CW + pz * CX;
    z = pw * CZ + px * CY - py * CX + pz * CW;
    w = pw * CW - px * CX - py * CY - pz * CZ;
  }
  const l = math.hypot4(x, y, z, w) || 1;
  x /= l, y /= l, z /= l, w /= l;
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const rz = Math.atan2(r10, r00);
  const ry = Math.atan2(-r20, math.hypot2(r00, r10));
  const s = Math.sin(rz), c = Math.cos(rz);
  out[0] = Math.atan2(s * r02 - c * r12, c * r11 - s * r01);
  out[1] = ry;
  out[2] = rz;
}
