// The scene reads O3D skin weights from the decoded weight and index columns
// (unpackO3dWeightColumns) rather than whole 44-byte records: the same skins as the record form on
// every path, and a weighted joint past the skeleton refused (the scene then takes its tolerant loop).
import { describe, expect, it } from 'vitest';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { rng } from '@relic3d/test-harness';
import { unpackO3dWeightColumns, unpackO3dWeights } from '../src/read/skin-weights.js';

async function paths(): Promise<({ reference: true } | { variant: Variant })[]> {
  await ready();
  return [{ reference: true }, ...(simdSupported ? (['simd', 'scalar'] as const) : (['scalar'] as const)).map((variant) => ({ variant }))];
}

/** `count` skin vertices (w1 ≥ w2, w1 + w2 = 1 as in every real file, a fifth with w2 = 0 and a junk second index) and their columns. */
function vertices(seed: number, count: number, slots: number) {
  const random = rng(seed);
  const bytes = new Uint8Array(count * 44);
  const dv = new DataView(bytes.buffer);
  const weights = new Float32Array(count * 2), indices = new Uint16Array(count * 2);
  for (let v = 0; v < count; v++) {
    const w1 = random() < 0.2 ? 1 : 0.5 + random() * 0.5, w2 = 1 - w1;
    const a = Math.floor(random() * slots) * 3, b = w2 === 0 ? 0xffff : Math.floor(random() * slots) * 3;
    dv.setFloat32(v * 44 + 12, w1, true);
    dv.setFloat32(v * 44 + 16, w2, true);
    dv.setUint16(v * 44 + 20, a, true);
    dv.setUint16(v * 44 + 22, b, true);
    weights.set([dv.getFloat32(v * 44 + 12, true), dv.getFloat32(v * 44 + 16, true)], v * 2);
    indices.set([a, b], v * 2);
  }
  return { bytes, weights, indices };
}

describe('unpackO3dWeightColumns', () => {
  it('equals the record form on 3,000 random vertices with a 28-slot palette, every path', async () => {
    const { bytes, weights, indices } = vertices(81, 3000, 28);
    const palette = Array.from({ length: 28 }, (_, k) => (k * 7) % 60);
    for (const options of await paths()) {
      const expected = unpackO3dWeights(bytes, 3000, palette, options);
      const got = unpackO3dWeightColumns(weights, indices, 3000, palette, 60, options);
      expect(got.unskinned).toBe(0);
      expect(Buffer.compare(Buffer.from(got.joints.buffer), Buffer.from(expected.joints.buffer))).toBe(0);
      expect(Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(expected.weights.buffer))).toBe(0);
    }
  });

  it('without a palette, a weighted index naming a bone past the skeleton throws RangeError; one of weight 0 does not', async () => {
    for (const options of await paths()) {
      // Vertex 1 names bone 40 (index 120) at weight 0.25: the skeleton has 30 bones.
      const weights = new Float32Array([1, 0, 0.75, 0.25]), indices = new Uint16Array([3, 0xffff, 6, 120]);
      expect(() => unpackO3dWeightColumns(weights, indices, 2, undefined, 30, options)).toThrow(RangeError);
      const s = unpackO3dWeightColumns(weights, indices, 2, undefined, 41, options);
      expect(Array.from(s.joints)).toEqual([1, 0, 0, 0, 2, 40, 0, 0]);
      // Only vertex 0 (its junk index has weight 0): bone 1 alone.
      expect(Array.from(unpackO3dWeightColumns(weights, indices, 1, undefined, 2, options).weights)).toEqual([1, 0, 0, 0]);
    }
  });
});
