// The in-place WASM path of unpackInfluences (records read where they are, optionally picked by
// `records`, inside or outside withInput) against its TypeScript twin, and hand-checked vertices.
import { describe, expect, it } from 'vitest';
import { InvalidInfluence, unpackInfluences, withInput, type InfluenceLayout, type InfluenceOptions, type UnpackedSkin } from '../src/index.js';
import { unpackInfluencesJS } from '../src/reference.js';
import { randomBytes, rng, variants } from './setup.js';

/** The result, or the error's class, message and InvalidInfluence fields. */
function outcome(run: () => UnpackedSkin): unknown {
  try {
    const s = run();
    return { joints: Array.from(s.joints), weights: Array.from(new Uint8Array(s.weights.buffer, s.weights.byteOffset, s.weights.byteLength)), unskinned: s.unskinned, dropped: s.dropped };
  } catch (error) {
    const e = error as InvalidInfluence;
    return { error: e.constructor.name, message: e.message, vertex: e.vertex, slot: e.slot, id: e.id };
  }
}

/** O3D skin vertex: f32 weights at 12/16, u16 ids (palette slot × 3) at 20/22, 44 bytes. */
const O3D: InfluenceLayout = {
  strides: [44],
  joints: [{ offset: 20, type: 'u16' }, { offset: 22, type: 'u16' }],
  weights: [{ offset: 12, type: 'f32' }, { offset: 16, type: 'f32' }],
  idDivisor: 3,
};
/** MDL Ultra vertex: u16 ids at 72, u8 weights at 80, 96 bytes. */
const MDL: InfluenceLayout = {
  strides: [96],
  joints: [0, 1, 2, 3].map((k) => ({ offset: 72 + k * 2, type: 'u16' as const })),
  weights: [0, 1, 2, 3].map((k) => ({ offset: 80 + k, type: 'u8' as const })),
  weightDivisor: 255,
};
/** u8 ids and u8 weights, 3 slots in a 9-byte record (MS3D's vertex-extra shape). */
const BYTES: InfluenceLayout = {
  strides: [9],
  joints: [0, 1, 2].map((k) => ({ offset: k, type: 'u8' as const })),
  weights: [0, 1, 2].map((k) => ({ offset: 3 + k, type: 'u8' as const })),
  weightDivisor: 100,
};

/** MS3D: each vertex's own i8 bone (stream 0), then 3 i8 bones and 3 u8 percents in 6-byte extra records; the 4th weight is 100 − the others. */
const MS3D: InfluenceLayout = {
  strides: [1, 6],
  joints: [{ offset: 0, type: 'i8' }, ...[0, 1, 2].map((k) => ({ stream: 1, offset: k, type: 'i8' as const }))],
  weights: [0, 1, 2].map((k) => ({ stream: 1, offset: 3 + k, type: 'u8' as const })),
  remainder: 100,
  weightDivisor: 100,
};
/** i8 weights in a 4-byte record, 2 slots. */
const SIGNED: InfluenceLayout = {
  strides: [4],
  joints: [{ offset: 0, type: 'u8' }, { offset: 1, type: 'u8' }],
  weights: [{ offset: 2, type: 'i8' }, { offset: 3, type: 'i8' }],
  weightDivisor: 127,
};

/** Records with small ids (mostly valid), some zero, negative, NaN and infinite f32 weights. */
function records(random: () => number, layout: InfluenceLayout, count: number): Uint8Array {
  const bytes = randomBytes(random, count * layout.strides[0]);
  const view = new DataView(bytes.buffer);
  for (let v = 0; v < count; v++) {
    const base = v * layout.strides[0];
    for (const f of layout.joints) {
      const id = Math.floor(random() * 40);
      if (f.type === 'u16') view.setUint16(base + f.offset, id, true);
      else bytes[base + f.offset] = id;
    }
    for (const f of layout.weights) {
      if (f.type !== 'f32') continue;
      const pick = random();
      const w = pick < 0.1 ? 0 : pick < 0.13 ? -0.5 : pick < 0.15 ? NaN : pick < 0.16 ? Infinity : random();
      view.setFloat32(base + f.offset, w, true);
    }
  }
  return bytes;
}

const RULES: InfluenceOptions[] = [
  {},
  { invalid: 'skip', unweighted: 'unskinned', jointCount: 9 },
  { invalid: 'truncate', unweighted: 'firstValid', palette: [4, 2, 7, 1, 0, 3, 9, 8] },
  { invalid: 'throw', unweighted: 'unskinned', palette: [4, 2, 7, 1, 0, 3, 9, 8, 5, 6, 11, 10, 12], jointCount: 12 },
  { unweighted: 'unskinned', rigidJoint: 5, jointCount: 30 },
];

describe('unpackInfluences in place', () => {
  it('gives the twin\'s bits on O3D, MDL, MS3D (two streams, remainder), byte and signed records, every rule, picked or in order, placed or copied', async () => {
    const random = rng(2501);
    const paths = await variants();
    for (const layout of [O3D, MDL, BYTES, MS3D, SIGNED]) {
      const count = 700;
      const streams = layout.strides.map((stride) => records(random, { ...layout, strides: [stride], joints: [], weights: [] }, count));
      if (layout.strides.length === 1) streams[0] = records(random, layout, count);
      else for (const stream of streams) for (let i = 0; i < stream.length; i++) stream[i] = Math.floor(random() * 3) === 0 ? 0 : stream[i] % 48;
      const bytes = streams[0];
      // Every third record, backwards, some twice: a material block's vertices.
      const picked = Uint32Array.from({ length: 300 }, (_, i) => (count - 1 - ((i * 3) % count)) % count);
      for (const rules of RULES) {
        for (const pick of [undefined, picked]) {
          const n = pick ? pick.length : count;
          const options = { ...rules, records: pick };
          const expected = outcome(() => unpackInfluencesJS(streams, n, layout, options));
          for (const variant of paths) {
            expect(outcome(() => unpackInfluences(streams, n, layout, { ...options, variant }))).toEqual(expected);
            const viewed = [bytes.subarray(0), ...streams.slice(1)];
            expect(outcome(() => withInput(bytes, () => unpackInfluences(viewed, n, layout, { ...options, variant }), { variant }))).toEqual(expected);
          }
        }
      }
    }
  });

  it('resolves a hand-written O3D vertex: slot × 3 through the palette, weights renormalised, picked record', async () => {
    const bytes = new Uint8Array(44 * 3);
    const view = new DataView(bytes.buffer);
    // Record 2: w 0.25 on id 6 (palette slot 2 → joint 9), w 0.5 on id 3 (slot 1 → joint 7).
    view.setFloat32(88 + 12, 0.25, true);
    view.setFloat32(88 + 16, 0.5, true);
    view.setUint16(88 + 20, 6, true);
    view.setUint16(88 + 22, 3, true);
    for (const variant of [...(await variants()), undefined]) {
      const s = unpackInfluences([bytes], 1, O3D, { palette: [5, 7, 9], records: Uint32Array.of(2), variant, kernels: variant ? 'wasm' : 'js' });
      expect(Array.from(s.joints)).toEqual([7, 9, 0, 0]);
      expect(Array.from(s.weights)).toEqual([Math.fround(0.5 / 0.75), Math.fround(0.25 / 0.75), 0, 0]);
      expect(s.unskinned).toBe(0);
      expect(s.dropped).toBe(0);
    }
  });

  it('counts the weighted slots dropped for a bone past jointCount, not the unweighted ones', async () => {
    // Two MDL records: ids 1, 70, 2, 90 at weights 100, 50, 0, 0; ids 80, 3, 0, 0 at 10, 20, 0, 0; 60 bones.
    const bytes = new Uint8Array(192);
    const view = new DataView(bytes.buffer);
    [[1, 70, 2, 90, 100, 50, 0, 0], [80, 3, 0, 0, 10, 20, 0, 0]].forEach((r, v) => {
      for (let k = 0; k < 4; k++) {
        view.setUint16(v * 96 + 72 + k * 2, r[k], true);
        bytes[v * 96 + 80 + k] = r[4 + k];
      }
    });
    for (const variant of [...(await variants()), undefined]) {
      const s = unpackInfluences([bytes], 2, MDL, { jointCount: 60, unweighted: 'unskinned', variant, kernels: variant ? 'wasm' : 'js' });
      expect(s.dropped).toBe(2);
      expect(Array.from(s.joints)).toEqual([1, 0, 0, 0, 3, 0, 0, 0]);
      expect(Array.from(s.weights)).toEqual([1, 0, 0, 0, 1, 0, 0, 0]);
    }
  });

  it('throws the twin\'s InvalidInfluence, and refuses a picked record past the streams', async () => {
    const bytes = new Uint8Array(44 * 2);
    const view = new DataView(bytes.buffer);
    view.setFloat32(44 + 12, 1, true);
    view.setUint16(44 + 20, 4, true); // not a multiple of 3
    for (const variant of await variants()) {
      expect(() => unpackInfluences([bytes], 2, O3D, { invalid: 'throw', variant })).toThrow(InvalidInfluence);
      expect(outcome(() => unpackInfluences([bytes], 2, O3D, { invalid: 'throw', variant }))).toMatchObject({ vertex: 1, slot: 0, id: 4 });
      expect(() => unpackInfluences([bytes], 1, O3D, { records: Uint32Array.of(2), variant })).toThrow(RangeError);
      expect(() => unpackInfluences([bytes], 2, O3D, { records: Uint32Array.of(0), variant })).toThrow(/2 vertices need as many records/);
    }
  });
});

describe('withInput', () => {
  it('returns the body\'s value, keeps a promise\'s input placed until it settles, and nests by copying', async () => {
    const [variant] = await variants();
    const random = rng(77);
    const bytes = records(random, MDL, 50);
    const expected = outcome(() => unpackInfluencesJS([bytes], 50, MDL, {}));
    const inner = records(random, MDL, 20);
    const innerExpected = outcome(() => unpackInfluencesJS([inner], 20, MDL, {}));
    const result = await withInput(bytes, async () => {
      await Promise.resolve();
      const a = outcome(() => unpackInfluences([bytes], 50, MDL, { variant }));
      // Another input while this one is placed: copied per call, same results.
      const b = withInput(inner, () => outcome(() => unpackInfluences([inner], 20, MDL, { variant })), { variant });
      return [a, b];
    }, { variant });
    expect(result).toEqual([expected, innerExpected]);
    expect(() => withInput(bytes, () => { throw new Error('body failed'); }, { variant })).toThrow('body failed');
    // Released after the throw: later calls still agree.
    expect(outcome(() => unpackInfluences([bytes], 50, MDL, { variant }))).toEqual(expected);
  });
});
