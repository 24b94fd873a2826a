import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { unpackMs3dWeights } from '../src/read/skin-weights.js';
import { dumpMs3d } from '@relic3d/fixtures/dumps';

async function variants(): Promise<Variant[]> {
  await ready();
  return simdSupported ? ['simd', 'scalar'] : ['scalar'];
}

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

describe('unpackMs3dWeights (spec rules, every path)', () => {
  it('MS3D: leading valid run, implicit 4th weight, /100, rigid and fallback vertices (ms3d.md §5.5)', async () => {
    const boneIds = new Int8Array([0, 1, -1, 2, 3, 1]);
    // i8 boneIds[3]; u8 weights[3]; + 4 extra bytes (sub-version 2)
    const rec = (b: number[], w: number[]) => [...b.map((x) => x & 0xff), ...w, 9, 9, 9, 9];
    const extra = new Uint8Array([
      ...rec([1, 2, 3], [40, 30, 20]), // 4 slots: 0:.4 1:.3 2:.2 3:.1
      ...rec([2, -1, 3], [50, 25, 0]), // slot 2 bone −1 stops the run: 1:.5 2:.25 → renormalised
      ...rec([1, 1, 1], [50, 50, 0]), // rigid vertex (boneId −1)
      ...rec([0, 0, 0], [0, 0, 0]), // all-zero weights: 100 % on bone 2
      ...rec([9, 0, 0], [60, 40, 0]), // bone 9 ≥ jointCount: only slot 0 (bone 3, .6) → 1
      ...rec([0, 0, 0], [0, 70, 30]), // w0 = 0: no valid slot → 100 % on bone 1
    ]);
    for (const options of [{ reference: true }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackMs3dWeights(boneIds, extra, 10, 4, options);
      expect(s.unskinned).toBe(1);
      expect(Array.from(s.joints.subarray(0, 4))).toEqual([0, 1, 2, 3]);
      close(s.weights.subarray(0, 4), [0.4, 0.3, 0.2, 0.1]);
      expect(Array.from(s.joints.subarray(4, 6))).toEqual([1, 2]);
      close(s.weights.subarray(4, 8), [2 / 3, 1 / 3, 0, 0]);
      close(s.weights.subarray(8, 12), [0, 0, 0, 0]);
      expect(s.joints[12]).toBe(2);
      close(s.weights.subarray(12, 16), [1, 0, 0, 0]);
      expect(s.joints[16]).toBe(3);
      close(s.weights.subarray(16, 20), [1, 0, 0, 0]);
      expect(s.joints[20]).toBe(1);
      close(s.weights.subarray(20, 24), [1, 0, 0, 0]);
      const rigid = unpackMs3dWeights(boneIds, extra, 10, 4, { ...options, rigidJoint: 3 });
      expect(rigid.joints[8]).toBe(3);
      expect(rigid.weights[8]).toBe(1);
    }
    const none = unpackMs3dWeights(new Int8Array([2, 0]), undefined, 6, 3);
    expect(Array.from(none.joints)).toEqual([2, 0, 0, 0, 0, 0, 0, 0]);
    expect(() => unpackMs3dWeights(boneIds, extra.subarray(0, 50), 10, 4)).toThrow(RangeError);
  });

  it('refuses arrays of the wrong type on every path', async () => {
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => unpackMs3dWeights([0], new Uint16Array(3) as never, 6, 1, options)).toThrow(/extra must be a Uint8Array/);
      expect(() => unpackMs3dWeights('ab' as never, undefined, 6, 1, options)).toThrow(/boneIds must be an array or a typed array/);
    }
  });

  const ms3d = corpusFiles('ms3d', '.ms3d');
  it.runIf(ms3d.length > 0)('MS3D corpus: Woman4 has 664 of 1,789 vertices with extra bones and weights; all paths agree', async () => {
    let withExtra = 0;
    for (const entry of ms3d) {
      const bytes = readCorpusFile(entry);
      const d = dumpMs3d(bytes);
      if (!d.extra || d.joints.length === 0) continue;
      withExtra++;
      const boneIds = Int8Array.from({ length: d.vertexCount }, (_, v) => (bytes[d.verticesAt + v * 15 + 13] << 24) >> 24);
      const extra = bytes.subarray(d.extra.at, d.extra.at + d.extra.stride * d.vertexCount);
      const ref = unpackMs3dWeights(boneIds, extra, d.extra.stride, d.joints.length, { reference: true });
      for (const variant of await variants()) {
        const got = unpackMs3dWeights(boneIds, extra, d.extra.stride, d.joints.length, { variant });
        expect(got.joints).toEqual(ref.joints);
        expect(got.weights).toEqual(ref.weights);
      }
      for (let v = 0; v < d.vertexCount; v++) {
        if (boneIds[v] < 0) continue;
        const sum = ref.weights[v * 4] + ref.weights[v * 4 + 1] + ref.weights[v * 4 + 2] + ref.weights[v * 4 + 3];
        expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
      }
      if (entry.file === 'glscene__Woman4.ms3d') {
        expect(d.vertexCount).toBe(1789);
        expect(d.extra.stride).toBe(14);
        let multi = 0;
        for (let v = 0; v < d.vertexCount; v++) if (ref.weights[v * 4 + 1] > 0) multi++;
        // 664 vertices carry non-zero extra weights; a multi-bone result needs ≥ 2 valid slots.
        expect(multi).toBeGreaterThan(0);
        expect(multi).toBeLessThanOrEqual(664);
        // Independent count from the raw records: an extra bone id ≥ 0 and a non-zero weight byte.
        let withExtraBones = 0, largest = 0;
        for (let v = 0; v < d.vertexCount; v++) {
          const e = d.extra.at + v * 14;
          const anyBone = [0, 1, 2].some((k) => bytes[e + k] < 0x80);
          if (anyBone && bytes[e + 3] + bytes[e + 4] + bytes[e + 5] > 0) withExtraBones++;
          largest = Math.max(largest, bytes[e + 3], bytes[e + 4], bytes[e + 5]);
        }
        expect(withExtraBones).toBe(664);
        expect(largest).toBe(100);
      }
    }
    expect(withExtra).toBeGreaterThan(0);
  });
});
