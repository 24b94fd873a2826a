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

/** Scratch for the check of each key (one per frame and bone: not allocated each time). */
const back = new Float64Array(16);

/**
 * Writes the key of the D3D row-vector matrix `m[at..at+16)` at `keys[o..o+7)` (quaternion x, y,
 * z, w, then position); returns 0 when the key gives the matrix back, else the relative 3×3
 * difference. Read at an offset, so no view is made per frame and bone.
 */
export function keyFromRow(m: ArrayLike<number>, keys: Float32Array, o: number, at = 0): number {
  quaternionInto(m, at, keys, o);
  keys[o + 4] = m[at + 12];
  keys[o + 5] = m[at + 13];
  keys[o + 6] = m[at + 14];
  const error = difference(clientKeyRow(keys, o, back), m, at);
  if (error <= KEY_TOLERANCE) return 0;
  // Not a key's matrix (a scale, a shear): its rotation.
  const r = rotationOf(Array.prototype.slice.call(m, at, at + 16) as number[]);
  keys.set(r, o);
  return error;
}

/** The (possibly non-unit) quaternion whose D3DX matrix is the 3×3 part of `m[at…]`, when it is one, into `q[o..o+4)`. */
function quaternionInto(m: ArrayLike<number>, at: number, q: Float32Array, o: number): void {
  const m0 = m[at], m1 = m[at + 1], m2 = m[at + 2], m4 = m[at + 4], m5 = m[at + 5], m6 = m[at + 6], m8 = m[at + 8], m9 = m[at + 9], m10 = m[at + 10];
  // Diagonal of (1 − s²)·I + s²·R: each squared vector component on its own.
  const xx = (1 + m0 - m5 - m10) / 4;
  const yy = (1 - m0 + m5 - m10) / 4;
  const zz = (1 - m0 - m5 + m10) / 4;
  const largest = Math.max(xx, yy, zz);
  if (largest < 0.05) {
    // Near the identity w is not pinned by the diagonal: take the unit quaternion.
    const w = Math.sqrt(Math.max(0, 1 - Math.max(0, xx) - Math.max(0, yy) - Math.max(0, zz)));
    q[o] = (m6 - m9) / (4 * w);
    q[o + 1] = (m8 - m2) / (4 * w);
    q[o + 2] = (m1 - m4) / (4 * w);
    q[o + 3] = w;
    return;
  }
  let x: number, y: number, z: number;
  if (largest === xx) {
    x = Math.sqrt(xx);
    y = (m1 + m4) / (4 * x);
    z = (m2 + m8) / (4 * x);
  } else if (largest === yy) {
    y = Math.sqrt(yy);
    x = (m1 + m4) / (4 * y);
    z = (m6 + m9) / (4 * y);
  } else {
    z = Math.sqrt(zz);
    x = (m2 + m8) / (4 * z);
    y = (m6 + m9) / (4 * z);
  }
  // w from the antisymmetric part (4xw, 4yw, 4zw), through the largest component; w ≥ 0.
  let w = largest === xx ? (m6 - m9) / (4 * x) : largest === yy ? (m8 - m2) / (4 * y) : (m1 - m4) / (4 * z);
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  q[o] = x;
  q[o + 1] = y;
  q[o + 2] = z;
  q[o + 3] = w;
}

/** The rotation of a row-vector matrix (its scale removed) as a unit quaternion in D3D form. */
function rotationOf(row: ArrayLike<number>): number[] {
  // Row-major D3D read column-major is the column-vector matrix, whose quaternion is the D3DX one.
  return math.decompose(row).rotation;
}

/** Relative 3×3 difference of `a` and `b[at…]` (cells 0–2, 4–6, 8–10: rows of three, no list walked per key). */
function difference(a: ArrayLike<number>, b: ArrayLike<number>, at: number): number {
  let worst = 0, size = 0;
  for (let row = 0; row < 12; row += 4) {
    for (let k = row; k < row + 3; k++) {
      worst = Math.max(worst, Math.abs(a[k] - b[at + k]));
      size = Math.max(size, Math.abs(b[at + k]));
    }
  }
  return size > 0 ? worst / size : worst;
}
