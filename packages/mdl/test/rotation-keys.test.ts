// The fused rotation-key pass against what it replaced: mirror (−x, −y, z, w), then
// math.quatNormalize per key. Every float the same, damaged keys (NaN, ±infinity, zero) the identity.
import { math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { mirrorNormalizedQuatsInPlace } from '../src/scene/axes.js';

describe('mirrorNormalizedQuatsInPlace', () => {
  it('equals mirroring then math.quatNormalize on every key', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 4 - 2;
    const keys = Float32Array.from({ length: 4 * 500 }, next);
    keys.set([NaN, 0, 0, 1], 0);
    keys.set([0, Infinity, 0, 1], 4);
    keys.set([0, 0, -Infinity, NaN], 8);
    keys.set([0, 0, 0, 0], 12);
    keys.set([-0, -0, 0, 2], 16);
    keys.set([3e38, 3e38, 3e38, 3e38], 20);
    const expected = new Float32Array(keys.length);
    for (let k = 0; k < keys.length; k += 4) expected.set(math.quatNormalize([-keys[k], -keys[k + 1], keys[k + 2], keys[k + 3]]), k);
    const got = mirrorNormalizedQuatsInPlace(keys.slice());
    expect(got).toEqual(expected);
    for (let k = 0; k < 16; k += 4) expect([...got.subarray(k, k + 4)]).toEqual([0, 0, 0, 1]);
    expect([...got.subarray(16, 20)]).toEqual([0, 0, 0, 1]);
    expect(got[20]).toBeCloseTo(-0.5, 6);
  });
});
