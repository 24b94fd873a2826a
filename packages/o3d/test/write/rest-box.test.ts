// The rest box's skinning (write/rest-box.ts skinPositions: the kernels' TypeScript path) against core's
// skinVerticesReference and against a full 16-entry blend, the reference's form before it kept only the
// 12 entries a position uses in locals: the same bits, edge cases included.
import { skinVerticesReference } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { skinPositions } from '../../src/write/rest-box.js';

/** Seeded values: 32-bit LCG in [0, 1). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function skinCase(vertices: number, jointCount: number, seed: number) {
  const random = lcg(seed);
  const positions = Float32Array.from({ length: vertices * 3 }, () => (random() - 0.5) * 200);
  // Joints past the matrices (skipped), zero weights (skipped), a NaN weight, −0 and ordinary weights.
  const joints = Uint16Array.from({ length: vertices * 4 }, () => Math.floor(random() * (jointCount + 3)));
  const weights = Float32Array.from({ length: vertices * 4 }, (_, i) => (i % 97 === 5 ? NaN : i % 13 === 0 ? -0 : random() < 0.3 ? 0 : random()));
  // Joint 0 holds an infinity: a zero weight on it must be skipped, not multiplied (0 × ∞ is NaN).
  const matrices = Float32Array.from({ length: jointCount * 16 }, (_, i) => (i === 5 ? Infinity : (random() - 0.5) * 4));
  return { positions, joints, weights, matrices };
}

/** Σ weight × jointMatrix over all 16 entries in a Float64Array, then the position transformed. */
function fullBlend(positions: Float32Array, joints: Uint16Array, weights: Float32Array, matrices: Float32Array, out: Float32Array): void {
  const jointCount = matrices.length / 16;
  const m = new Float64Array(16);
  for (let v = 0; v < positions.length / 3; v++) {
    m.fill(0);
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k], j = joints[v * 4 + k];
      if (w === 0 || j >= jointCount) continue;
      for (let c = 0; c < 16; c++) m[c] += w * matrices[j * 16 + c];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    out[v * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[v * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[v * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
}

const bitsOf = (a: Float32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

describe('rest box skinning', () => {
  it('gives the reference bits on 5,000 seeded vertices (skipped joints, zero weights on an infinite matrix, −0 and NaN weights)', () => {
    const { positions, joints, weights, matrices } = skinCase(5000, 48, 25);
    const want = new Float32Array(positions.length), got = new Float32Array(positions.length);
    skinVerticesReference(positions, joints, weights, matrices, want);
    skinPositions(positions, joints, weights, matrices, got);
    const full = new Float32Array(positions.length);
    fullBlend(positions, joints, weights, matrices, full);
    const wantBits = bitsOf(want), fullBits = bitsOf(full);
    const wrong = bitsOf(got).flatMap((b, i) => (b === wantBits[i] ? [] : [i]));
    expect(wrong).toEqual([]);
    expect(wantBits.flatMap((b, i) => (b === fullBits[i] ? [] : [i]))).toEqual([]);
    expect(want.filter((x) => Number.isNaN(x)).length).toBeGreaterThan(0);
  });

  it('skins whole vertices only, and no joints or one vertex leave the rest as it was', () => {
    const { positions, joints, weights, matrices } = skinCase(3, 4, 7);
    const out = new Float32Array(9).fill(7);
    skinPositions(positions.subarray(0, 8), joints, weights, matrices, out);
    expect(Array.from(out.subarray(6))).toEqual([7, 7, 7]);
    const none = new Float32Array(3);
    skinPositions(positions.subarray(0, 3), new Uint16Array([9, 9, 9, 9]), new Float32Array([1, 1, 1, 1]), matrices, none);
    expect(Array.from(none)).toEqual([0, 0, 0]);
  });

  it('refuses what the kernels refused (the writer then falls back to the reference)', () => {
    const { positions, weights, matrices } = skinCase(2, 2, 3);
    expect(() => skinPositions(positions, new Uint8Array(8) as unknown as Uint16Array, weights, matrices, new Float32Array(6))).toThrow(TypeError);
    expect(() => skinPositions(positions, new Uint16Array(7), weights, matrices, new Float32Array(6))).toThrow(RangeError);
    expect(() => skinPositions(positions, new Uint16Array(8), weights, matrices, new Float32Array(5))).toThrow(RangeError);
  });
});
