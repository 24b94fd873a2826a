import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { packSkinWeights, packSkinWeightsJS, unpackByteWeights, unpackLodWeights, unpackMs3dWeights, unpackO3dWeights } from '../src/index.js';
import { dumpMs3d } from './dump.js';
import { rng, variants } from './setup.js';

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

describe('packSkinWeights parity', () => {
  it('is identical to the TypeScript reference on seeded random influences (duplicates, zeros, negatives, NaN)', async () => {
    const random = rng(99);
    for (const [count, influences] of [[0, 3], [1, 1], [500, 2], [500, 4], [300, 9]]) {
      const joints = Array.from({ length: count * influences }, () => Math.floor(random() * 6));
      const weights = Float32Array.from({ length: count * influences }, () => {
        const r = random();
        return r < 0.1 ? 0 : r < 0.15 ? -r : r < 0.17 ? NaN : Math.round(r * 8) / 8;
      });
      const ref = packSkinWeightsJS(count, influences, joints, weights);
      for (const variant of await variants()) {
        const got = packSkinWeights(count, influences, joints, weights, { variant });
        expect(got.joints).toEqual(ref.joints);
        expect(got.weights).toEqual(ref.weights);
      }
      // Every input type the kernel reads directly (i32/u16/u8 joints, f32/f64 weights) or converts.
      for (const variant of await variants()) {
        for (const j of [Int32Array.from(joints), Uint16Array.from(joints), Uint8Array.from(joints)]) {
          for (const w of [Float64Array.from(weights), Array.from(weights)]) {
            const got = packSkinWeights(count, influences, j, w, { variant });
            expect(got.joints).toEqual(ref.joints);
            expect(got.weights).toEqual(ref.weights);
          }
        }
      }
    }
  });

  it('refuses counts past the given arrays', async () => {
    for (const variant of await variants()) {
      expect(() => packSkinWeights(3, 2, [0, 1], [1, 1], { variant })).toThrow(RangeError);
      expect(() => packSkinWeights(-1, 2, [], [], { variant })).toThrow(RangeError);
      expect(() => packSkinWeights(2 ** 31, 4, [], [], { variant })).toThrow(RangeError);
    }
  });
});

describe('format weight unpackers (spec rules, both paths)', () => {
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
    }
    expect(() => unpackO3dWeights(rec(1, 0, 9, 0), 1, palette)).toThrow(RangeError);
    expect(() => unpackO3dWeights(rec(1, 0, 4, 0), 1, palette)).toThrow(RangeError);
    expect(() => unpackO3dWeights(bytes, 4, palette)).toThrow(RangeError);
  });

  it('MDL: u16 bone ids and u8 weights / 255, renormalised; all-zero unskinned (mdl.md §5.7)', async () => {
    const rec = new Uint8Array(96 * 2);
    const dv = new DataView(rec.buffer);
    [4, 7, 1, 0].forEach((b, k) => dv.setUint16(72 + k * 2, b, true));
    rec.set([100, 50, 0, 0], 80); // sum 150 ≠ 255 → renormalise
    for (const options of [{ reference: true }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackByteWeights(rec, 96, 2, 72, 80, options);
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([4, 7]);
      close(s.weights.subarray(0, 4), [2 / 3, 1 / 3, 0, 0]);
      close(s.weights.subarray(4, 8), [0, 0, 0, 0]);
      expect(s.unskinned).toBe(1);
    }
    expect(() => unpackByteWeights(rec, 96, 3, 72, 80)).toThrow(RangeError);
    expect(() => unpackByteWeights(rec, 84, 2, 80, 80)).toThrow(RangeError);
  });

  it('LOD: high-bit terminator and BonesPerVertex both end a vertex; 5- and 6-byte records (lod.md)', async () => {
    const rec5 = (field: number, w: number) => {
      const r = new DataView(new ArrayBuffer(5));
      r.setUint8(0, field);
      r.setFloat32(1, w, true);
      return [...new Uint8Array(r.buffer)];
    };
    // v0: bones 1 (.5), 2 (.5) then terminator; v1: bone 3 alone (terminator); v2: 3 records = BonesPerVertex
    const bytes = new Uint8Array([...rec5(1, 0.5), ...rec5(0x80 | 2, 0.5), ...rec5(0x80 | 3, 1), ...rec5(4, 0.2), ...rec5(5, 0.3), ...rec5(6, 0.5)]);
    for (const options of [{ reference: true }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackLodWeights(bytes, 6, 3, 3, options);
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([1, 2]);
      close(s.weights.subarray(0, 4), [0.5, 0.5, 0, 0]);
      expect(s.joints[4]).toBe(3);
      expect(Array.from(s.joints.subarray(8, 11))).toEqual([6, 5, 4]);
      close(s.weights.subarray(8, 12), [0.5, 0.3, 0.2, 0]);
    }
    const wide = new DataView(new ArrayBuffer(12));
    wide.setUint16(0, 0x8000 | 300, true);
    wide.setFloat32(2, 1, true);
    wide.setUint16(6, 0x8000 | 7, true);
    wide.setFloat32(8, 1, true);
    expect(Array.from(unpackLodWeights(new Uint8Array(wide.buffer), 2, 4, 2, { wide: true }).joints)).toEqual([300, 0, 0, 0, 7, 0, 0, 0]);
    expect(() => unpackLodWeights(bytes, 6, 3, 4)).toThrow(RangeError); // fills 3, not 4
    expect(() => unpackLodWeights(bytes, 6, 3, 2)).toThrow(RangeError); // records past the last vertex
    expect(() => unpackLodWeights(bytes, 7, 3, 3)).toThrow(RangeError); // records past the bytes
    expect(() => unpackLodWeights(bytes, 6, 0, 3)).toThrow(RangeError);
  });

  it('LOD: WASM and the reference agree on seeded random record streams (5- and 6-byte)', async () => {
    const random = rng(5);
    for (const wide of [false, true]) {
      const size = wide ? 6 : 5;
      const fields: number[] = [];
      let vertices = 0;
      for (let v = 0; v < 3000; v++, vertices++) {
        const k = 1 + Math.floor(random() * 5);
        for (let r = 0; r < k; r++) fields.push((r === k - 1 && k < 5 ? (wide ? 0x8000 : 0x80) : 0) | Math.floor(random() * (wide ? 300 : 100)));
      }
      const dv = new DataView(new ArrayBuffer(fields.length * size));
      fields.forEach((f, r) => {
        if (wide) dv.setUint16(r * 6, f, true);
        else dv.setUint8(r * 5, f);
        dv.setFloat32(r * size + size - 4, Math.round(random() * 8) / 8, true);
      });
      const bytes = new Uint8Array(dv.buffer);
      const ref = unpackLodWeights(bytes, fields.length, 5, vertices, { wide, reference: true });
      for (const variant of await variants()) {
        const got = unpackLodWeights(bytes, fields.length, 5, vertices, { wide, variant });
        expect(got.joints).toEqual(ref.joints);
        expect(got.weights).toEqual(ref.weights);
      }
    }
  });

  it('LOD: one very wide vertex does not pad every vertex (bounded allocation)', () => {
    const n = 20000;
    const bytes = new Uint8Array(5 * (n + 1000));
    const dv = new DataView(bytes.buffer);
    for (let r = 0; r < 1000; r++) { bytes[r * 5] = r % 100; dv.setFloat32(r * 5 + 1, 1, true); }
    for (let r = 1000; r < n + 1000; r++) { bytes[r * 5] = 0x80 | 1; dv.setFloat32(r * 5 + 1, 1, true); }
    bytes[999 * 5] |= 0x80;
    const s = unpackLodWeights(bytes, n + 1000, 60000, n + 1);
    expect(s.joints.length).toBe((n + 1) * 4);
    expect(s.joints[4]).toBe(1);
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
