import { describe, expect, it } from 'vitest';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { rng } from '@relic3d/test-harness';
import { unpackLodWeights } from '../src/read/skin-weights.js';

async function variants(): Promise<Variant[]> {
  await ready();
  return simdSupported ? ['simd', 'scalar'] : ['scalar'];
}

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

describe('unpackLodWeights (spec rules, every path)', () => {
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

  it('refuses arrays of the wrong type on every path', async () => {
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => unpackLodWeights([0, 0, 0, 0, 0] as never, 1, 1, 1, options)).toThrow(/bytes must be a Uint8Array/);
    }
  });
});
