/**
 * A local matrix as a TM key (docs/formats/o3d.md §2.5, §5.1): the client builds `R(q) · T(p)` with
 * D3DXMatrixRotationQuaternion, which does not normalise, so a quaternion of length s gives
 * `(1 − s²)·I + s²·R`. Rigid matrices give unit quaternions; the scaled ones the reader made from
 * such keys (its shear nodes) give their non-unit quaternion back; anything else keeps its rotation
 * and reports how far it was from a key.
 */
import { math } from '@relic3d/core';
import { clientKeyRow } from '../scene/pose.js';

/** Largest relative 3×3 difference at which a matrix counts as a key's matrix. */
export const KEY_TOLERANCE = 1e-5;

/**
 * Writes the key of the D3D row-vector matrix `row` at `keys[o..o+7)` (quaternion x, y, z, w,
 * then position); returns 0 when the key gives the matrix back, else the relative 3×3 difference.
 */
/** Scratch for the check of each key (one per frame and bone: not allocated each time). */
const back = new Float64Array(16);

export function keyFromRow(row: ArrayLike<number>, keys: Float32Array, o: number): number {
  const q = quaternionOf(row);
  keys[o] = q[0];
  keys[o + 1] = q[1];
  keys[o + 2] = q[2];
  keys[o + 3] = q[3];
  keys[o + 4] = row[12];
  keys[o + 5] = row[13];
  keys[o + 6] = row[14];
  const error = difference(clientKeyRow(keys, o, back), row);
  if (error <= KEY_TOLERANCE) return 0;
  // Not a key's matrix (a scale, a shear): its rotation.
  const r = rotationOf(row);
  keys.set(r, o);
  return error;
}

/** The (possibly non-unit) quaternion whose D3DX matrix is `m`'s 3×3 part, when it is one. */
function quaternionOf(m: ArrayLike<number>): [number, number, number, number] {
  // Diagonal of (1 − s²)·I + s²·R: each squared vector component on its own.
  const xx = (1 + m[0] - m[5] - m[10]) / 4;
  const yy = (1 - m[0] + m[5] - m[10]) / 4;
  const zz = (1 - m[0] - m[5] + m[10]) / 4;
  const largest = Math.max(xx, yy, zz);
  if (largest < 0.05) {
    // Near the identity w is not pinned by the diagonal: take the unit quaternion.
    const w = Math.sqrt(Math.max(0, 1 - Math.max(0, xx) - Math.max(0, yy) - Math.max(0, zz)));
    return [(m[6] - m[9]) / (4 * w), (m[8] - m[2]) / (4 * w), (m[1] - m[4]) / (4 * w), w];
  }
  let x: number, y: number, z: number;
  if (largest === xx) {
    x = Math.sqrt(xx);
    y = (m[1] + m[4]) / (4 * x);
    z = (m[2] + m[8]) / (4 * x);
  } else if (largest === yy) {
    y = Math.sqrt(yy);
    x = (m[1] + m[4]) / (4 * y);
    z = (m[6] + m[9]) / (4 * y);
  } else {
    z = Math.sqrt(zz);
    x = (m[2] + m[8]) / (4 * z);
    y = (m[6] + m[9]) / (4 * z);
  }
  // w from the antisymmetric part (4xw, 4yw, 4zw), through the largest component; w ≥ 0.
  let w = largest === xx ? (m[6] - m[9]) / (4 * x) : largest === yy ? (m[8] - m[2]) / (4 * y) : (m[1] - m[4]) / (4 * z);
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  return [x, y, z, w];
}

/** The rotation of a row-vector matrix (its scale removed) as a unit quaternion in D3D form. */
function rotationOf(row: ArrayLike<number>): number[] {
  // Row-major D3D read column-major is the column-vector matrix, whose quaternion is the D3DX one.
  return math.decompose(row).rotation;
}

/** The 3×3 part of a 4×4 matrix. */
const ROTATION_CELLS = [0, 1, 2, 4, 5, 6, 8, 9, 10];

function difference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0, size = 0;
  for (const k of ROTATION_CELLS) {
    worst = Math.max(worst, Math.abs(a[k] - b[k]));
    size = Math.max(size, Math.abs(b[k]));
  }
  return size > 0 ? worst / size : worst;
}
