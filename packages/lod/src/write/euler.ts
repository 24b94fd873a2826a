// Per bone and frame rotation arithmetic of the clips, bit for bit as before, without `Math.hypot`
// (core's twins of it).
import { math } from '@relic3d/core';

const { hypot2, hypot4 } = math;

/** core's `math.eulerXYZFromQuatInto` (R = Rz·Ry·Rx), the same arithmetic with `hypot2`/`hypot4`. */
export function eulerXYZInto(q: ArrayLike<number>, out: { [i: number]: number }, at: number): void {
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

/** `math.quatNormalize(v)` (the same bits) into `out` at `at`. */
export function normalizeInto(v: ArrayLike<number>, out: Float64Array, at: number): void {
  const l = hypot4(v[0], v[1], v[2], v[3]);
  if (!l || !Number.isFinite(l)) {
    out[at] = 0, out[at + 1] = 0, out[at + 2] = 0, out[at + 3] = 1;
    return;
  }
  out[at] = v[0] / l, out[at + 1] = v[1] / l, out[at + 2] = v[2] / l, out[at + 3] = v[3] / l;
}
