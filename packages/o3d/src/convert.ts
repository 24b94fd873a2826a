/**
 * Direct3D (left-handed, row vectors) → glTF (right-handed, column vectors), spec §5.8.
 *
 * A row-major row-vector matrix stored as 16 floats is, read as column-major, already the
 * column-vector matrix (the transpose is free). Mirroring Z is `F · M · F` with F = diag(1, 1, −1, 1):
 * it negates the elements with exactly one index equal to 2. (`0 - v` keeps zeros positive.)
 */
import type { Quat, Vec3 } from '@relic3d/core';

const MIRROR_SIGNS = Float32Array.from({ length: 16 }, (_, k) => (((k >> 2) === 2) !== ((k & 3) === 2) ? -1 : 1));

/** A stored D3DX matrix → column-major right-handed matrix. */
export function convertMatrix(m: ArrayLike<number>, out: Float32Array = new Float32Array(16)): Float32Array {
  for (let k = 0; k < 16; k++) out[k] = MIRROR_SIGNS[k] < 0 ? 0 - m[k] : m[k];
  return out;
}

export function convertVec3(v: ArrayLike<number>): Vec3 {
  return [v[0], v[1], 0 - v[2]];
}

/** Quaternion (x, y, z, w) of a left-handed rotation → the mirrored right-handed one. */
export function convertQuat(x: number, y: number, z: number, w: number): Quat {
  const l = Math.hypot(x, y, z, w) || 1;
  return [0 - x / l, 0 - y / l, z / l, w / l];
}

/** Box corners after mirroring Z (min and max swap on z). */
export function convertBox(min: ArrayLike<number>, max: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  return { min: [min[0], min[1], 0 - max[2]], max: [max[0], max[1], 0 - min[2]] };
}

/** Negates every third component in place (z of xyz triples). */
export function mirrorZInPlace(xyz: Float32Array): Float32Array {
  for (let i = 2; i < xyz.length; i += 3) xyz[i] = 0 - xyz[i];
  return xyz;
}
