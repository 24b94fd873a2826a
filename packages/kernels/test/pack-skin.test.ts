import { describe, expect, it } from 'vitest';
import { packSkinWeights } from '../src/index.js';
import { packSkinWeightsJS } from '../src/reference.js';
import { rng, variants } from './setup.js';

describe('packSkinWeights parity', () => {
  it('is identical to the TypeScript reference on seeded random influences (duplicates, zeros, negatives, NaN)', async () => {
    const random = rng(99);
    for (const [count, influences] of [[0, 3], [1, 1], [500, 2], [500, 4], [300, 9]]) {
      const joints = Array.from({ length: count * influences }, () => Math.floor(random() * 6));
      const weights = Float32Array.from({ length: count * influences }, () => {
        const r = random();
        return r < 0.1 ? 0 : r < 0.15 ? -r : r < 0.17 ? NaN : Math.round(r * 8) / 8;
      });
      const ref = packSkinWeightsJS(count, influences, joints, weights);
      for (const variant of await variants()) {
        const got = packSkinWeights(count, influences, joints, weights, { variant });
        expect(got.joints).toEqual(ref.joints);
        expect(got.weights).toEqual(ref.weights);
      }
      // Every input type the kernel reads directly (i32/u16/u8 joints, f32/f64 weights) or converts.
      for (const variant of await variants()) {
        for (const j of [Int32Array.from(joints), Uint16Array.from(joints), Uint8Array.from(joints)]) {
          for (const w of [Float64Array.from(weights), Array.from(weights)]) {
            const got = packSkinWeights(count, influences, j, w, { variant });
            expect(got.joints).toEqual(ref.joints);
            expect(got.weights).toEqual(ref.weights);
          }
        }
      }
    }
  });

  it('refuses counts past the given arrays', async () => {
    for (const variant of await variants()) {
      expect(() => packSkinWeights(3, 2, [0, 1], [1, 1], { variant })).toThrow(RangeError);
      expect(() => packSkinWeights(-1, 2, [], [], { variant })).toThrow(RangeError);
      expect(() => packSkinWeights(2 ** 31, 4, [], [], { variant })).toThrow(RangeError);
    }
  });
});
