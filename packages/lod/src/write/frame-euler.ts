// One bone frame's rotation → the file's Euler angles, in one leaf that calls nothing: core's steps
// (`math.hypot4`, `hypot2`, `quatNormalizeInto`, `eulerXYZFromQuatInto`) and axes.ts `conjugateInto`
// written out, the same bits (test/write/frame-euler.test.ts holds them to the originals). Why a copy:
// inlined into the clip loop, core's Euler used up TurboFan's inlining budget (409 bytecode bytes plus
// its hypots' 619, against 920), so its hypots were calls, and every double passed to or returned from
// them was a heap number (7.4 MB per write of the bench's skinned LOD file). Here the hypots take and
// give their values through an array, so no call boxes a double, inlined or not.
import { C_Z, C_Z_INV } from './axes.js';

/**
 * In and out of the hypots: the values at 0…3, the result at 4. Through an array, so a call that is
 * not inlined (two hypot4s and a hypot2 pass the leaf's inlining budget) boxes no double.
 */
const h = new Float64Array(5);

/** `Math.hypot(h[0], h[1])` as V8 computes it (core's `hypot2`), into h[4]. */
function hypot2(): void {
  let a = h[0], b = h[1];
  if (a !== a || b !== b) {
    h[4] = Math.abs(a) === Infinity || Math.abs(b) === Infinity ? Infinity : NaN;
    return;
  }
  a = Math.abs(a);
  b = Math.abs(b);
  const max = a > b ? a : b;
  if (max === Infinity || max === 0) {
    h[4] = max;
    return;
  }
  const n0 = a / max, first = n0 * n0 - 0, sum = 0 + first, compensation = sum - 0 - first;
  const n1 = b / max;
  h[4] = Math.sqrt(sum + (n1 * n1 - compensation)) * max;
}

/** `Math.hypot(h[0], h[1], h[2], h[3])` as V8 computes it (core's `hypot4`), into h[4]. */
function hypot4(): void {
  let a = h[0], b = h[1], c = h[2], d = h[3];
  if (a !== a || b !== b || c !== c || d !== d) {
    h[4] = Math.abs(a) === Infinity || Math.abs(b) === Infinity || Math.abs(c) === Infinity || Math.abs(d) === Infinity ? Infinity : NaN;
    return;
  }
  a = Math.abs(a), b = Math.abs(b), c = Math.abs(c), d = Math.abs(d);
  let max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (d > max) max = d;
  if (max === Infinity || max === 0) {
    h[4] = max;
    return;
  }
  let sum = 0, compensation = 0;
  let n = a / max, summand = n * n - compensation, preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = b / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = c / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = d / max;
  summand = n * n - compensation;
  sum = sum + summand;
  h[4] = Math.sqrt(sum) * max;
}

/**
 * Euler angles (x, y, z at `out[at…]`) of the rotation `q[k…k+3]`: normalised first when
 * `normalize` (a sampled key: `quatNormalizeInto`), turned to Z-up when `zUp` (C⁻¹ · q · C), then
 * `eulerXYZFromQuatInto`.
 */
export function frameEuler(q: Float32Array | Float64Array, k: number, normalize: boolean, zUp: boolean, out: Float64Array, at: number): void {
  let qx = q[k], qy = q[k + 1], qz = q[k + 2], qw = q[k + 3];
  if (normalize) {
    (h[0] = qx), (h[1] = qy), (h[2] = qz), (h[3] = qw), hypot4();
    const l = h[4];
    if (!l || !Number.isFinite(l)) (qx = 0), (qy = 0), (qz = 0), (qw = 1);
    else (qx = qx / l), (qy = qy / l), (qz = qz / l), (qw = qw / l);
  }
  if (zUp) {
    let ax = C_Z_INV[0], ay = C_Z_INV[1], az = C_Z_INV[2], aw = C_Z_INV[3];
    const x = aw * qx + ax * qw + ay * qz - az * qy;
    const y = aw * qy - ax * qz + ay * qw + az * qx;
    const z = aw * qz + ax * qy - ay * qx + az * qw;
    const w = aw * qw - ax * qx - ay * qy - az * qz;
    (ax = x), (ay = y), (az = z), (aw = w);
    const bx = C_Z[0], by = C_Z[1], bz = C_Z[2], bw = C_Z[3];
    qx = aw * bx + ax * bw + ay * bz - az * by;
    qy = aw * by - ax * bz + ay * bw + az * bx;
    qz = aw * bz + ax * by - ay * bx + az * bw;
    qw = aw * bw - ax * bx - ay * by - az * bz;
  }
  (h[0] = qx), (h[1] = qy), (h[2] = qz), (h[3] = qw), hypot4();
  const l = h[4] || 1;
  const x = qx / l, y = qy / l, z = qz / l, w = qw / l;
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const rz = Math.atan2(r10, r00);
  (h[0] = r00), (h[1] = r10), hypot2();
  const ry = Math.atan2(-r20, h[4]);
  const s = Math.sin(rz), c = Math.cos(rz);
  out[at] = Math.atan2(s * r02 - c * r12, c * r11 - s * r01);
  out[at + 1] = ry;
  out[at + 2] = rz;
}
