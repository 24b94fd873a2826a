import { Y_UP_TO_Z_UP, Z_UP_TO_Y_UP, math, yUpToZUp, type Quat, type Vec3 } from '@relic3d/core';
import { DEFAULT_UP_AXIS } from '../file.js';

/**
 * The edge conversion from the scene's +Y up to the file: the inverse of `scene/axes.ts`. 'z'
 * (LODka3D's own, the default) writes Z-up content, (x, y, z) → (x, −z, y), rotations and
 * matrices conjugated (C⁻¹ · M · C) so hierarchies, skins and animations stay consistent; 'y' is
 * the identity.
 */
export interface WriteAxis {
  readonly up: 'y' | 'z';
  point(v: ArrayLike<number>): Vec3;
  /** Converts xyz triples in place: pass only an array the caller owns. */
  points(values: Float32Array): Float32Array;
  quat(q: ArrayLike<number>): Quat;
  /** `point` of `v[from…]` into `out` at `at`, and `quat` of `q[from…]` into `out` (per bone and frame: nothing allocated). */
  pointInto(v: ArrayLike<number>, out: Float32Array, at: number, from?: number): void;
  quatInto(q: ArrayLike<number>, out: Float64Array, from?: number): Float64Array;
  /** Per-axis sizes (no sign change). */
  scale(s: ArrayLike<number>): Vec3;
  /** Column-major 4×4: C⁻¹ · m · C. */
  matrix(m: ArrayLike<number>): Float32Array;
}

// The reader's C (−90° about X) as quatFromAxisAngle gives it, so a round trip meets the same bits.
const C_Z = math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
const C_Z_INV: Quat = [-C_Z[0], -C_Z[1], -C_Z[2], C_Z[3]];

const Y_UP: WriteAxis = {
  up: 'y',
  point: (v) => [v[0], v[1], v[2]],
  points: (v) => v,
  quat: (q) => [q[0], q[1], q[2], q[3]],
  pointInto: (v, out, at, from = 0) => {
    out[at] = v[from], out[at + 1] = v[from + 1], out[at + 2] = v[from + 2];
  },
  quatInto: (q, out, from = 0) => {
    out[0] = q[from], out[1] = q[from + 1], out[2] = q[from + 2], out[3] = q[from + 3];
    return out;
  },
  scale: (s) => [s[0], s[1], s[2]],
  matrix: (m) => Float32Array.from(m),
};

const Z_UP: WriteAxis = {
  up: 'z',
  point: (v) => [v[0], 0 - v[2], v[1]],
  points: (v) => yUpToZUp(v, v),
  quat: (q) => math.quatMultiply(math.quatMultiply(C_Z_INV, q), C_Z),
  pointInto: (v, out, at, from = 0) => {
    out[at] = v[from], out[at + 1] = 0 - v[from + 2], out[at + 2] = v[from + 1];
  },
  quatInto: (q, out, from = 0) => conjugateInto(q, out, from),
  scale: (s) => [s[0], s[2], s[1]],
  matrix: (m) => math.multiply(math.multiply(Y_UP_TO_Z_UP, m), Z_UP_TO_Y_UP) as Float32Array,
};

/** C⁻¹ · q · C with `quatMultiply`'s arithmetic, step for step (the same bits as `quat`). */
function conjugateInto(q: ArrayLike<number>, out: Float64Array, from: number): Float64Array {
  let ax = C_Z_INV[0], ay = C_Z_INV[1], az = C_Z_INV[2], aw = C_Z_INV[3];
  let bx = q[from], by = q[from + 1], bz = q[from + 2], bw = q[from + 3];
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  (ax = x), (ay = y), (az = z), (aw = w);
  (bx = C_Z[0]), (by = C_Z[1]), (bz = C_Z[2]), (bw = C_Z[3]);
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by - ax * bz + ay * bw + az * bx;
  out[2] = aw * bz + ax * by - ay * bx + az * bw;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

export function writeAxisFor(up: 'y' | 'z' = DEFAULT_UP_AXIS): WriteAxis {
  return up === 'y' ? Y_UP : Z_UP;
}
