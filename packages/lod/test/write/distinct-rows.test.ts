// The writer's partitioned weld against the kernels' hash unweld (the TypeScript reference, an
// independent implementation): the same numbering by first use on every shape of input.
import { unweldJS } from '@relic3d/kernels/reference';
import { rng } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { HASH_SEED, distinctRows, hashStep } from '../../src/write/distinct-rows.js';

function expectLikeUnweld(keys: Uint32Array, width: number): ReturnType<typeof distinctRows> {
  const rows = keys.length / width;
  const got = distinctRows(keys, width, rows);
  const want = unweldJS(keys, width, rows);
  expect(got.count).toBe(want.vertexCount);
  expect(Array.from(got.first)).toEqual(Array.from(want.firstCorner));
  // Compared as one array (a per-row toEqual of 100,000 rows is slow to diff, not to run).
  expect(got.index.every((v, r) => v === want.indices[r])).toBe(true);
  expect(got.identity).toBe(want.vertexCount === rows);
  return got;
}

/** `rows` rows of `width` words, drawn from `distinct` seeded rows (so about rows − distinct repeats). */
function drawn(rows: number, width: number, distinct: number, seed: number): Uint32Array {
  const random = rng(seed);
  const pool = Uint32Array.from({ length: distinct * width }, () => (random() * 2 ** 32) >>> 0);
  const keys = new Uint32Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const from = Math.floor(random() * distinct) * width;
    keys.set(pool.subarray(from, from + width), r * width);
  }
  return keys;
}

describe('distinctRows (the weld of positions, normals and UVs)', () => {
  it('numbers 100,000 rows drawn from 30,000 as unweld does, across its 128 parts', () => {
    const got = expectLikeUnweld(drawn(100_000, 3, 30_000, 1), 3);
    // Nearly every one of the 30,000 is drawn at least once (1 − e^(−10/3) of them).
    expect(got.count).toBeGreaterThan(28_000);
    expect(got.count).toBeLessThanOrEqual(30_000);
  });

  it('distinct rows are the identity, and one repeated row at the very end is found', () => {
    const random = rng(2);
    const keys = Uint32Array.from({ length: 50_000 * 2 }, () => (random() * 2 ** 32) >>> 0);
    const all = expectLikeUnweld(keys, 2);
    expect(all.identity).toBe(true);
    expect(all.index[49_999]).toBe(49_999);
    keys.set(keys.subarray(2 * 1234, 2 * 1234 + 2), 2 * 49_999);
    const one = expectLikeUnweld(keys, 2);
    expect([one.identity, one.count, one.index[49_999]]).toEqual([false, 49_999, 1234]);
  });

  it('rows equal in all but one word stay apart, in every column (wide skinned keys)', () => {
    const width = 14;
    const base = drawn(1, width, 1, 3);
    const keys = new Uint32Array(3 * width * 200);
    for (let r = 0; r < keys.length / width; r++) {
      keys.set(base, r * width);
      // Rows 3c and 3c + 1 differ from the base in column c % 14 (by one bit), row 3c + 2 repeats the base.
      if (r % 3 !== 2) keys[r * width + (Math.floor(r / 3) % width)] ^= 1 << (r % 2 ? 31 : 0);
    }
    const got = expectLikeUnweld(keys, width);
    expect(got.index[2]).toBe(got.index[5]);
  });

  it('rows whose hashes collide are told apart by their words', () => {
    // Two-word rows (a, f(a) ^ c) hash alike for every a (the second step sees c): 3,000 rows, 1,000 distinct.
    const keys = new Uint32Array(3_000 * 2);
    for (let r = 0; r < 3_000; r++) {
      const a = (r % 1_000) * 7919;
      keys[r * 2] = a;
      keys[r * 2 + 1] = (hashStep(HASH_SEED, a) ^ 12345) >>> 0;
    }
    const hashOf = (r: number) => hashStep(hashStep(HASH_SEED, keys[r * 2]), keys[r * 2 + 1]);
    expect(hashOf(1)).toBe(hashOf(2));
    const got = expectLikeUnweld(keys, 2);
    expect([got.count, got.index[1_001], got.index[2_999]]).toEqual([1_000, 1, 999]);
  });

  it('a list of one row repeated, and the empty and one-row lists', () => {
    expect(expectLikeUnweld(new Uint32Array(9_000 * 3).fill(7), 3).count).toBe(1);
    expect(expectLikeUnweld(new Uint32Array(0), 3)).toMatchObject({ count: 0, identity: true });
    expect(expectLikeUnweld(Uint32Array.of(1, 2, 3), 3)).toMatchObject({ count: 1, identity: true });
  });

  it('zero and negative zero are different words (the gather cleans −0 before the weld)', () => {
    const keys = new Uint32Array(Float32Array.of(0, 1, -0, 1, 0, 1).buffer);
    expect(Array.from(expectLikeUnweld(keys, 2).index)).toEqual([0, 1, 0]);
  });
});
