import { Y_UP_TO_Z_UP, Z_UP_TO_Y_UP, math, zUpToYUp, type Quat, type Vec3 } from '@relic3d/core';
import { DEFAULT_UP_AXIS } from '../file.js';

/**
 * The edge conversion from file space to the scene's +Y up. 'z' (LODka3D's own, the default) maps
 * Z-up content with C = rotation of −90° about X: (x, y, z) → (x, z, −y); 'y' is the identity.
 * Transforms are conjugated (C · M · C⁻¹), so hierarchies, skins and animations stay consistent.
 */
export interface Axis {
  readonly up: 'y' | 'z';
  point(x: number, y: number, z: number): Vec3;
  /** Converts xyz triples in place: pass only an array the caller owns. */
  points(values: Float32Array): Float32Array;
  quat(q: ArrayLike<number>): Quat;
  scale(s: ArrayLike<number>): Vec3;
  /** Column-major 4×4: C · m · C⁻¹. */
  matrix(m: ArrayLike<number>): Float32Array;
}

// C as quatFromAxisAngle gives it, (−sin π/4, −0, −0, cos π/4): core's Z_UP_TO_Y_UP_QUAT differs
// in the last bit of x and in the sign of the zeros, which would change converted rotations.
export const C_Z = math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
export const C_Z_INV: Quat = [-C_Z[0], -C_Z[1], -C_Z[2], C_Z[3]];

const Y_UP: Axis = {
  up: 'y',
  point: (x, y, z) => [x, y, z],
  points: (v) => v,
  quat: (q) => [q[0], q[1], q[2], q[3]],
  scale: (s) => [s[0], s[1], s[2]],
  matrix: (m) => Float32Array.from(m),
};

const Z_UP: Axis = {
  up: 'z',
  point: (x, y, z) => [x, z, -y],
  points: (v) => zUpToYUp(v, v),
  quat: (q) => math.quatMultiply(math.quatMultiply(C_Z, q), C_Z_INV),
  scale: (s) => [s[0], s[2], s[1]],
  matrix: (m) => math.multiply(math.multiply(Z_UP_TO_Y_UP, m), Y_UP_TO_Z_UP) as Float32Array,
};

export function axisFor(up: 'y' | 'z' = DEFAULT_UP_AXIS): Axis {
  return up === 'y' ? Y_UP : Z_UP;
}
