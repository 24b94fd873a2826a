// The clip sampling's typed matrix steps (write/frame-math.ts) against core's `fromTRS`, `multiplyAt`,
// `invertAt` and the writer's `toD3dMatrixAt`, which they replace per node and frame: the same bits,
// signed zeros, NaN, singular matrices and in-place products included.
import { math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { toD3dMatrixAt } from '../../src/write/axes.js';
import { d3dInto, invertInto, multiplyInto, productD3dInto, trsInto } from '../../src/write/frame-math.js';

/** Seeded values: 32-bit LCG in [0, 1). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** Matrices at offset 16 onwards: random, the identity (zeros to sign), a singular one, one with −0, one with NaN, one with ∞. */
function matrices<T extends Float32Array | Float64Array>(seed: number, make: (length: number) => T) {
  const random = lcg(seed);
  const list: number[][] = [IDENTITY, IDENTITY.map((_, k) => (k === 15 ? 1 : 0)), IDENTITY.map((v) => (v === 0 ? -0 : v)), IDENTITY.map((v, k) => (k === 6 ? NaN : v)), IDENTITY.map((v, k) => (k === 0 ? Infinity : v))];
  for (let i = 0; i < 40; i++) list.push(Array.from({ length: 16 }, (_, k) => (k === 3 || k === 7 || k === 11 ? 0 : k === 15 ? 1 : (random() - 0.5) * 8)));
  const out = make(16 + list.length * 16);
  list.forEach((m, i) => out.set(m, 16 + i * 16));
  return { values: out, count: list.length };
}

const bitsOf = (a: ArrayLike<number>) => Array.from(a, (v) => (Object.is(v, -0) ? '-0' : String(v)));

describe('frame-math: the same bits as core and axes.ts', () => {
  it('trsInto is fromTRS, read at offsets of Float32Arrays', () => {
    const random = lcg(7);
    const t = Float32Array.from({ length: 30 }, () => (random() - 0.5) * 100);
    const r = Float32Array.from({ length: 40 }, () => random() - 0.5);
    const s = Float32Array.from({ length: 30 }, (_, k) => (k === 4 ? -0 : (random() - 0.2) * 3));
    r[5] = NaN;
    const out = new Float32Array(10 * 16 + 16), want = new Float32Array(16);
    for (let i = 0; i < 10; i++) {
      trsInto(t, i * 3, r, i * 4, s, i * 3, out, 16 + i * 16);
      math.fromTRS(Float64Array.from(t.subarray(i * 3, i * 3 + 3)), Float64Array.from(r.subarray(i * 4, i * 4 + 4)), Float64Array.from(s.subarray(i * 3, i * 3 + 3)), want);
      expect(bitsOf(out.subarray(16 + i * 16, 32 + i * 16))).toEqual(bitsOf(want));
    }
  });

  it('multiplyInto is multiplyAt on Float32Arrays, in place beside its left operand too', () => {
    const { values: a, count } = matrices(11, (n) => new Float32Array(n));
    const { values: b } = matrices(12, (n) => new Float32Array(n));
    for (let i = 0; i < count; i++) {
      const got = Float32Array.from(a), want = Float32Array.from(a);
      // Into the array it reads from, one matrix further on (frameWorlds: a child after its parent).
      const to = 16 + ((i + 1) % count) * 16;
      multiplyInto(got, 16 + i * 16, b, 16 + i * 16, got, to);
      math.multiplyAt(want, 16 + i * 16, b, 16 + i * 16, want, to);
      expect(bitsOf(got)).toEqual(bitsOf(want));
    }
  });

  it('invertInto is invertAt from a Float32Array into a Float64Array, leaving out untouched when singular', () => {
    const { values: m, count } = matrices(21, (n) => new Float32Array(n));
    let singular = 0;
    for (let i = 0; i < count; i++) {
      const got = new Float64Array(48).fill(7), want = new Float64Array(48).fill(7);
      const ok = invertInto(m, 16 + i * 16, got, 16);
      expect(ok).toBe(math.invertAt(m, 16 + i * 16, want, 16));
      if (!ok) singular++;
      expect(bitsOf(got)).toEqual(bitsOf(want));
    }
    expect(singular).toBe(3);
  });

  it('productD3dInto is toD3dMatrixAt of the Float64 × Float32 product; d3dInto is toD3dMatrixAt', () => {
    const { values: a, count } = matrices(31, (n) => new Float64Array(n));
    const { values: b } = matrices(32, (n) => new Float32Array(n));
    for (let i = 0; i < count; i++) {
      const got = new Float64Array(48), want = new Float64Array(48), product = new Float64Array(16);
      productD3dInto(a, 16 + i * 16, b, 16 + ((i * 7) % count) * 16, got, 32);
      math.multiplyAt(a, 16 + i * 16, b, 16 + ((i * 7) % count) * 16, product, 0);
      toD3dMatrixAt(product, 0, want, 32);
      expect(bitsOf(got)).toEqual(bitsOf(want));
      d3dInto(b, 16 + i * 16, got, 0);
      toD3dMatrixAt(b, 16 + i * 16, want, 0);
      expect(bitsOf(got)).toEqual(bitsOf(want));
    }
  });
});
