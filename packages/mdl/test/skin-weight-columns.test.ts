// The scene reads skin weights from the decoded id/weight columns (unpackByteWeightColumns) rather
// than whole records: the same skins as the record form on every path, and ids past the skeleton
// dropped as the record form's callers dropped them (weight zeroed first).
import { describe, expect, it } from 'vitest';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { rng } from '@relic3d/test-harness';
import { unpackByteWeightColumns, unpackByteWeights } from '../src/read/skin-weights.js';

async function paths(): Promise<({ reference: true } | { variant: Variant })[]> {
  await ready();
  return [{ reference: true }, ...(simdSupported ? (['simd', 'scalar'] as const) : (['scalar'] as const)).map((variant) => ({ variant }))];
}

/** `count` 96-byte Ultra records with random ids below `idLimit` at 72 and weights at 80 (a quarter zero), and their columns. */
function records(seed: number, count: number, idLimit: number) {
  const random = rng(seed);
  const bytes = new Uint8Array(count * 96);
  const dv = new DataView(bytes.buffer);
  const ids = new Uint16Array(count * 4), weights = new Uint8Array(count * 4);
  for (let v = 0; v < count; v++) {
    for (let k = 0; k < 4; k++) {
      const id = Math.floor(random() * idLimit), w = random() < 0.25 ? 0 : Math.floor(random() * 256);
      dv.setUint16(v * 96 + 72 + k * 2, id, true);
      bytes[v * 96 + 80 + k] = w;
      ids[v * 4 + k] = id;
      weights[v * 4 + k] = w;
    }
  }
  return { bytes, ids, weights };
}

describe('unpackByteWeightColumns', () => {
  it('equals the record form on 3,000 random vertices, every path (bones enough for every id)', async () => {
    const { bytes, ids, weights } = records(71, 3000, 60);
    for (const options of await paths()) {
      const expected = unpackByteWeights(bytes, 96, 3000, 72, 80, options);
      const got = unpackByteWeightColumns(ids, weights, 3000, 60, options);
      expect(got.unskinned).toBe(expected.unskinned);
      expect(got.unskinned).toBeGreaterThan(0); // some vertices draw four zero weights
      expect(Buffer.compare(Buffer.from(got.joints.buffer), Buffer.from(expected.joints.buffer))).toBe(0);
      expect(Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(expected.weights.buffer))).toBe(0);
    }
  });

  it('drops weights naming a bone past the skeleton, as zeroing them in the records does', async () => {
    const { bytes, ids, weights } = records(72, 2000, 80);
    const zeroed = bytes.slice();
    let dropped = 0;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] >= 50 && weights[i] !== 0) {
        zeroed[(i >> 2) * 96 + 80 + (i & 3)] = 0;
        dropped++;
      }
    }
    expect(dropped).toBeGreaterThan(100);
    for (const options of await paths()) {
      const expected = unpackByteWeights(zeroed, 96, 2000, 72, 80, options);
      const got = unpackByteWeightColumns(ids, weights, 2000, 50, options);
      expect(got.unskinned).toBe(expected.unskinned);
      expect(Array.from(got.joints).every((j) => j < 50)).toBe(true);
      expect(Buffer.compare(Buffer.from(got.joints.buffer), Buffer.from(expected.joints.buffer))).toBe(0);
      expect(Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(expected.weights.buffer))).toBe(0);
    }
  });

  it('a hand-checked vertex: ids 4 and 7 at 100 and 50 of 255 → 2/3 and 1/3', async () => {
    const ids = new Uint16Array([4, 7, 1, 0]), weights = new Uint8Array([100, 50, 0, 0]);
    for (const options of await paths()) {
      const s = unpackByteWeightColumns(ids, weights, 1, 8, options);
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([4, 7]);
      expect(s.weights[0]).toBeCloseTo(2 / 3, 6);
      expect(s.weights[1]).toBeCloseTo(1 / 3, 6);
    }
  });
});
