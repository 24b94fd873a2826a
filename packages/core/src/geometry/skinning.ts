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
  const m = new Float64Array(16);
  for (let v = 0; v < count; v++) {
    m.fill(0);
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const j = joints[v * 4 + k];
      if (w === 0 || j >= jointCount) continue;
      const o = j * 16;
      for (let c = 0; c < 16; c++) m[c] += w * jointMatrices[o + c];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    outPositions[v * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
    outPositions[v * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    outPositions[v * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
    if (normals && outNormals) {
      const nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
      const ox = m[0] * nx + m[4] * ny + m[8] * nz;
      const oy = m[1] * nx + m[5] * ny + m[9] * nz;
      const oz = m[2] * nx + m[6] * ny + m[10] * nz;
      const l = Math.hypot(ox, oy, oz) || 1;
      outNormals[v * 3] = ox / l;
      outNormals[v * 3 + 1] = oy / l;
      outNormals[v * 3 + 2] = oz / l;
    }
  }
}
