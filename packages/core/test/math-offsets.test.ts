// The offset forms writers use in per-frame loops (multiplyAt, invertAt, fromTRSAt, eulerXYZFromQuatInto) give
// the same bits as the plain functions, at any offset, and touch nothing else of the array.
import { describe, expect, it } from 'vitest';
import { math } from '../src/index.js';

/** Seeded values in [-2, 2) (xorshift32): the same inputs every run. */
function seeded(count: number, seed = 0x9e3779b9): Float64Array {
  const out = new Float64Array(count);
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = ((s >>> 0) / 2 ** 32) * 4 - 2;
  }
  return out;
}

describe('math offset forms', () => {
  it('multiplyAt writes multiply’s bits at an offset, float32 and float64', () => {
    const values = seeded(16 * 40);
    for (let m = 0; m < 20; m++) {
      const a = values.subarray(m * 32, m * 32 + 16), b = values.subarray(m * 32 + 16, m * 32 + 32);
      for (const make of [(n: number) => new Float32Array(n), (n: number) => new Float64Array(n)]) {
        const out = make(48).fill(7);
        math.multiplyAt(values, m * 32, values, m * 32 + 16, out, 16);
        expect(Array.from(out.subarray(16, 32))).toEqual(Array.from(math.multiply(a, b, make(16))));
        expect(out.subarray(0, 16).every((v) => v === 7) && out.subarray(32).every((v) => v === 7)).toBe(true);
      }
    }
  });

  it('invertAt writes invert’s bits at an offset, and says false for a singular matrix without writing', () => {
    const values = seeded(16 * 10, 12345);
    for (let m = 0; m < 10; m++) {
      const out = new Float64Array(32).fill(7);
      expect(math.invertAt(values, m * 16, out, 16)).toBe(true);
      expect(Array.from(out.subarray(16))).toEqual(Array.from(math.invert(values.subarray(m * 16, m * 16 + 16), new Float64Array(16))!));
      expect(out.subarray(0, 16).every((v) => v === 7)).toBe(true);
    }
    const singular = new Float64Array(20);
    singular.set([1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0, 0, 0, 0, 1], 4);
    const out = new Float32Array(16).fill(7);
    expect(math.invertAt(singular, 4, out, 0)).toBe(false);
    expect(out.every((v) => v === 7)).toBe(true);
    expect(math.invert(singular.subarray(4))).toBeUndefined();
  });

  it('fromTRSAt writes fromTRS’s bits of parts read at offsets (float32 parts, as sampleClipFrames gives them), and nothing else', () => {
    const values = Float32Array.from(seeded(10 * 30, 4242));
    for (let k = 0; k < 30; k++) {
      const t = values.subarray(k * 10, k * 10 + 3), q = values.subarray(k * 10 + 3, k * 10 + 7), s = values.subarray(k * 10 + 7, k * 10 + 10);
      const out = new Float32Array(48).fill(7);
      math.fromTRSAt(values, k * 10, values, k * 10 + 3, values, k * 10 + 7, out, 16);
      expect(Array.from(out.subarray(16, 32))).toEqual(Array.from(math.fromTRS(Float64Array.from(t), Float64Array.from(q), Float64Array.from(s), new Float32Array(16))));
      expect(out.subarray(0, 16).every((v) => v === 7) && out.subarray(32).every((v) => v === 7)).toBe(true);
      // And what it means, by another road: column j is the unit rotation of axis j, times scale j.
      const unit = math.quatNormalize(Array.from(q) as [number, number, number, number]);
      const m = new Float64Array(16);
      math.fromTRSAt(t, 0, unit, 0, s, 0, m, 0);
      for (let j = 0; j < 3; j++) {
        const axis = math.quatRotateVec3(unit, [0, 1, 2].map((c) => (c === j ? s[j] : 0)));
        for (let c = 0; c < 3; c++) expect(m[j * 4 + c]).toBeCloseTo(axis[c], 5);
      }
      expect([m[12], m[13], m[14], m[15]]).toEqual([t[0], t[1], t[2], 1]);
    }
  });

  it('eulerXYZFromQuatInto writes eulerXYZFromQuat’s angles at an offset', () => {
    const values = seeded(4 * 50, 777);
    // Gimbal lock (y = ±90°) too, where x and z share the turn.
    const quats = [...Array.from({ length: 50 }, (_, k) => values.subarray(k * 4, k * 4 + 4)), math.quatFromEulerXYZ(0.4, Math.PI / 2, -0.3)];
    for (const q of quats) {
      const out = new Float64Array(5).fill(7);
      math.eulerXYZFromQuatInto(q, out, 1);
      expect([out[1], out[2], out[3]]).toEqual(math.eulerXYZFromQuat(q));
      expect([out[0], out[4]]).toEqual([7, 7]);
    }
  });
});
