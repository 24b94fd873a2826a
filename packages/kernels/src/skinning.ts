import { skinVertices as coreSkinVertices } from '@relic3d/core';
import { expectArray, expectOptionalArray } from './guard.js';
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
  // The WASM path copies bytes and reads them as these types (Uint32 joints would be read as u16 pairs).
  expectArray('positions', positions, Float32Array);
  expectArray('joints', joints, Uint16Array);
  expectArray('weights', weights, Float32Array);
  expectArray('jointMatrices', jointMatrices, Float32Array);
  expectArray('outPositions', outPositions, Float32Array);
  expectOptionalArray('normals', normals, Float32Array);
  expectOptionalArray('outNormals', outNormals, Float32Array);
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
 * TypeScript reference: core's `skinVertices` (Σ weight × jointMatrix in doubles; joints past the
 * matrices and zero weights are skipped; normals renormalised), after the same bounds checks as the
 * WASM path.
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
  const whole = count * 3 === positions.length;
  coreSkinVertices(
    whole ? positions : positions.subarray(0, count * 3),
    joints,
    weights,
    jointMatrices,
    outPositions,
    normals && outNormals ? normals : undefined,
    normals && outNormals ? outNormals : undefined,
  );
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
