/**
 * Direct3D (left-handed, row vectors) → glTF (right-handed, column vectors), docs/formats/o3d.md §5.8.
 *
 * A row-major row-vector matrix stored as 16 floats is, read as column-major, already the
 * column-vector matrix (the transpose is free). Mirroring Z is `F · M · F` with F = diag(1, 1, −1, 1):
 * it negates the elements with exactly one index equal to 2. (`0 - v` keeps zeros positive.)
 * Vertex arrays are mirrored with core's `mirrorZ`.
 */
import type { Vec3 } from '@relic3d/core';

/** Whether element k of a column-major 4×4 matrix changes sign under F · M · F. */
const NEGATED = Array.from({ length: 16 }, (_, k) => ((k >> 2) === 2) !== ((k & 3) === 2));

/** A stored D3DX matrix → column-major right-handed matrix (into `out`, Float32 or Float64). */
export function convertMatrix<T extends Float32Array | Float64Array = Float32Array>(m: ArrayLike<number>, out: T = new Float32Array(16) as T): T {
  for (let k = 0; k < 16; k++) out[k] = NEGATED[k] ? 0 - m[k] : m[k];
  return out;
}

export function convertVec3(v: ArrayLike<number>): Vec3 {
  return [v[0], v[1], 0 - v[2]];
}

/** Box corners after mirroring Z (min and max swap on z). */
export function convertBox(min: ArrayLike<number>, max: ArrayLike<number>): { min: Vec3; max: Vec3 } {
  return { min: [min[0], min[1], 0 - max[2]], max: [max[0], max[1], 0 - min[2]] };
}
