import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export interface SkinOptions {
  kernels?: KernelMode;
  variant?: Variant;
}

function check(
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
  normals?: Float32Array,
  outNormals?: Float32Array,
): number {
  const count = Math.floor(positions.length / 3);
  if (joints.length < count * 4 || weights.length < count * 4) {
    throw new RangeError(`${count} vertices need ${count * 4} joints and weights, have ${joints.length} and ${weights.length}`);
  }
  if (outPositions.length < count * 3) throw new RangeError(`outPositions holds ${outPositions.length} floats, needs ${count * 3}`);
  if (normals && outNormals && (normals.length < count * 3 || outNormals.length < count * 3)) {
    throw new RangeError(`normals and outNormals need ${count * 3} floats each`);
  }
  return count;
}

/**
 * TypeScript reference: linear-blend skinning, the same as core's `skinVertices` (Σ weight ×
 * jointMatrix in doubles; joints past the matrices and zero weights are skipped; normals renormalised).
 */
export function skinVerticesJS(
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
  normals?: Float32Array,
  outNormals?: Float32Array,
): void {
  const count = check(positions, joints, weights, jointMatrices, outPositions, normals, outNormals);
  const jointCount = Math.floor(jointMatrices.length / 16);
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

/**
 * Linear-blend skinning on the CPU with the signature of core's `skinVertices`: positions (and
 * normals, if both arrays are given) of `positions.length / 3` vertices by Σ weight × jointMatrix.
 * Runs in WASM once `ready()` has resolved (f32 arithmetic: equal to the reference within 1e-5
 * relative).
 */
export function skinVertices(
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
  normals?: Float32Array,
  outNormals?: Float32Array,
  options: SkinOptions = {},
): void {
  const wasm = wasmModule(options);
  if (!wasm) return skinVerticesJS(positions, joints, weights, jointMatrices, outPositions, normals, outNormals);
  const count = check(positions, joints, weights, jointMatrices, outPositions, normals, outNormals);
  const jointCount = Math.floor(jointMatrices.length / 16);
  const withNormals = !!(normals && outNormals);
  wasm.run(() => {
    const p = wasm.put(positions.subarray(0, count * 3));
    const j = wasm.put(joints.subarray(0, count * 4));
    const w = wasm.put(weights.subarray(0, count * 4));
    const m = wasm.put(jointMatrices.subarray(0, jointCount * 16));
    const n = withNormals ? wasm.put(normals!.subarray(0, count * 3)) : 0;
    const op = wasm.alloc(count * 12);
    const on = withNormals ? wasm.alloc(count * 12) : 0;
    wasm.exports.skinVertices(p, j, w, m, jointCount, count, op, n, on);
    outPositions.set(wasm.view(Float32Array, op, count * 3));
    if (withNormals) outNormals!.set(wasm.view(Float32Array, on, count * 3));
  }, () => skinVerticesJS(positions, joints, weights, jointMatrices, outPositions, normals, outNormals));
}
