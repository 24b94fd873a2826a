// The fused rotation-key pass against what it replaced: mirror (−x, −y, z, w), math.quatNormalize
// per key, then math.makeQuaternionsContinuous. Every float the same, bit for bit, damaged keys
// (NaN, ±infinity, zero) the identity, the file's keys unchanged.
import { math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { rotationKeys } from '../src/scene/axes.js';

describe('rotationKeys', () => {
  it('equals mirroring, math.quatNormalize and makeQuaternionsContinuous on every key', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 4 - 2;
    const keys = Float32Array.from({ length: 4 * 500 }, next);
    keys.set([NaN, 0, 0, 1], 0);
    keys.set([0, Infinity, 0, 1], 4);
    keys.set([0, 0, -Infinity, NaN], 8);
    keys.set([0, 0, 0, 0], 12);
    keys.set([-0, -0, 0, 2], 16);
    keys.set([3e38, 3e38, 3e38, 3e38], 20);
    keys.set([0, 0, 0, -1], 24);
    const stored = keys.slice();
    const expected = new Float32Array(keys.length);
    for (let k = 0; k < keys.length; k += 4) expected.set(math.quatNormalize([-keys[k], -keys[k + 1], keys[k + 2], keys[k + 3]]), k);
    math.makeQuaternionsContinuous(expected);
    const got = rotationKeys(keys);
    expect(new Uint32Array(got.buffer)).toEqual(new Uint32Array(expected.buffer));
    expect(new Uint32Array(keys.buffer)).toEqual(new Uint32Array(stored.buffer));
    for (let k = 0; k < 16; k += 4) expect([...got.subarray(k, k + 4)]).toEqual([0, 0, 0, 1]);
    expect([...got.subarray(16, 20)]).toEqual([0, 0, 0, 1]);
    expect(got[20]).toBeCloseTo(-0.5, 6);
    expect(got[27]).toBe(1); // w −1 after (−0.5, −0.5, 0.5, 0.5): flipped to follow it
    // About half of the random keys are flipped to follow the one before.
    let flipped = 0;
    for (let k = 32; k < keys.length; k += 4) if (Math.sign(got[k + 3]) !== Math.sign(keys[k + 3])) flipped++;
    expect(flipped).toBeGreaterThan(100);
  });
});
