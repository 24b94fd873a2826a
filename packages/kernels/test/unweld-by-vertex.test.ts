import { describe, expect, it } from 'vitest';
import { cpuClock } from '@relic3d/test-harness';
import { CHAIN_STEPS_PER_CORNER, unweld, unweldByVertex, type UnweldResult } from '../src/index.js';
import { unweldByVertexJS, unweldJS } from '../src/reference.js';
import { rng, variants } from './setup.js';

/** `unweld` over (primary, keys…) rows: the result unweldByVertex must match exactly. */
function reference(primary: Uint32Array, keys: Uint32Array | undefined, keyWidth: number): UnweldResult {
  const width = keyWidth + 1;
  const rows = new Uint32Array(primary.length * width);
  for (let c = 0; c < primary.length; c++) {
    rows[c * width] = primary[c];
    for (let w = 0; w < keyWidth; w++) rows[c * width + 1 + w] = keys![c * keyWidth + w];
  }
  return unweldJS(rows, width, primary.length);
}

async function expectAllPaths(primary: Uint32Array, primaryCount: number, keys: Uint32Array | undefined, keyWidth: number): Promise<void> {
  const ref = reference(primary, keys, keyWidth);
  const results = [unweldByVertexJS(primary, primaryCount, keys, keyWidth), unweldByVertex(primary, primaryCount, keys, keyWidth, { kernels: 'js' })];
  for (const variant of await variants()) results.push(unweldByVertex(primary, primaryCount, keys, keyWidth, { variant }));
  for (const got of results) {
    expect(got.vertexCount).toBe(ref.vertexCount);
    expect(got.indices).toEqual(ref.indices);
    expect(got.firstCorner).toEqual(ref.firstCorner);
  }
  if (keyWidth === 0) {
    // Against the hash kernel itself too (one-word keys).
    for (const variant of await variants()) expect(unweld(primary, 1, primary.length, { variant })).toEqual(ref);
  }
}

describe('unweldByVertex parity with unweld (SIMD, scalar, TypeScript)', () => {
  it('matches unweld on seeded random inputs of several shapes', async () => {
    const random = rng(11);
    for (const [corners, primaryCount, width, distinct] of [
      [0, 0, 0, 1], [0, 5, 3, 1], [1, 1, 0, 1], [1, 3, 2, 1], [300, 50, 0, 1], [300, 50, 1, 3], [3000, 200, 3, 4],
      [5000, 5000, 5, 2], [6000, 10, 2, 50], [4000, 1, 1, 5],
    ]) {
      const primary = Uint32Array.from({ length: corners }, () => Math.floor(random() * primaryCount));
      const keys = width ? Uint32Array.from({ length: corners * width }, () => Math.floor(random() * distinct)) : undefined;
      await expectAllPaths(primary, primaryCount, keys, width);
    }
  });

  it('matches unweld on adversarial inputs: one primary with thousands of variants, full-range words, keys differing in the last word', async () => {
    const n = 20_000;
    // Every corner on primary 0 with a distinct key: the chain budget runs out and the hash kernel takes over.
    await expectAllPaths(new Uint32Array(n), 1, Uint32Array.from({ length: n }, (_, i) => i), 1);
    // Half the corners repeat: variants just past and below the budget.
    await expectAllPaths(new Uint32Array(n), 4, Uint32Array.from({ length: n * 2 }, (_, i) => (i & 1 ? (i >> 1) % 97 : 0xffffffff)), 2);
    // Keys equal except in their last word, with 0xffffffff / 0 / -0 bit patterns.
    const random = rng(5);
    const primary = Uint32Array.from({ length: n }, () => Math.floor(random() * 64));
    const keys = new Uint32Array(n * 4);
    for (let c = 0; c < n; c++) keys.set([0xffffffff, 0x80000000, 0, random() < 0.5 ? 0 : 0x80000000], c * 4);
    await expectAllPaths(primary, 64, keys, 4);
    // Exactly at the budget: every vertex of a few primaries walks a long chain.
    const m = 2000;
    const p2 = Uint32Array.from({ length: m }, (_, i) => i % 2);
    const k2 = Uint32Array.from({ length: m }, (_, i) => Math.floor(i / 2) % (CHAIN_STEPS_PER_CORNER * 3));
    await expectAllPaths(p2, 2, k2, 1);
  });

  it('stays linear when one primary index has many variants', async () => {
    const n = 400_000;
    const primary = new Uint32Array(n);
    const keys = Uint32Array.from({ length: n }, (_, i) => i);
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const cpuMs = cpuClock();
      const r = unweldByVertex(primary, 1, keys, 1, options);
      expect(r.vertexCount).toBe(n);
      // A hang guard, not a speed test: linear takes tens of ms, quadratic ~10^11 compares (minutes).
      expect(cpuMs()).toBeLessThan(20_000);
    }
  });

  it('hand-checked numbering and the keyless form (indices in order of first use)', async () => {
    const primary = new Uint32Array([2, 0, 2, 1, 0, 2]);
    const keys = new Uint32Array([7, 7, 8, 7, 7, 7]);
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const r = unweldByVertex(primary, 3, keys, 1, options);
      expect(Array.from(r.indices)).toEqual([0, 1, 2, 3, 1, 0]);
      expect(Array.from(r.firstCorner)).toEqual([0, 1, 2, 3]);
      const plain = unweldByVertex(primary, 3, undefined, 0, options);
      expect(Array.from(plain.indices)).toEqual([0, 1, 0, 2, 1, 0]);
      expect(Array.from(plain.firstCorner)).toEqual([0, 1, 3]);
      expect(plain.vertexCount).toBe(3);
      // cornerCount limits the corners used.
      expect(Array.from(unweldByVertex(primary, 3, keys, 1, { ...options, cornerCount: 3 }).indices)).toEqual([0, 1, 2]);
    }
  });

  it('refuses primary indices past primaryCount and bad sizes with RangeError', async () => {
    const primary = new Uint32Array([0, 1, 5]);
    const keys = new Uint32Array(6);
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => unweldByVertex(primary, 5, keys, 2, options)).toThrow(RangeError);
      expect(() => unweldByVertex(primary, 6, keys, 3, options)).toThrow(RangeError); // keys too short
      expect(() => unweldByVertex(primary, 6, undefined, 1, options)).toThrow(RangeError);
      expect(() => unweldByVertex(primary, 6, keys, -1, options)).toThrow(RangeError);
      expect(() => unweldByVertex(primary, 6, keys, 1.5, options)).toThrow(RangeError);
      expect(() => unweldByVertex(primary, -1, keys, 2, options)).toThrow(RangeError);
      expect(() => unweldByVertex(primary, 6, keys, 2, { ...options, cornerCount: 4 })).toThrow(RangeError);
      expect(unweldByVertex(primary, 5, keys, 2, { ...options, cornerCount: 2 }).vertexCount).toBe(2);
      // Out of range after the chain budget is spent: the fallback checks too.
      const many = new Uint32Array(10_000);
      many[9_999] = 9;
      expect(() => unweldByVertex(many, 1, Uint32Array.from({ length: 10_000 }, (_, i) => i), 1, options)).toThrow(RangeError);
    }
  });
});
