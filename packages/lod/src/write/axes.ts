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
  scale: (s) => [s[0], s[1], s[2]],
  matrix: (m) => Float32Array.from(m),
};

const Z_UP: WriteAxis = {
  up: 'z',
  point: (v) => [v[0], 0 - v[2], v[1]],
  points: (v) => yUpToZUp(v, v),
  quat: (q) => math.quatMultiply(math.quatMultiply(C_Z_INV, q), C_Z),
  scale: (s) => [s[0], s[2], s[1]],
  matrix: (m) => math.multiply(math.multiply(Y_UP_TO_Z_UP, m), Z_UP_TO_Y_UP) as Float32Array,
};

export function writeAxisFor(up: 'y' | 'z' = DEFAULT_UP_AXIS): WriteAxis {
  return up === 'y' ? Y_UP : Z_UP;
}
