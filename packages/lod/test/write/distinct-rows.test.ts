// The writer's partitioned weld against the kernels' hash unweld (the TypeScript reference, an
// independent implementation): the same numbering by first use on every shape of input it takes,
// and the lists it leaves to unweld (rows that repeat often).
import { unweldJS } from '@relic3d/kernels/reference';
import { rng } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { columnFactor, distinctRows, repeatsOften, rowHash } from '../../src/write/distinct-rows.js';

/** The inverse of an odd multiplier mod 2^32 (Newton's iteration doubles the correct bits each step). */
function inverseOf(odd: number): number {
  let x = odd;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(odd, x));
  return x;
}

/** The second word that gives the two-word row (a, ·) the xor-ed products `c`, so every such row hashes alike. */
const partnerOf = (a: number, c: number) => Math.imul(Math.imul(a, columnFactor(0)) ^ c, inverseOf(columnFactor(1))) >>> 0;

function expectLikeUnweld(keys: Uint32Array, width: number): NonNullable<ReturnType<typeof distinctRows>> {
  const rows = keys.length / width;
  const got = distinctRows(keys, width, rows);
  const want = unweldJS(keys, width, rows);
  expect(got).toBeDefined();
  expect(got!.count).toBe(want.vertexCount);
  expect(Array.from(got!.first)).toEqual(Array.from(want.firstCorner));
  // Compared as one boolean (a diff of 100,000 rows is slow to print, not to run).
  expect(got!.index.every((v, r) => v === want.indices[r])).toBe(true);
  expect(got!.identity).toBe(want.vertexCount === rows);
  return got!;
}

/** `rows` seeded random rows of `width` words, then every `every`-th row a copy of a random earlier one. */
function rowsWithCopies(rows: number, width: number, every: number, seed: number): Uint32Array {
  const random = rng(seed);
  const keys = Uint32Array.from({ length: rows * width }, () => (random() * 2 ** 32) >>> 0);
  for (let r = every; r < rows; r += every) {
    const from = Math.floor(random() * r) * width;
    keys.copyWithin(r * width, from, from + width);
  }
  return keys;
}

describe('distinctRows (the weld of large position, normal and UV lists)', () => {
  it('numbers 300,000 rows with a copy every 20th as unweld does, across its 1,024 parts', () => {
    const got = expectLikeUnweld(rowsWithCopies(300_000, 3, 20, 1), 3);
    expect(got.count).toBe(300_000 - 14_999);
  });

  it('distinct rows are the identity, and one repeated row at the very end is found', () => {
    const keys = rowsWithCopies(50_000, 2, 50_000, 2);
    const all = expectLikeUnweld(keys, 2);
    expect(all.identity).toBe(true);
    expect(all.index[49_999]).toBe(49_999);
    keys.copyWithin(2 * 49_999, 2 * 1234, 2 * 1234 + 2);
    const one = expectLikeUnweld(keys, 2);
    expect([one.identity, one.count, one.index[49_999]]).toEqual([false, 49_999, 1234]);
  });

  it('rows equal in all but one word stay apart, in every column (wide skinned keys)', () => {
    const width = 14;
    const keys = rowsWithCopies(3_000, width, 40, 3);
    // Rows 40c + 1 copy row 40c with one bit changed, in column c % 14: near twins of the copies too.
    for (let r = 1; r < 3_000; r += 40) {
      keys.copyWithin(r * width, (r - 1) * width, r * width);
      keys[r * width + (Math.floor(r / 40) % width)] ^= 1 << (r % 80 === 1 ? 0 : 31);
    }
    // (A twin made after a copy of its row was taken leaves that copy distinct: unweld's count is the reference.)
    expect(expectLikeUnweld(keys, width).count).toBeGreaterThan(3_000 - 74 - 1);
  });

  it('rows whose hashes collide are told apart by their words, and their copies found', () => {
    // Two-word rows (a, partnerOf(a, c)) hash alike for every a (their products xor to c): 100 of them
    // among 20,000 random rows, each row after them a copy of one of them.
    const keys = rowsWithCopies(20_000, 2, 20_000, 4);
    for (let r = 0; r < 100; r++) {
      const a = r * 7919;
      keys[r * 200 * 2] = a;
      keys[r * 200 * 2 + 1] = partnerOf(a, 12345);
      keys.copyWithin((r * 200 + 1) * 2, (r >> 1) * 200 * 2, ((r >> 1) * 200 + 1) * 2);
    }
    const hashOf = (r: number) => rowHash(keys, r * 2, 2);
    expect(hashOf(200)).toBe(hashOf(19_800));
    const got = expectLikeUnweld(keys, 2);
    expect(got.count).toBe(20_000 - 100);
    expect(got.index[99 * 200 + 1]).toBe(got.index[49 * 200]);
  });

  it('gives way to unweld when many distinct rows share one hash (a crafted list would cost O(k²) comparisons)', () => {
    // 1,000 distinct rows of one hash among 20,000: ~500,000 comparisons, past the budget of one per row.
    const keys = rowsWithCopies(20_000, 2, 20_000, 5);
    for (let r = 0; r < 1000; r++) {
      keys[r * 20 * 2] = r * 7919;
      keys[r * 20 * 2 + 1] = partnerOf(r * 7919, 12345);
    }
    expect(distinctRows(keys, 2, 20_000)).toBeUndefined();
  });

  it('gives way to unweld when distinct hashes are crafted onto one slot of one part (probing would cost O(k²))', () => {
    // mixHash undone: y ^ (y >>> 12) and h ^ (h >>> 15) are undone by two more shifts, the multiply by its inverse.
    const unmix = (out: number) => {
      const m = out ^ (out >>> 12) ^ (out >>> 24);
      const x = Math.imul(m, inverseOf(0x2c1b3c6d));
      return x ^ (x >>> 15) ^ (x >>> 30);
    };
    // 20,000 rows make 64 parts (top 6 bits) of tables of 2^16 slots: hashes i << 16 (i < 1,024) are distinct,
    // all in part 0 and all on slot 0, so each probes past every earlier one: ~524,000 steps, past 8 per row.
    const keys = rowsWithCopies(20_000, 2, 20_000, 6);
    for (let i = 0; i < 1024; i++) {
      const a = i * 7919 + 1;
      keys[i * 19 * 2] = a;
      keys[i * 19 * 2 + 1] = partnerOf(a, unmix(i << 16));
      expect(rowHash(keys, i * 19 * 2, 2)).toBe(i << 16);
    }
    expect(distinctRows(keys, 2, 20_000)).toBeUndefined();
    // 64 of them are still numbered like unweld, within the budget.
    const few = rowsWithCopies(20_000, 2, 20_000, 6);
    for (let i = 0; i < 64; i++) {
      few[i * 19 * 2] = i + 1;
      few[i * 19 * 2 + 1] = partnerOf(i + 1, unmix(i << 16));
    }
    expect(expectLikeUnweld(few, 2).count).toBe(20_000);
  });

  it('gives way to unweld where rows repeat often, and says so from the first 4,096 rows', () => {
    const often = rowsWithCopies(100_000, 3, 8, 5);
    expect(distinctRows(often, 3, 100_000)).toBeUndefined();
    expect(repeatsOften(often, 3, 100_000)).toBe(true);
    const seldom = rowsWithCopies(100_000, 3, 40, 6);
    expect(repeatsOften(seldom, 3, 100_000)).toBe(false);
    expect(repeatsOften(new Uint32Array(9_000 * 3).fill(7), 3, 9_000)).toBe(true);
  });

  it('the empty and one-row lists', () => {
    expect(expectLikeUnweld(new Uint32Array(0), 3)).toMatchObject({ count: 0, identity: true });
    expect(expectLikeUnweld(Uint32Array.of(1, 2, 3), 3)).toMatchObject({ count: 1, identity: true });
  });

  it('−0 and 0 are one word (rows welded in scene space are not cleaned), in the hash and in the comparison', () => {
    // 300,000 random rows (partitioned); row 40 is row 0 with +0 where row 0 has −0, row 41 the reverse of row 1.
    const keys = rowsWithCopies(300_000, 2, 300_000, 7);
    const [zero, negativeZero] = new Uint32Array(Float32Array.of(0, -0).buffer);
    keys.set([negativeZero, 5, zero, 6], 0);
    keys.set([zero, 5, negativeZero, 6], 40 * 2);
    const got = distinctRows(keys, 2, 300_000)!;
    const want = unweldJS(keys.map((w) => (w === negativeZero ? zero : w)), 2, 300_000);
    expect([got.count, got.index[40], got.index[41]]).toEqual([300_000 - 2, 0, 1]);
    expect(got.index.every((v, r) => v === want.indices[r])).toBe(true);
  });
});
