import { describe, expect, it } from 'vitest';
import { ready, simdSupported, widenIndices, type Variant } from '@relic3d/kernels';
import { unpackByteWeights } from '../src/read/skin-weights.js';

async function variants(): Promise<Variant[]> {
  await ready();
  return simdSupported ? ['simd', 'scalar'] : ['scalar'];
}

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

describe('unpackByteWeights (spec rules, every path)', () => {
  it('MDL: u16 bone ids and u8 weights / 255, renormalised; all-zero unskinned (mdl.md §5.7)', async () => {
    const rec = new Uint8Array(96 * 2);
    const dv = new DataView(rec.buffer);
    [4, 7, 1, 0].forEach((b, k) => dv.setUint16(72 + k * 2, b, true));
    rec.set([100, 50, 0, 0], 80); // sum 150 ≠ 255 → renormalise
    for (const options of [{ reference: true }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackByteWeights(rec, 96, 2, 72, 80, options);
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([4, 7]);
      close(s.weights.subarray(0, 4), [2 / 3, 1 / 3, 0, 0]);
      close(s.weights.subarray(4, 8), [0, 0, 0, 0]);
      expect(s.unskinned).toBe(1);
    }
    expect(() => unpackByteWeights(rec, 96, 3, 72, 80)).toThrow(RangeError);
    expect(() => unpackByteWeights(rec, 84, 2, 80, 80)).toThrow(RangeError);
  });

  it('refuses arrays of the wrong type on every path', async () => {
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => unpackByteWeights(new Uint16Array(48) as never, 96, 1, 72, 80, options)).toThrow(/records must be a Uint8Array/);
    }
  });

  it('gives exact weights after every other kernel has run', async () => {
    const records = new Uint8Array(96);
    records.set([255, 0, 0, 0], 80); // bone 0 at weight 255/255
    for (const variant of await variants()) {
      widenIndices(new Uint8Array(1000).fill(7), { variant });
      const skin = unpackByteWeights(records, 96, 1, 72, 80, { variant });
      expect(Array.from(skin.weights)).toEqual([1, 0, 0, 0]);
    }
  });
});
