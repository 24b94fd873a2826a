import { multiply } from '../math/matrix.js';
import type { Scene } from '../scene/types.js';

/** CPU skinning with the signature of `skinVerticesReference` (e.g. the WASM kernel of `@relic3d/kernels`). */
export type SkinFunction = (
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
) => void;

/** Joint matrices for a skin: world(joint) × inverseBind(joint), 16 floats each. */
export function computeSkinMatrices(scene: Scene, skinIndex: number, world: Float32Array): Float32Array {
  const skin = scene.skins[skinIndex];
  const out = new Float32Array(skin.joints.length * 16);
  for (let j = 0; j < skin.joints.length; j++) {
    const node = skin.joints[j];
    multiply(world.subarray(node * 16, node * 16 + 16), skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16), out.subarray(j * 16, j * 16 + 16));
  }
  return out;
}

/**
 * Linear-blend skinning in TypeScript, summed in doubles: the reference the skinning kernels of
 * `@relic3d/kernels` are checked against. Positions (and, if given, normals) of `count` vertices
 * are transformed by Σ weight × jointMatrix. Output arrays may not alias the inputs.
 */
export function skinVerticesReference(
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
  normals?: Float32Array,
  outNormals?: Float32Array,
): void {
  const count = positions.length / 3;
  const jointCount = jointMatrices.length / 16;
  for (let v = 0; v < count; v++) {
    // The 12 entries of the blend a position or normal uses, in locals (no 16-entry array filled and
    // read back per vertex); each summed in the same order, so the bits are those of a full blend.
    let m0 = 0, m1 = 0, m2 = 0, m4 = 0, m5 = 0, m6 = 0, m8 = 0, m9 = 0, m10 = 0, m12 = 0, m13 = 0, m14 = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const j = joints[v * 4 + k];
      if (w === 0 || j >= jointCount) continue;
      const o = j * 16;
      m0 += w * jointMatrices[o];
      m1 += w * jointMatrices[o + 1];
      m2 += w * jointMatrices[o + 2];
      m4 += w * jointMatrices[o + 4];
      m5 += w * jointMatrices[o + 5];
      m6 += w * jointMatrices[o + 6];
      m8 += w * jointMatrices[o + 8];
      m9 += w * jointMatrices[o + 9];
      m10 += w * jointMatrices[o + 10];
      m12 += w * jointMatrices[o + 12];
      m13 += w * jointMatrices[o + 13];
      m14 += w * jointMatrices[o + 14];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    outPositions[v * 3] = m0 * x + m4 * y + m8 * z + m12;
    outPositions[v * 3 + 1] = m1 * x + m5 * y + m9 * z + m13;
    outPositions[v * 3 + 2] = m2 * x + m6 * y + m10 * z + m14;
    if (normals && outNormals) {
      const nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
      const ox = m0 * nx + m4 * ny + m8 * nz;
      const oy = m1 * nx + m5 * ny + m9 * nz;
      const oz = m2 * nx + m6 * ny + m10 * nz;
      const l = Math.hypot(ox, oy, oz) || 1;
      outNormals[v * 3] = ox / l;
      outNormals[v * 3 + 1] = oy / l;
      outNormals[v * 3 + 2] = oz / l;
    }
  }
}
