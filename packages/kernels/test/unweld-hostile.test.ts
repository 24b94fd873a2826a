// Keys crafted against unweld's hash (issue 25: no hang on crafted input): rows that share one
// FNV hash, or land in one window of slots, made linear probing O(k²). Past a probe budget the
// kernels sort instead; the result must stay the hash path's exactly (scene hashes and writer pins
// depend on it), on every path.
import { describe, expect, it } from 'vitest';
import { cpuClock, sceneDifferences } from '@relic3d/test-harness';
import { finiteFloatBits, rowHash, sameHashRows, unweldTableSize, windowRows } from '@relic3d/fixtures/unweld-collisions';
import { PROBES_PER_CORNER, unweld, unweldByVertex, unweldRecordCorners, type RecordCornerLayout, type UnweldResult } from '../src/index.js';
import { unweldByVertexJS, unweldJS, unweldRecordCornersJS, unweldSortedJS } from '../src/reference.js';
import { rng, variants } from './setup.js';

/** Independent numbering: distinct rows (as strings) by first occurrence. */
function firstOccurrence(keys: Uint32Array, width: number, count = keys.length / width): { indices: number[]; firstCorner: number[] } {
  const seen = new Map<string, number>();
  const indices: number[] = [], firstCorner: number[] = [];
  for (let c = 0; c < count; c++) {
    const key = keys.subarray(c * width, (c + 1) * width).join(',');
    let v = seen.get(key);
    if (v === undefined) {
      seen.set(key, (v = seen.size));
      firstCorner.push(c);
    }
    indices.push(v);
  }
  return { indices, firstCorner };
}

/** A result's numbering, for sceneDifferences (typed arrays bit for bit: toEqual's array check lists every element's key as a string). */
const numbering = (r: UnweldResult) => ({ indices: r.indices, firstCorner: r.firstCorner, vertexCount: r.vertexCount });

/** Every path of unweld (TS twin, SIMD, scalar; default budget and none) against the independent numbering. */
async function expectUnweldPaths(keys: Uint32Array, width: number, count = keys.length / width): Promise<void> {
  const want = firstOccurrence(keys, width, count);
  const expected = { indices: Uint32Array.from(want.indices), firstCorner: Uint32Array.from(want.firstCorner), vertexCount: want.firstCorner.length };
  const got: [string, UnweldResult][] = [
    ['twin', unweldJS(keys, width, count)],
    ['twin, no budget', unweldJS(keys, width, count, { probeBudget: 0 })],
    ['sorted', unweldSortedJS(keys, width, count)],
  ];
  for (const variant of await variants()) {
    got.push([variant, unweld(keys, width, count, { variant })], [`${variant}, no budget`, unweld(keys, width, count, { variant, probeBudget: 0 })]);
  }
  for (const [name, r] of got) expect(sceneDifferences(numbering(r), expected), name).toEqual([]);
}

const floatWord = (random: () => number) => new Uint32Array(Float32Array.of(random() * 4 - 2).buffer)[0];

describe('unweld on crafted keys', () => {
  it('the crafted rows are what they claim: distinct rows with one hash, or slots in one window', () => {
    const same = sameHashRows(3000, 4, { seed: 3 });
    const hashes = new Set<number>();
    for (let c = 0; c < 3000; c++) hashes.add(rowHash(same, c * 4, 4));
    expect(hashes.size).toBe(1);
    expect(firstOccurrence(same, 4).firstCorner.length).toBe(3000);
    const size = unweldTableSize(3000);
    const windowed = windowRows(3000, { limits: [40, 100_000], suffix: [0, 0x3f800000], tableSize: size, window: 64 });
    const slots = Array.from({ length: 3000 }, (_, c) => rowHash(windowed, c * 4, 4) & (size - 1));
    expect(Math.max(...slots)).toBeLessThan(64);
    expect(firstOccurrence(windowed, 4).firstCorner.length).toBe(3000);
  });

  it('numbers crafted rows as the hash path would, on every path and width (full-hash collisions, slot windows, repeats)', async () => {
    const random = rng(17);
    for (const [count, width] of [[2, 2], [700, 2], [5000, 3], [20_000, 6]]) {
      await expectUnweldPaths(sameHashRows(count, width, { seed: count }), width);
    }
    // One-word keys cannot share a hash, only a window of slots (a LOD list's indices).
    await expectUnweldPaths(windowRows(8000, { limits: [0x100000000], tableSize: unweldTableSize(8000), window: 256 }), 1);
    // Crafted rows repeated and shuffled among ordinary ones: leaders and repeats on both sides of the hand-over.
    const crafted = sameHashRows(4000, 5, { lead: [7], word: floatWord, accept: finiteFloatBits });
    const mixed = new Uint32Array(12_000 * 5);
    for (let c = 0; c < 12_000; c++) {
      const pick = random();
      if (pick < 0.6) mixed.set(crafted.subarray((c % 4000) * 5, (c % 4000) * 5 + 5), c * 5);
      else if (pick < 0.8) {
        const row = Math.floor(random() * 4000);
        mixed.set(crafted.subarray(row * 5, row * 5 + 5), c * 5);
      }
      else mixed.set([7, 1, 2, 3, Math.floor(random() * 50)], c * 5);
    }
    await expectUnweldPaths(mixed, 5);
    // cornerCount below the keys' length: the sort path reads only those corners.
    await expectUnweldPaths(mixed, 5, 9_001);
  });

  it('the sort path gives the hash path\'s numbering on ordinary keys too (seeded, many shapes)', async () => {
    const random = rng(29);
    for (const [count, width, distinct] of [[0, 1, 1], [1, 3, 1], [17, 1, 4], [1000, 2, 30], [5000, 4, 3], [30_000, 1, 1 << 30]]) {
      await expectUnweldPaths(Uint32Array.from({ length: count * width }, () => Math.floor(random() * distinct) + (random() < 0.1 ? 0x80000000 : 0)), width);
    }
  });

  it('unweldByVertex and unweldRecordCorners hand crafted corners over and still agree with their twins', async () => {
    const n = 30_000;
    const rows = sameHashRows(n, 6, { lead: [0], word: floatWord, accept: finiteFloatBits });
    const primary = new Uint32Array(n);
    const keys = new Uint32Array(n * 5);
    for (let c = 0; c < n; c++) keys.set(rows.subarray(c * 6 + 1, c * 6 + 6), c * 5);
    const expected = numbering(unweldJS(rows, 6));
    expect(expected.vertexCount).toBe(n);
    const byVertex = [unweldByVertexJS(primary, 1, keys, 5), ...(await variants()).map((variant) => unweldByVertex(primary, 1, keys, 5, { variant }))];
    for (const r of byVertex) expect(sceneDifferences(numbering(r), expected)).toEqual([]);
    // The same corners as MS3D triangle records: u16 vertex ×3 at 2, normals at 8, s at 44, t at 56.
    const layout: RecordCornerLayout = { stride: 70, cornersPerRecord: 3, primaryOffset: 2, keyFields: [{ offset: 8, words: 3 }, { offset: 44, words: 1 }, { offset: 56, words: 1 }] };
    const triangles = n / 3;
    const records = new Uint8Array(triangles * 70);
    const view = new DataView(records.buffer);
    for (let c = 0; c < n; c++) {
      const at = Math.floor(c / 3) * 70, k = c % 3;
      for (let j = 0; j < 3; j++) view.setUint32(at + 8 + 12 * k + 4 * j, keys[c * 5 + j], true);
      view.setUint32(at + 44 + 4 * k, keys[c * 5 + 3], true);
      view.setUint32(at + 56 + 4 * k, keys[c * 5 + 4], true);
    }
    const order = Uint16Array.from({ length: triangles }, (_, t) => t);
    const fromRecords = [unweldRecordCornersJS(records, order, layout, 1), ...(await variants()).map((variant) => unweldRecordCorners(records, order, layout, 1, { variant }))];
    for (const r of fromRecords) expect(sceneDifferences(numbering(r), expected)).toEqual([]);
  });

  it('a hang guard: 2^18 crafted rows finish in seconds on every path (quadratic probing took minutes)', async () => {
    const n = 1 << 18;
    const rows = sameHashRows(n, 6, { lead: [0], word: floatWord, accept: finiteFloatBits });
    const primary = new Uint32Array(n);
    const keys = new Uint32Array(n * 5);
    for (let c = 0; c < n; c++) keys.set(rows.subarray(c * 6 + 1, c * 6 + 6), c * 5);
    const calls: [string, () => UnweldResult][] = [
      ['twin', () => unweldJS(rows, 6)],
      ['twin by vertex', () => unweldByVertexJS(primary, 1, keys, 5)],
    ];
    for (const variant of await variants()) {
      calls.push([variant, () => unweld(rows, 6, n, { variant })], [`${variant} by vertex`, () => unweldByVertex(primary, 1, keys, 5, { variant })]);
    }
    for (const [name, call] of calls) {
      const cpuMs = cpuClock();
      const r = call();
      // Not a speed test (bench/src/unweld-hostile.ts is): the old probing took ~2^35 steps here.
      expect(cpuMs(), name).toBeLessThan(20_000);
      expect([r.vertexCount, r.indices[n - 1], r.firstCorner[n - 1]], name).toEqual([n, n - 1, n - 1]);
    }
  }, 120_000);

  it('refuses a probe budget that is not a non-negative integer', async () => {
    const keys = Uint32Array.of(1, 2, 1);
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      for (const probeBudget of [-1, 1.5, NaN]) expect(() => unweld(keys, 1, 3, { ...options, probeBudget })).toThrow(RangeError);
      expect(unweld(keys, 1, 3, { ...options, probeBudget: 2 ** 40 }).vertexCount).toBe(2);
    }
    expect(PROBES_PER_CORNER).toBeGreaterThan(1);
  });
});
