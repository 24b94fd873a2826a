import { describe, expect, it } from 'vitest';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { unpackO3dWeights } from '../src/read/skin-weights.js';

async function variants(): Promise<Variant[]> {
  await ready();
  return simdSupported ? ['simd', 'scalar'] : ['scalar'];
}

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

describe('unpackO3dWeights (spec rules, every path)', () => {
  it('O3D: palette slot × 3 resolution, stale index with zero weight ignored, bad slot refused (o3d.md §2.3)', async () => {
    const rec = (w1: number, w2: number, a: number, b: number) => {
      const r = new DataView(new ArrayBuffer(44));
      r.setFloat32(12, w1, true);
      r.setFloat32(16, w2, true);
      r.setUint16(20, a, true);
      r.setUint16(22, b, true);
      return new Uint8Array(r.buffer);
    };
    const bytes = new Uint8Array([...rec(0.75, 0.25, 3, 0), ...rec(1, 0, 6, 5), ...rec(0, 0, 0, 0)]);
    const palette = [10, 11, 12];
    for (const options of [{ reference: true }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackO3dWeights(bytes, 3, palette, options);
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([11, 10]);
      close(s.weights.subarray(0, 4), [0.75, 0.25, 0, 0]);
      expect(s.joints[4]).toBe(12);
      close(s.weights.subarray(4, 8), [1, 0, 0, 0]);
      expect(s.unskinned).toBe(1);
      expect(Array.from(unpackO3dWeights(bytes, 2, undefined, options).joints.subarray(0, 2))).toEqual([1, 0]);
      // The message names the bad index and the palette, on every path.
      expect(() => unpackO3dWeights(rec(1, 0, 9, 0), 1, palette, options)).toThrow('vertex 0: bone index 9 is not a palette slot × 3 of a 3 palette');
      expect(() => unpackO3dWeights(new Uint8Array([...rec(1, 0, 0, 0), ...rec(0, 1, 0, 4)]), 2, undefined, options)).toThrow('vertex 1: bone index 4 is not a palette slot × 3 of a global palette');
    }
    expect(() => unpackO3dWeights(rec(1, 0, 9, 0), 1, palette)).toThrow(RangeError);
    expect(() => unpackO3dWeights(rec(1, 0, 4, 0), 1, palette)).toThrow(RangeError);
    expect(() => unpackO3dWeights(bytes, 4, palette)).toThrow(RangeError);
  });

  it('refuses arrays of the wrong type on every path', async () => {
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => unpackO3dWeights(new Float32Array(11) as never, 1, undefined, options)).toThrow(/records must be a Uint8Array/);
    }
  });
});
