// The clip arithmetic without Math.hypot must give Math.hypot's bits: written keys may not change.
import { math } from '@relic3d/core';
import { rng } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { eulerXYZInto, normalizeInto } from '../../src/write/euler.js';

// core's twins, which the writer's bits depend on.
const { hypot2, hypot4 } = math;

const EDGES = [0, -0, 1, -1, 0.5, 3, NaN, Infinity, -Infinity, 5e-324, 1e-310, 1e-154, 1e154, 1.7976931348623157e308, Math.fround(0.1)];

/** Seeded values of every scale, a fifth of them float32 (as channel values are), some edge values. */
function values(seed: number, count: number): number[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const r = random();
    if (r < 0.05) return EDGES[Math.floor(random() * EDGES.length)];
    const v = (random() * 2 - 1) * 10 ** (random() * 60 - 30);
    return r < 0.25 ? Math.fround(v) : r < 0.6 ? random() * 2 - 1 : v;
  });
}

describe('Math.hypot twins', () => {
  it('hypot4 and hypot2 give the bits of Math.hypot on 200,000 seeded quadruples and every edge pair', () => {
    const v = values(25, 800_000);
    let differ4 = 0, differ2 = 0;
    for (let i = 0; i < v.length; i += 4) {
      if (!Object.is(hypot4(v[i], v[i + 1], v[i + 2], v[i + 3]), Math.hypot(v[i], v[i + 1], v[i + 2], v[i + 3]))) differ4++;
      if (!Object.is(hypot2(v[i], v[i + 1]), Math.hypot(v[i], v[i + 1]))) differ2++;
    }
    for (const a of EDGES) for (const b of EDGES) {
      if (!Object.is(hypot2(a, b), Math.hypot(a, b))) differ2++;
      if (!Object.is(hypot4(a, b, b, a), Math.hypot(a, b, b, a)) || !Object.is(hypot4(1, a, 2, b), Math.hypot(1, a, 2, b))) differ4++;
    }
    expect([differ4, differ2]).toEqual([0, 0]);
    // Known values, and infinity before NaN (as Math.hypot has it).
    expect(hypot2(3, 4)).toBe(5);
    expect(hypot4(0, -0, NaN, Infinity)).toBe(Infinity);
    expect(hypot4(1, NaN, 2, 3)).toBeNaN();
  });

  it('eulerXYZInto and normalizeInto give the bits of core math on seeded float32 quaternions', () => {
    const random = rng(7);
    const mine = new Float64Array(3), core = new Float64Array(3), unit = new Float64Array(4);
    let differ = 0;
    for (let i = 0; i < 50_000; i++) {
      const q = Float32Array.from({ length: 4 }, () => (i % 97 === 0 ? 0 : random() * 2 - 1));
      eulerXYZInto(q, mine, 0);
      math.eulerXYZFromQuatInto(q, core, 0);
      normalizeInto(q, unit, 0);
      const normal = math.quatNormalize(q);
      if (!mine.every((x, k) => Object.is(x, core[k])) || !unit.every((x, k) => Object.is(x, normal[k]))) differ++;
    }
    expect(differ).toBe(0);
  });
});
