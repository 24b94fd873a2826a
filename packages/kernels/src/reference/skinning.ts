import { skinVerticesReference as coreSkinVertices } from '@relic3d/core';
import { expectArray, expectOptionalArray } from '../guard.js';

// The skinning signature appears here, in skinVerticesJS, in the WASM skinVertices and in core's skinVerticesReference: deliberately one signature.
export function checkSkin(
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
 * TypeScript reference: core's `skinVerticesReference` (Σ weight × jointMatrix in doubles; joints past the
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
  const count = checkSkin(positions, joints, weights, jointMatrices, outPositions, normals, outNormals);
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
