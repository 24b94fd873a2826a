import { describe, expect, it } from 'vitest';
import { packSorted, packVertex } from '../src/reference/skin.js';
import { rng } from './setup.js';

/** packVertex alone, and packSorted falling back to it, on one vertex into pre-filled outputs. */
function both(joints: Int32Array, weights: Float32Array): { slow: [Uint16Array, Float32Array]; fast: [Uint16Array, Float32Array]; took: boolean } {
  const n = joints.length;
  const slow: [Uint16Array, Float32Array] = [new Uint16Array(4).fill(7), new Float32Array(4).fill(0.5)];
  const fast: [Uint16Array, Float32Array] = [new Uint16Array(4).fill(7), new Float32Array(4).fill(0.5)];
  packVertex(joints, weights, 0, n, new Int32Array(n), new Float64Array(n), slow[0], slow[1], 0);
  const took = packSorted(joints, weights, n, fast[0], fast[1], 0);
  if (!took) packVertex(joints, weights, 0, n, new Int32Array(n), new Float64Array(n), fast[0], fast[1], 0);
  return { slow, fast, took };
}

describe('packSorted (the sorted-vertex fast path of packVertex)', () => {
  it('takes a sorted, distinct 4-influence vertex and writes what packVertex writes', () => {
    const r = both(Int32Array.of(3, 9, 1, 40), Float32Array.of(100 / 255, 80 / 255, 50 / 255, 25 / 255));
    expect(r.took).toBe(true);
    expect(Array.from(r.fast[0])).toEqual([3, 9, 1, 40]);
    expect(r.fast[1][0]).toBeCloseTo(100 / 255, 6);
    expect(r.fast[0]).toEqual(r.slow[0]);
    expect(r.fast[1]).toEqual(r.slow[1]);
  });

  it.each([
    ['unsorted', [1, 2, 3], [0.2, 0.5, 0.3]],
    ['a duplicate joint', [4, 4, 2], [0.5, 0.3, 0.2]],
    ['five weighted slots', [0, 1, 2, 3, 4], [0.3, 0.25, 0.2, 0.15, 0.1]],
    ['no weight', [5, 6], [0, 0]],
    ['a joint beyond u16', [70000, 1], [0.6, 0.4]],
    ['a negative joint', [-1, 1], [0.6, 0.4]],
  ])('declines a vertex with %s, leaving packVertex output intact', (_, joints, weights) => {
    const r = both(Int32Array.from(joints), Float32Array.from(weights));
    expect(r.took).toBe(false);
    expect(r.fast[0]).toEqual(r.slow[0]);
    expect(r.fast[1]).toEqual(r.slow[1]);
  });

  it('matches packVertex bit for bit on seeded vertices (ties, zeros, NaN, duplicates, 1–6 slots)', () => {
    const random = rng(2525);
    let taken = 0;
    const mismatches: string[] = [];
    for (let i = 0; i < 8000; i++) {
      const n = 1 + Math.floor(random() * 6);
      const joints = Int32Array.from({ length: n }, () => Math.floor(random() * 12));
      const weights = Float32Array.from({ length: n }, () => {
        const x = random();
        return x < 0.1 ? 0 : x < 0.12 ? NaN : x < 0.14 ? -x : Math.round(x * 16) / 16;
      });
      if (random() < 0.5) weights.sort().reverse(); // NaN sorts last, so some stay unsorted
      const r = both(joints, weights);
      if (r.took) taken++;
      const same = r.fast[0].every((j, k) => j === r.slow[0][k]) && r.fast[1].every((w, k) => Object.is(w, r.slow[1][k]));
      if (!same) mismatches.push(`${Array.from(joints)} / ${Array.from(weights)}`);
    }
    expect(mismatches).toEqual([]);
    // Both paths exercised: a test where the fast path never (or always) ran would prove nothing.
    expect(taken).toBeGreaterThan(800);
    expect(taken).toBeLessThan(7200);
  });
});
