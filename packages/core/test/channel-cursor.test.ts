// ChannelCursor gives sampleChannel's bits: on seeded random channels of every path and
// interpolation (duplicate key times included), at ascending frame times and at random times, and
// on channels the fast path leaves to sampleChannel (unsorted or NaN times, partial keys).
import { describe, expect, it } from 'vitest';
import { ChannelCursor, sampleChannel, type AnimationChannel, type Interpolation } from '../src/index.js';

function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function channel(rand: () => number, path: AnimationChannel['path'], interpolation: Interpolation, keys: number): AnimationChannel {
  const size = path === 'rotation' ? 4 : 3;
  const stride = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const times = new Float32Array(keys);
  for (let k = 1; k < keys; k++) times[k] = times[k - 1] + (rand() < 0.1 ? 0 : rand() * 0.2);
  const values = new Float32Array(keys * size * stride).map(() => rand() * 4 - 2);
  return { node: 0, path, times, values, interpolation };
}

const bits = (a: Float32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

function expectSame(c: AnimationChannel, times: number[]) {
  const size = c.path === 'rotation' ? 4 : 3;
  const cursor = new ChannelCursor(c, size);
  const expected = new Float32Array(times.length * size), actual = new Float32Array(times.length * size);
  times.forEach((time, f) => {
    sampleChannel(c, time, expected.subarray(f * size, f * size + size));
    cursor.sample(time, actual, f * size);
  });
  expect(bits(actual)).toEqual(bits(expected));
}

describe('ChannelCursor', () => {
  const rand = random(7);
  for (const path of ['translation', 'rotation', 'scale'] as const) {
    for (const interpolation of ['LINEAR', 'STEP', 'CUBICSPLINE'] as const) {
      it(`${path} ${interpolation}: the bits of sampleChannel at every frame and at random times`, () => {
        for (const keys of [1, 2, 7, 60]) {
          const c = channel(rand, path, interpolation, keys);
          const end = c.times[keys - 1];
          const frames = Array.from({ length: 200 }, (_, f) => -0.1 + (f / 199) * (end + 0.2));
          expectSame(c, frames);
          expectSame(c, [...frames, ...Array.from(c.times)]);
          expectSame(c, Array.from({ length: 100 }, () => rand() * (end + 0.2) - 0.1));
        }
      });
    }
  }

  it('leaves unsorted or NaN key times, NaN sample times and partial keys to sampleChannel', () => {
    const c = channel(rand, 'translation', 'LINEAR', 20);
    const frames = Array.from({ length: 50 }, (_, f) => f / 20);
    expectSame({ ...c, times: c.times.slice().reverse() }, frames);
    const nan = c.times.slice();
    nan[5] = NaN;
    expectSame({ ...c, times: nan }, frames);
    expectSame(c, [0.1, NaN, 0.3]);
    const partial = { ...c, values: c.values.subarray(0, 59) };
    const cursor = new ChannelCursor(partial, 3);
    const out = new Float32Array(3);
    cursor.sample(0.5, out);
    const expected = new Float32Array(Math.ceil(59 / 20) + 1);
    sampleChannel(partial, 0.5, expected);
    expect(bits(out)).toEqual(bits(expected.subarray(0, 3)));
  });
});
