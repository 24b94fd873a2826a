// The writer's number helpers that replace a builtin must give the builtin's exact result: the
// written bytes depend on them (the pinned corpus hashes only cover the corpus's values).
import { describe, expect, it } from 'vitest';
import { putFixedAt, putUint, putUintPadded, roundedValue } from '../../src/write/digits.js';
import { math } from '@relic3d/core';

const { hypot3 } = math;

/** Seeded values over many magnitudes and signs, with the special ones. */
function values(count: number, seed = 11): number[] {
  const out = [0, -0, 1, -1, 0.5, 1e-5, -1e-5, 5e-324, -5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 1e154, 1e-154, NaN, Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    seed = (seed * 16807) % 2147483647;
    out.push((seed / 2147483647 - 0.5) * 10 ** ((seed % 41) - 20));
  }
  return out;
}

describe('hypot3', () => {
  it("is Math.hypot's bits for 3 arguments", () => {
    const v = values(3000);
    const wrong: string[] = [];
    for (let i = 0; i < v.length; i++) {
      for (const [a, b, c] of [[v[i], v[(i * 7 + 1) % v.length], v[(i * 13 + 2) % v.length]], [v[i], v[i], v[(i + 1) % v.length]], [v[i], 0, 0], [0, v[i], 1]]) {
        if (!Object.is(hypot3(a, b, c), Math.hypot(a, b, c))) wrong.push(`${a}, ${b}, ${c}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('roundedValue', () => {
  it('is Number(value.toFixed(N)), signed zero included, and 0 when not finite', () => {
    const wrong: string[] = [];
    for (const d of [0, 1, 4, 6, 9]) {
      const scale = 10 ** d;
      // Values near ties of every digit count, besides the seeded ones.
      for (const v of [...values(3000, d + 3), 0.00005, -0.00015, 1.00005, 2.5, -2.5, 123.45675, 0.125, -0.0625]) {
        const want = Number.isFinite(v) ? Number(v.toFixed(d)) : 0;
        if (!Object.is(roundedValue(v, scale, d), want)) wrong.push(`${v} at ${d}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('putFixedAt and the integers', () => {
  it('reads float32 and float64 arrays alike, and writes what toFixed writes', () => {
    const f32 = Float32Array.from(values(2000, 5)), f64 = Float64Array.from(f32);
    const b = new Uint8Array(64);
    const wrong: string[] = [];
    for (let i = 0; i < f32.length; i++) {
      const a = new TextDecoder().decode(b.subarray(0, putFixedAt(b, 0, f32, i, 1e4, 4)));
      const c = new TextDecoder().decode(b.subarray(0, putFixedAt(b, 0, f64, i, 1e4, 4)));
      const text = (Number.isFinite(f64[i]) ? f64[i] : 0).toFixed(4);
      const want = /[1-9]/.test(text) ? text : text.replace('-', '');
      if (a !== want || c !== want) wrong.push(`${f64[i]}: ${a} / ${c}, want ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it('%d and %4d of indices, past 2^31 too', () => {
    const b = new Uint8Array(64);
    const wrong: string[] = [];
    for (const v of [0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 65535, 99999, 100000, 2147483647, 2147483648, 4294967295, 2 ** 40 + 3]) {
      const plain = new TextDecoder().decode(b.subarray(0, putUint(b, 0, v)));
      const padded = new TextDecoder().decode(b.subarray(0, putUintPadded(b, 0, v, 4)));
      if (plain !== String(v) || padded !== String(v).padStart(4)) wrong.push(`${v}: "${plain}" "${padded}"`);
    }
    expect(wrong).toEqual([]);
  });
});
