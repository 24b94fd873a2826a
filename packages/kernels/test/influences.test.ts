import { describe, expect, it } from 'vitest';
import {
  InvalidInfluence,
  groupRecords,
  unpackGroupedInfluences,
  unpackInfluences,
  type IdType,
  type InfluenceLayout,
  type InfluenceOptions,
  type RecordGrouping,
  type UnpackedSkin,
  type WeightType,
} from '../src/index.js';
import { groupRecordsJS, packSkinWeightsJS, unpackGroupedInfluencesJS, unpackInfluencesJS } from '../src/reference.js';
import { randomBytes, rng, variants } from './setup.js';

const close = (a: ArrayLike<number>, b: number[]) => b.forEach((x, i) => expect(a[i]).toBeCloseTo(x, 6));

/** The result, or the error's class, message and InvalidInfluence fields. */
function outcome(run: () => UnpackedSkin): unknown {
  try {
    const s = run();
    return { joints: Array.from(s.joints), weights: Array.from(new Uint8Array(s.weights.buffer)), unskinned: s.unskinned };
  } catch (error) {
    const e = error as InvalidInfluence;
    return { error: e.constructor.name, message: e.message, vertex: e.vertex, slot: e.slot, id: e.id };
  }
}

const SIZE: Record<WeightType, number> = { u8: 1, i8: 1, u16: 2, i16: 2, u32: 4, i32: 4, f32: 4 };

describe('unpackInfluences', () => {
  it('reads slots through the layout: fields in two streams, palette, divisor, mask, remainder', async () => {
    // Stream 0: u8 id per vertex. Stream 1: 8-byte records: u16 id (flag bit 0x8000, × 3), u8 weight ×2.
    const ids = Uint8Array.of(2, 1, 7);
    const recs = new Uint8Array(24);
    const dv = new DataView(recs.buffer);
    dv.setUint16(0, 0x8000 | 3, true); recs[4] = 30; recs[5] = 20; // slot 1: id 1 → palette 11; weights 30, 20, 50
    dv.setUint16(8, 6, true); recs[12] = 0; recs[13] = 0; // slot 0 weight 0: nothing kept
    dv.setUint16(16, 4, true); recs[20] = 60; recs[21] = 40; // id 4 is not × 3
    const layout: InfluenceLayout = {
      strides: [1, 8],
      joints: [{ offset: 0, type: 'u8' }, { stream: 1, offset: 0, type: 'u16' }],
      weights: [{ stream: 1, offset: 4, type: 'u8' }],
      remainder: 100,
      weightDivisor: 100,
    };
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      // Stream 0 ids × 3 too: the mask and divisor apply to every slot.
      const rules: InfluenceOptions = { palette: [10, 11, 12, 13, 14, 15, 16, 17], unweighted: 'unskinned' };
      const s = unpackInfluences([Uint8Array.of(6, 3, 21), recs], 3, { ...layout, idMask: 0x7fff, idDivisor: 3 }, { ...rules, ...options });
      // v0: id 6/3 → 12 at 30 %, 0x8003 masked → 3/3 → 11 at the remainder 70 %.
      expect(Array.from(s.joints.subarray(0, 2))).toEqual([11, 12]);
      close(s.weights.subarray(0, 4), [0.7, 0.3, 0, 0]);
      // v1: slot 0 unweighted; slot 1 gets the whole remainder.
      expect(s.joints[4]).toBe(12);
      close(s.weights.subarray(4, 8), [1, 0, 0, 0]);
      // v2: id 21/3 → 17 at 60 %; id 4 is no multiple of 3, its 40 % skipped.
      expect(s.joints[8]).toBe(17);
      close(s.weights.subarray(8, 12), [1, 0, 0, 0]);
      expect(s.unskinned).toBe(0);
      const plain = unpackInfluences([ids, recs], 3, layout, options);
      expect(Array.from(plain.joints)).toEqual([0x8003, 2, 0, 0, 6, 0, 0, 0, 7, 4, 0, 0]);
      close(plain.weights, [0.7, 0.3, 0, 0, 1, 0, 0, 0, 0.6, 0.4, 0, 0]);
    }
  });

  it('invalid ids: skip, truncate (leading run) or throw; unweighted vertices: first, unskinned or firstValid', async () => {
    // 3 slots of (i8 id, u8 weight) per 6-byte record; jointCount 4.
    const rec = (...slots: [number, number][]) => slots.flatMap(([j, w]) => [j & 0xff, w]);
    const bytes = Uint8Array.from([
      ...rec([1, 50], [9, 30], [2, 20]), // invalid id in a weighted slot 1
      ...rec([3, 0], [2, 50], [1, 50]), // unweighted slot 0
      ...rec([-1, 0], [0, 0], [0, 0]), // nothing weighted, slot 0 invalid
      ...rec([2, 0], [0, 0], [0, 0]), // nothing weighted, slot 0 valid
    ]);
    const layout: InfluenceLayout = {
      strides: [6],
      joints: [0, 2, 4].map((offset) => ({ offset, type: 'i8' as IdType })),
      weights: [1, 3, 5].map((offset) => ({ offset, type: 'u8' as WeightType })),
    };
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const skip = unpackInfluences([bytes], 4, layout, { ...options, jointCount: 4 });
      expect(Array.from(skip.joints.subarray(0, 4))).toEqual([1, 2, 0, 0]);
      close(skip.weights.subarray(0, 4), [50 / 70, 20 / 70, 0, 0]);
      expect(Array.from(skip.joints.subarray(4, 6))).toEqual([2, 1]);
      expect(Array.from(skip.joints.subarray(8, 16))).toEqual([0, 0, 0, 0, 2, 0, 0, 0]); // first: full weight on slot 0
      close(skip.weights.subarray(8, 16), [1, 0, 0, 0, 1, 0, 0, 0]);
      expect(skip.unskinned).toBe(0);

      const truncate = unpackInfluences([bytes], 4, layout, { ...options, jointCount: 4, invalid: 'truncate', unweighted: 'firstValid', rigidJoint: 3 });
      expect(truncate.joints[0]).toBe(1);
      close(truncate.weights.subarray(0, 4), [1, 0, 0, 0]);
      expect(truncate.joints[4]).toBe(3); // the run ends at unweighted slot 0: full weight on its valid id
      close(truncate.weights.subarray(4, 8), [1, 0, 0, 0]);
      expect(Array.from(truncate.joints.subarray(8, 16))).toEqual([3, 0, 0, 0, 2, 0, 0, 0]); // invalid slot 0: rigidJoint
      expect(truncate.unskinned).toBe(1);

      const unskinned = unpackInfluences([bytes], 4, layout, { ...options, jointCount: 4, unweighted: 'unskinned' });
      expect(unskinned.unskinned).toBe(2);
      expect(Array.from(unskinned.weights.subarray(8, 16))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);

      let thrown: unknown;
      try {
        unpackInfluences([bytes], 4, layout, { ...options, jointCount: 4, invalid: 'throw' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidInfluence);
      expect(thrown).toBeInstanceOf(RangeError);
      expect(thrown).toMatchObject({ vertex: 0, slot: 1, id: 9 });
      // Unweighted invalid ids never throw.
      expect(unpackInfluences([bytes.subarray(12)], 2, layout, { ...options, jointCount: 4, invalid: 'throw' }).unskinned).toBe(0);
    }
  });

  it('WASM and the reference agree on seeded random records of every field type and rule', async () => {
    const random = rng(31);
    const int = (n: number) => Math.floor(random() * n);
    const idTypes: IdType[] = ['u8', 'i8', 'u16', 'i16', 'u32', 'i32'];
    const weightTypes: WeightType[] = ['u8', 'i8', 'u16', 'i16', 'u32', 'i32', 'f32'];
    for (let round = 0; round < 60; round++) {
      const slots = 1 + int(6);
      const streams = 1 + int(2);
      const strides = Array.from({ length: streams }, () => 8 + int(24));
      const field = <T extends WeightType>(types: T[]) => {
        const type = types[int(types.length)];
        const stream = int(streams);
        return { stream, offset: int(strides[stream] - SIZE[type] + 1), type };
      };
      const remainder = random() < 0.3 ? 1 + int(300) : undefined;
      const layout: InfluenceLayout = {
        strides,
        joints: Array.from({ length: slots }, () => field(idTypes)),
        weights: Array.from({ length: slots - (remainder !== undefined ? 1 : 0) }, () => field(weightTypes)),
        remainder,
        weightDivisor: random() < 0.5 ? undefined : [3, 100, 255, 0.5][int(4)],
        idMask: random() < 0.3 ? [0x7f, 0x7fff, 0xff][int(3)] : undefined,
        idDivisor: random() < 0.3 ? 1 + int(3) : undefined,
      };
      const count = [0, 1, 5, 300][int(4)];
      // Small ids so that palettes and joint limits are hit both ways; random floats elsewhere.
      const data = strides.map((stride) => {
        const bytes = randomBytes(random, count * stride);
        for (let i = 0; i < bytes.length; i++) if (random() < 0.6) bytes[i] = int(8);
        return bytes;
      });
      const options: InfluenceOptions = {
        palette: random() < 0.4 ? Array.from({ length: int(12) }, () => int(70000) - 1000) : undefined,
        jointCount: random() < 0.5 ? int(10) : undefined,
        invalid: (['skip', 'truncate', 'throw'] as const)[int(3)],
        unweighted: (['first', 'unskinned', 'firstValid'] as const)[int(3)],
        rigidJoint: random() < 0.3 ? int(5) : undefined,
      };
      const ref = outcome(() => unpackInfluencesJS(data, count, layout, options));
      for (const variant of await variants()) {
        expect(outcome(() => unpackInfluences(data, count, layout, { ...options, variant })), `round ${round} ${variant}`).toEqual(ref);
      }
    }
  });

  it('packs exactly as packSkinWeights does for plain (id, weight) streams', async () => {
    const random = rng(8);
    const count = 400, slots = 6;
    const bytes = randomBytes(random, count * slots * 8);
    const dv = new DataView(bytes.buffer);
    const joints: number[] = [], weights: number[] = [];
    for (let v = 0; v < count; v++) {
      for (let s = 0; s < slots; s++) {
        const at = (v * slots + s) * 8;
        dv.setUint32(at, Math.floor(random() * 9), true);
        dv.setFloat32(at + 4, random() < 0.2 ? 0 : Math.round(random() * 16) / 16, true);
        joints.push(dv.getUint32(at, true));
        weights.push(dv.getFloat32(at + 4, true));
      }
    }
    const layout: InfluenceLayout = {
      strides: [slots * 8],
      joints: Array.from({ length: slots }, (_, s) => ({ offset: s * 8, type: 'u32' as IdType })),
      weights: Array.from({ length: slots }, (_, s) => ({ offset: s * 8 + 4, type: 'f32' as WeightType })),
    };
    const want = packSkinWeightsJS(count, slots, joints, Float32Array.from(weights));
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const got = unpackInfluences([bytes], count, layout, options);
      expect(got.joints).toEqual(want.joints);
      expect(got.weights).toEqual(want.weights);
    }
  });

  it('refuses layouts that do not fit, and counts past the bytes, on every path', async () => {
    const bytes = new Uint8Array(16);
    const ok: InfluenceLayout = { strides: [8], joints: [{ offset: 0, type: 'u16' }], weights: [{ offset: 4, type: 'f32' }] };
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(unpackInfluences([bytes], 2, ok, options).joints.length).toBe(8);
      expect(unpackInfluences([bytes], 0, ok, options).joints.length).toBe(0);
      expect(() => unpackInfluences([bytes], 3, ok, options)).toThrow(RangeError);
      expect(() => unpackInfluences([bytes], -1, ok, options)).toThrow(RangeError);
      expect(() => unpackInfluences([bytes], 1.5, ok, options)).toThrow(RangeError);
      expect(() => unpackInfluences([bytes, bytes], 1, ok, options)).toThrow(RangeError);
      expect(() => unpackInfluences([bytes], 1, { ...ok, weights: [{ offset: 5, type: 'f32' }] }, options)).toThrow(/does not fit/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, joints: [{ offset: 0, type: 'u64' as never }] }, options)).toThrow(/unknown type/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, joints: [{ offset: 0, type: 'f32' as never }] }, options)).toThrow(/integer field/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, joints: [{ stream: 1, offset: 0, type: 'u8' }] }, options)).toThrow(/stream 1/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, joints: [] }, options)).toThrow(/at least one slot/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, remainder: 1 }, options)).toThrow(/weight fields/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, strides: [0] }, options)).toThrow(RangeError);
      expect(() => unpackInfluences([bytes], 1, { ...ok, idDivisor: 0 }, options)).toThrow(/idDivisor/);
      expect(() => unpackInfluences([bytes], 1, { ...ok, weightDivisor: -1 }, options)).toThrow(/weightDivisor/);
      expect(() => unpackInfluences([bytes], 1, ok, { ...options, invalid: 'drop' as never })).toThrow(/invalid must be/);
      expect(() => unpackInfluences([bytes], 1, ok, { ...options, unweighted: 'none' as never })).toThrow(/unweighted must be/);
      expect(() => unpackInfluences([bytes], 1, ok, { ...options, jointCount: -2 })).toThrow(/jointCount/);
    }
  });
});

describe('groupRecords and unpackGroupedInfluences', () => {
  const narrow: InfluenceLayout = { strides: [5], joints: [{ offset: 0, type: 'u8' }], weights: [{ offset: 1, type: 'f32' }], idMask: 0x7f };
  const grouping: RecordGrouping = { endMask: 0x80, maxPerVertex: 3 };
  const rec5 = (field: number, w: number) => {
    const r = new DataView(new ArrayBuffer(5));
    r.setUint8(0, field);
    r.setFloat32(1, w, true);
    return [...new Uint8Array(r.buffer)];
  };
  // v0: 2 records ended by the flag; v1: 1; v2: 3 = maxPerVertex
  const bytes = new Uint8Array([...rec5(1, 0.5), ...rec5(0x80 | 2, 0.5), ...rec5(0x80 | 3, 1), ...rec5(4, 0.2), ...rec5(5, 0.3), ...rec5(6, 0.5)]);

  it('splits runs at the end flag and at maxPerVertex, on every path', async () => {
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const g = groupRecords(bytes, 6, 3, 5, { offset: 0, type: 'u8' }, grouping, options);
      expect(Array.from(g.starts)).toEqual([0, 2, 3, 6]);
      expect(g.widest).toBe(3);
      expect(() => groupRecords(bytes, 6, 4, 5, { offset: 0, type: 'u8' }, grouping, options)).toThrow(/filled 3 vertices, expected 4/);
      expect(() => groupRecords(bytes, 6, 2, 5, { offset: 0, type: 'u8' }, grouping, options)).toThrow(/past the 2 vertices/);
      expect(() => groupRecords(bytes, 7, 3, 5, { offset: 0, type: 'u8' }, grouping, options)).toThrow(RangeError);
      expect(() => groupRecords(bytes, 6, 3, 5, { offset: 0, type: 'u8' }, { endMask: 0x80, maxPerVertex: 0 }, options)).toThrow(/maxPerVertex/);
      expect(() => groupRecords(bytes, 6, 3, 5, { offset: 4, type: 'u16' }, grouping, options)).toThrow(/does not fit/);
      const s = unpackGroupedInfluences(bytes, 6, 3, narrow, grouping, options);
      expect(Array.from(s.joints)).toEqual([1, 2, 0, 0, 3, 0, 0, 0, 6, 5, 4, 0]);
      close(s.weights, [0.5, 0.5, 0, 0, 1, 0, 0, 0, 0.5, 0.3, 0.2, 0]);
      expect(unpackGroupedInfluences(new Uint8Array(0), 0, 0, narrow, grouping, options).joints.length).toBe(0);
      expect(() => unpackGroupedInfluences(bytes, 6, 3, { ...narrow, strides: [5, 5] }, grouping, options)).toThrow(/one stream/);
      // Palette and unskinned rules apply per record as they do per slot.
      const pal = unpackGroupedInfluences(bytes, 6, 3, narrow, grouping, { ...options, palette: [9, 8, 7, 6], unweighted: 'unskinned' });
      expect(Array.from(pal.joints)).toEqual([8, 7, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
      expect(pal.unskinned).toBe(1);
    }
  });

  it('WASM and the reference agree on seeded random streams (u8 and u16 id fields, every rule)', async () => {
    const random = rng(77);
    const int = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 24; round++) {
      const wide = round % 2 === 1;
      const size = wide ? 6 : 5;
      const per = 1 + int(6);
      const flag = wide ? 0x8000 : 0x80;
      const fields: number[] = [];
      let vertices = 0;
      for (let v = 0; v < 500; v++, vertices++) {
        const k = 1 + int(per);
        for (let r = 0; r < k; r++) fields.push((r === k - 1 && k < per ? flag : 0) | int(wide ? 40 : 20));
      }
      const dv = new DataView(new ArrayBuffer(fields.length * size));
      fields.forEach((f, r) => {
        if (wide) dv.setUint16(r * 6, f, true);
        else dv.setUint8(r * 5, f);
        const x = random();
        dv.setFloat32(r * size + size - 4, x < 0.1 ? 0 : x < 0.13 ? -x : x < 0.15 ? NaN : Math.round(x * 8) / 8, true);
      });
      const recs = new Uint8Array(dv.buffer);
      const layout: InfluenceLayout = { strides: [size], joints: [{ offset: 0, type: wide ? 'u16' : 'u8' }], weights: [{ offset: size - 4, type: 'f32' }], idMask: flag - 1 };
      const options: InfluenceOptions = {
        palette: random() < 0.3 ? Array.from({ length: int(30) }, () => int(100)) : undefined,
        jointCount: random() < 0.3 ? int(40) : undefined,
        invalid: (['skip', 'truncate', 'throw'] as const)[int(3)],
        unweighted: (['first', 'unskinned', 'firstValid'] as const)[int(3)],
      };
      const g = { endMask: flag, maxPerVertex: per };
      const want = groupRecordsJS(recs, fields.length, vertices, size, layout.joints[0], g);
      const ref = outcome(() => unpackGroupedInfluencesJS(recs, fields.length, vertices, layout, g, options));
      for (const variant of await variants()) {
        expect(groupRecords(recs, fields.length, vertices, size, layout.joints[0], g, { variant })).toEqual(want);
        expect(outcome(() => unpackGroupedInfluences(recs, fields.length, vertices, layout, g, { ...options, variant })), `round ${round} ${variant}`).toEqual(ref);
      }
    }
  });

  it('byte ids with f32 weights (their own WASM loop) equal the reference bit for bit on NaN, ±∞, −0 and subnormals, and refuse alike', async () => {
    const specials = [NaN, Infinity, -Infinity, -0, 0, 1e-45, 1.1754942e-38, 3.4028234e38, -1, 0.25, 0.5, 1];
    const random = rng(2511);
    for (const type of ['u8', 'i8'] as const) {
      const fields: number[] = [];
      const values: number[] = [];
      let vertices = 0;
      for (let v = 0; v < 400; v++, vertices++) {
        const k = 1 + Math.floor(random() * 4);
        for (let r = 0; r < k; r++) {
          fields.push((r === k - 1 && k < 4 ? 0x80 : 0) | Math.floor(random() * 24));
          values.push(specials[Math.floor(random() * specials.length)]);
        }
      }
      const dv = new DataView(new ArrayBuffer(fields.length * 5));
      fields.forEach((f, r) => {
        dv.setUint8(r * 5, f);
        dv.setFloat32(r * 5 + 1, values[r], true);
      });
      const recs = new Uint8Array(dv.buffer);
      const layout: InfluenceLayout = { strides: [5], joints: [{ offset: 0, type }], weights: [{ offset: 1, type: 'f32' }], idMask: 0x7f };
      const g = { endMask: 0x80, maxPerVertex: 4 };
      for (const options of [{}, { jointCount: 12 }, { jointCount: 12, invalid: 'throw' as const }, { palette: [3, 1, 4, 1, 5], invalid: 'truncate' as const, unweighted: 'firstValid' as const }]) {
        const ref = outcome(() => unpackGroupedInfluencesJS(recs, fields.length, vertices, layout, g, options));
        for (const variant of await variants()) {
          expect(outcome(() => unpackGroupedInfluences(recs, fields.length, vertices, layout, g, { ...options, variant })), `${type} ${variant} ${JSON.stringify(options)}`).toEqual(ref);
        }
      }
      // A refusal: the records fill one vertex fewer than asked.
      for (const variant of await variants()) {
        expect(() => unpackGroupedInfluences(recs, fields.length, vertices + 1, layout, g, { variant })).toThrow(RangeError);
      }
    }
  });

  it('one very wide vertex does not pad every vertex (bounded allocation), on every path', async () => {
    const n = 20000;
    const recs = new Uint8Array(5 * (n + 1000));
    const dv = new DataView(recs.buffer);
    for (let r = 0; r < 1000; r++) { recs[r * 5] = r % 100; dv.setFloat32(r * 5 + 1, 1, true); }
    for (let r = 1000; r < n + 1000; r++) { recs[r * 5] = 0x80 | 1; dv.setFloat32(r * 5 + 1, 1, true); }
    recs[999 * 5] |= 0x80;
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      const s = unpackGroupedInfluences(recs, n + 1000, n + 1, narrow, { endMask: 0x80, maxPerVertex: 60000 }, options);
      expect(s.joints.length).toBe((n + 1) * 4);
      expect(s.joints[4]).toBe(1);
    }
  });
});
