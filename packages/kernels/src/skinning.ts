import { checkSkin, skinVerticesJS } from './reference/skinning.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export interface SkinOptions {
  kernels?: KernelMode;
  variant?: Variant;
}

// Deliberately the same parameter list as its twin (WASM path and TypeScript reference share one signature).
/**
 * Linear-blend skinning on the CPU with the signature of core's `skinVerticesReference`: positions (and
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
  const count = checkSkin(positions, joints, weights, jointMatrices, outPositions, normals, outNormals);
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
