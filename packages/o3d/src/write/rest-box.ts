/** The model's box at rest (the O3D header's, docs/formats/o3d.md §2.1): core's `computeBounds`. */
import { computeBounds, type Bounds, type Scene, type SkinFunction } from '@relic3d/core';

/**
 * The skinned positions, bit for bit as the kernels' TypeScript path makes them (its bounds checks, then
 * core's `skinVerticesReference`: Σ weight × jointMatrix in doubles, zero weights and joints past the
 * matrices skipped), with only the 12 matrix entries a position uses, in locals: no 16-entry blend
 * filled and read back per vertex (15% of a skinned write's profile). Never WASM: its skinning differs
 * in the last bits, and written bytes must not depend on whether WASM happened to be ready.
 */
export const skinPositions: SkinFunction = (positions, joints, weights, matrices, out) => {
  // The kernels' checks (a refusal falls back to the reference in restBounds, as before).
  if (!(positions instanceof Float32Array && joints instanceof Uint16Array && weights instanceof Float32Array && matrices instanceof Float32Array && out instanceof Float32Array)) throw new TypeError('skin arrays of the wrong type');
  const count = Math.floor(positions.length / 3);
  if (joints.length < count * 4 || weights.length < count * 4 || out.length < count * 3) throw new RangeError('skin arrays too short');
  const jointCount = matrices.length / 16;
  for (let v = 0; v < count; v++) {
    let m0 = 0, m1 = 0, m2 = 0, m4 = 0, m5 = 0, m6 = 0, m8 = 0, m9 = 0, m10 = 0, m12 = 0, m13 = 0, m14 = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const j = joints[v * 4 + k];
      if (w === 0 || j >= jointCount) continue;
      const o = j * 16;
      m0 += w * matrices[o];
      m1 += w * matrices[o + 1];
      m2 += w * matrices[o + 2];
      m4 += w * matrices[o + 4];
      m5 += w * matrices[o + 5];
      m6 += w * matrices[o + 6];
      m8 += w * matrices[o + 8];
      m9 += w * matrices[o + 9];
      m10 += w * matrices[o + 10];
      m12 += w * matrices[o + 12];
      m13 += w * matrices[o + 13];
      m14 += w * matrices[o + 14];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    out[v * 3] = m0 * x + m4 * y + m8 * z + m12;
    out[v * 3 + 1] = m1 * x + m5 * y + m9 * z + m13;
    out[v * 3 + 2] = m2 * x + m6 * y + m10 * z + m14;
  }
};

/** The box of the scene at rest. */
export function restBounds(scene: Scene): Bounds {
  try {
    return computeBounds(scene, { skin: skinPositions });
  } catch {
    // The data was refused: the reference skinning.
    return computeBounds(scene);
  }
}
