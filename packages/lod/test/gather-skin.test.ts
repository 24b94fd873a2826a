// gatherSkin: JOINTS_0/WEIGHTS_0 per render vertex from the per-position arrays, copied as 32-bit words.
import { describe, expect, it } from 'vitest';
import { gatherSkin } from '../src/scene/attributes.js';

describe('gatherSkin', () => {
  const joints = Uint16Array.from([1, 2, 3, 4, 5, 6, 7, 8, 65535, 0, 9, 10]);
  const weights = Float32Array.from([0.5, 0.25, 0.25, 0, -0, 1e-45, 1, 0, NaN, Infinity, 3.4028234e38, 0.125]);
  const index = Uint32Array.from([2, 0, 2, 1]);
  const want = {
    joints: [65535, 0, 9, 10, 1, 2, 3, 4, 65535, 0, 9, 10, 5, 6, 7, 8],
    weights: [NaN, Infinity, 3.4028234e38, 0.125, 0.5, 0.25, 0.25, 0, NaN, Infinity, 3.4028234e38, 0.125, -0, 1e-45, 1, 0].map(Math.fround),
  };

  it('picks each vertex its position’s four joints and weights, bit for bit (−0, subnormal, NaN, ∞ kept)', () => {
    const got = gatherSkin(joints, weights, index, 4);
    expect(Array.from(got.joints)).toEqual(want.joints);
    expect(Array.from(got.weights)).toEqual(want.weights);
    expect(Object.is(got.weights[12], -0)).toBe(true);
  });

  it('joints at a 2-byte offset (no 32-bit view) give the same result', () => {
    const shifted = new Uint16Array(joints.length + 1);
    shifted.set(joints, 1);
    const got = gatherSkin(shifted.subarray(1), weights, index, 4);
    expect(Array.from(got.joints)).toEqual(want.joints);
    expect(Array.from(got.weights)).toEqual(want.weights);
  });
});
