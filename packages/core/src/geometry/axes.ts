/**
 * Axis conversions every format shares at its edge. The scene is glTF's: right-handed, +Y up.
 */
import type { Quat } from '../scene/types.js';

/**
 * Negates z of every xyz triple: left-handed (Direct3D) → right-handed. Writes into `out` (a new
 * array by default; pass `values` itself only for an array the caller owns). `0 - v` keeps zeros +0.
 */
export function mirrorZ(values: Float32Array, out: Float32Array = new Float32Array(values.length)): Float32Array {
  const n = values.length - (values.length % 3);
  // One pass: copying first and negating after reads the array twice.
  for (let i = 0; i < n; i += 3) {
    out[i] = values[i];
    out[i + 1] = values[i + 1];
    out[i + 2] = 0 - values[i + 2];
  }
  for (let i = n; i < values.length; i++) out[i] = values[i];
  return out;
}

/** Z-up (3ds Max, Z-up GLScene files) → Y-up, column-major: (x, y, z) → (x, z, −y). */
export const Z_UP_TO_Y_UP: Float64Array = Float64Array.of(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1);
/** Y-up → Z-up, the inverse of `Z_UP_TO_Y_UP`. */
export const Y_UP_TO_Z_UP: Float64Array = Float64Array.of(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);
/** The rotation of `Z_UP_TO_Y_UP` as a quaternion (xyzw): −90° about X. */
export const Z_UP_TO_Y_UP_QUAT: Quat = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2];
/** The rotation of `Y_UP_TO_Z_UP`: +90° about X. */
export const Y_UP_TO_Z_UP_QUAT: Quat = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];

/** Z-up xyz triples → Y-up, (x, y, z) → (x, z, −y), into `out` (a new array by default). */
export function zUpToYUp(values: Float32Array, out: Float32Array = new Float32Array(values.length)): Float32Array {
  for (let i = 0; i + 2 < values.length; i += 3) {
    const y = values[i + 1];
    out[i] = values[i];
    out[i + 1] = values[i + 2];
    out[i + 2] = -y;
  }
  return out;
}

/** Y-up xyz triples → Z-up, (x, y, z) → (x, −z, y): the inverse of `zUpToYUp`, into `out`. `0 − z` keeps zeros +0. */
export function yUpToZUp(values: Float32Array, out: Float32Array = new Float32Array(values.length)): Float32Array {
  for (let i = 0; i + 2 < values.length; i += 3) {
    const y = values[i + 1];
    out[i] = values[i];
    out[i + 1] = 0 - values[i + 2];
    out[i + 2] = y;
  }
  return out;
}
