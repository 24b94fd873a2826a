import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { checkLayout, deinterleave, withInput, type FieldLayout } from '../src/index.js';
import { deinterleaveJS } from '../src/reference.js';
import { dumpMdlFirstMesh, dumpMs3d, noteNumber } from '@relic3d/fixtures/dumps';
import { randomBytes, rng, variants } from './setup.js';

const LAYOUTS: [string, number, Record<string, FieldLayout>][] = [
  ['MS3D 15-byte vertex (unaligned)', 15, { flags: { offset: 0, type: 'u8', components: 1 }, position: { offset: 1, type: 'f32', components: 3 }, bone: { offset: 13, type: 'u8', components: 2 } }],
  ['O3D 32-byte normal vertex', 32, { position: { offset: 0, type: 'f32', components: 3 }, normal: { offset: 12, type: 'f32', components: 3 }, uv: { offset: 24, type: 'f32', components: 2 } }],
  ['O3D 44-byte skin vertex', 44, { position: { offset: 0, type: 'f32', components: 3 }, weights: { offset: 12, type: 'f32', components: 2 }, bones: { offset: 20, type: 'u16', components: 2 }, normal: { offset: 24, type: 'f32', components: 3 }, uv: { offset: 36, type: 'f32', components: 2 } }],
  ['MDL 84-byte vertex', 84, { position: { offset: 0, type: 'f32', components: 3 }, tangent: { offset: 44, type: 'f32', components: 3 }, bones: { offset: 68, type: 'i16', components: 4 }, weights: { offset: 76, type: 'u8', components: 4 }, tail: { offset: 80, type: 'u32', components: 1 } }],
  ['MDL 96-byte vertex', 96, { position: { offset: 0, type: 'f32', components: 3 }, color: { offset: 40, type: 'u8', components: 4 }, tangent: { offset: 48, type: 'f32', components: 4 }, bones: { offset: 72, type: 'u16', components: 4 }, misc: { offset: 84, type: 'i32', components: 3 } }],
];

/**
 * Element-wise equality with Object.is (−0 ≠ 0, NaN = NaN). Bits may differ only inside NaNs: the
 * TypeScript path goes through a JS number, which may quiet a signalling NaN's payload.
 */
function sameBits(a: ArrayBufferView, b: ArrayBufferView): boolean {
  const x = a as unknown as ArrayLike<number>, y = b as unknown as ArrayLike<number>;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  return true;
}

describe('deinterleave parity (SIMD, scalar, TypeScript)', () => {
  for (const [name, stride, layout] of LAYOUTS) {
    it(`${name}: identical bits on seeded random records`, async () => {
      const random = rng(stride * 7919);
      for (const count of [0, 1, 3, 17, 1000]) {
        // An unaligned start inside a bigger buffer, with trailing bytes.
        const backing = randomBytes(random, count * stride + 11);
        const bytes = backing.subarray(3, 3 + count * stride + 5);
        const ref = deinterleaveJS(bytes, stride, count, layout);
        for (const variant of await variants()) {
          const got = deinterleave(bytes, stride, count, layout, { variant });
          for (const key of Object.keys(layout)) {
            expect(got[key].constructor).toBe(ref[key].constructor);
            expect(sameBits(got[key], ref[key]), `${variant} ${key} count ${count}`).toBe(true);
          }
        }
      }
    });
  }

  it('every path across record blocks, aligned and not: each value is the stored bits (DataView read)', async () => {
    const random = rng(4099);
    const sizes = { f32: 4, u8: 1, u16: 2, i16: 2, u32: 4, i32: 4 } as const;
    const read = (dv: DataView, p: number, type: keyof typeof sizes): number =>
      type === 'u8' ? dv.getUint8(p) : type === 'u16' ? dv.getUint16(p, true) : type === 'i16' ? dv.getInt16(p, true) : type === 'i32' ? dv.getInt32(p, true) : dv.getUint32(p, true);
    for (const [name, stride, layout] of LAYOUTS) {
      // 512 records make a block of the blocked copy: cross one and two block edges.
      for (const count of [511, 512, 513, 1537]) {
        for (const start of [0, 4, 1, 2]) {
          const bytes = randomBytes(random, start + count * stride + 3).subarray(start);
          const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
            const got = deinterleave(bytes, stride, count, layout, options);
            for (const [key, f] of Object.entries(layout)) {
              const a = got[key];
              // 32-bit fields compared as raw words: floats must keep their bits, NaNs included.
              const values = sizes[f.type] === 4 ? new (f.type === 'i32' ? Int32Array : Uint32Array)(a.buffer as ArrayBuffer, a.byteOffset, a.length) : a;
              let bad = -1;
              for (let v = 0; v < count && bad < 0; v++) {
                for (let c = 0; c < f.components; c++) if (values[v * f.components + c] !== read(dv, v * stride + f.offset + c * sizes[f.type], f.type)) bad = v;
              }
              expect(bad, `${name} ${key} count ${count} start ${start} ${JSON.stringify(options)}`).toBe(-1);
            }
          }
        }
      }
    }
  });

  it('an unaligned Node Buffer (whose slice() is a view, not a copy) gives the same columns as its bytes copied', async () => {
    const random = rng(77);
    for (const [name, stride, layout] of LAYOUTS) {
      for (const start of [1, 2, 3]) {
        const raw = randomBytes(random, start + 600 * stride).subarray(start);
        const buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
        for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
          const got = deinterleave(buffer, stride, 600, layout, options);
          const want = deinterleave(new Uint8Array(raw), stride, 600, layout, options);
          for (const key of Object.keys(layout)) expect(new Uint8Array(got[key].buffer, got[key].byteOffset, got[key].byteLength), `${name} ${key} start ${start}`).toEqual(new Uint8Array(want[key].buffer, want[key].byteOffset, want[key].byteLength));
        }
      }
    }
  });

  it('i16 fields come out signed', () => {
    const bytes = new Uint8Array([0xff, 0xff, 0x01, 0x80]);
    expect(Array.from(deinterleave(bytes, 4, 1, { a: { offset: 0, type: 'i16', components: 2 } }).a)).toEqual([-1, -32767]);
  });
});

describe('deinterleave on corpus records', () => {
  const ms3d = corpusFiles('ms3d', '.ms3d');
  it.runIf(ms3d.length > 0)('MS3D 15-byte vertices: positions and bone ids match a field dump', async () => {
    let checked = 0;
    for (const entry of ms3d) {
      const bytes = readCorpusFile(entry);
      const d = dumpMs3d(bytes);
      const records = bytes.subarray(d.verticesAt, d.verticesAt + d.vertexCount * 15);
      const layout = { position: { offset: 1, type: 'f32', components: 3 }, bone: { offset: 13, type: 'u8', components: 1 } } as const;
      const ref = deinterleaveJS(records, 15, d.vertexCount, layout);
      const dv = new DataView(records.buffer, records.byteOffset);
      for (let v = 0; v < d.vertexCount; v += 97) {
        expect(ref.position[v * 3 + 1]).toBe(dv.getFloat32(v * 15 + 5, true));
        expect(ref.bone[v]).toBe(records[v * 15 + 13]);
      }
      for (const variant of await variants()) {
        const got = deinterleave(records, 15, d.vertexCount, layout, { variant });
        expect(sameBits(got.position, ref.position)).toBe(true);
        expect(sameBits(got.bone, ref.bone)).toBe(true);
      }
      checked++;
    }
    // Spec/MANIFEST facts: Wuson 2117 vertices, twospheres 124.
    const wuson = dumpMs3d(readCorpusFile(ms3d.find((e: { file: string }) => e.file === 'assimp__Wuson.ms3d')!));
    expect(wuson.vertexCount).toBe(2117);
    expect(checked).toBe(ms3d.length);
  });

  const mdl = corpusFiles('mdl', '.mdl');
  it.runIf(mdl.length > 0)('MDL 96-byte vertices, placed and copied: counts from MANIFEST, stored floats, unit normals, white colour, displacement 1', async () => {
    let unaligned = 0;
    for (const entry of mdl) {
      const bytes = readCorpusFile(entry);
      const d = dumpMdlFirstMesh(bytes);
      const total = noteNumber(entry.note, 'vertices');
      if (noteNumber(entry.note, 'meshes') === 1) expect(d.vertexCount).toBe(total);
      const records = bytes.subarray(d.verticesAt, d.verticesAt + d.vertexCount * 96);
      const layout = {
        position: { offset: 0, type: 'f32', components: 3 },
        normal: { offset: 12, type: 'f32', components: 3 },
        color: { offset: 40, type: 'u8', components: 4 },
        displacement: { offset: 44, type: 'f32', components: 1 },
        tangent: { offset: 48, type: 'f32', components: 3 },
      } as const;
      const ref = deinterleaveJS(records, 96, d.vertexCount, layout);
      // Read in place, as MDL's parse reads them (the whole file placed once by withInput), and copied in.
      for (const variant of await variants()) {
        const placed = withInput(bytes, () => deinterleave(records, 96, d.vertexCount, layout, { variant }), { variant });
        const copied = deinterleave(records, 96, d.vertexCount, layout, { variant });
        for (const key of Object.keys(layout) as (keyof typeof layout)[]) {
          expect(sameBits(placed[key], ref[key]), `${entry.file} ${variant} placed ${key}`).toBe(true);
          expect(sameBits(copied[key], ref[key]), `${entry.file} ${variant} copied ${key}`).toBe(true);
        }
      }
      const dv = new DataView(records.buffer, records.byteOffset);
      for (let v = 0; v < d.vertexCount; v += 7) {
        expect(ref.position[v * 3 + 2]).toBe(dv.getFloat32(v * 96 + 8, true));
        expect(ref.tangent[v * 3]).toBe(dv.getFloat32(v * 96 + 48, true));
      }
      if (records.byteOffset % 4 !== 0) unaligned++;
      for (let v = 0; v < d.vertexCount; v++) {
        const n = ref.normal;
        expect(Math.hypot(n[v * 3], n[v * 3 + 1], n[v * 3 + 2])).toBeGreaterThan(0.9999);
      }
      expect(ref.color.every((c) => c === 255)).toBe(true);
      expect(ref.displacement.every((x) => x === 1)).toBe(true);
    }
    // Most real files' records start off a 4-byte boundary (names of any length before them): the in-place reads cover it.
    expect(unaligned).toBeGreaterThan(0);
  });
});

describe('deinterleave bounds safety', () => {
  const bytes = new Uint8Array(100);
  const f32 = (offset: number, components = 3) => ({ p: { offset, type: 'f32' as const, components } });
  it.each([
    ['count × stride past the input', 15, 7, f32(0)],
    ['a field past the record', 15, 1, f32(4)],
    ['a negative offset', 16, 1, f32(-4)],
    ['a fractional offset', 16, 1, f32(0.5)],
    ['zero components', 16, 1, f32(0, 0)],
    ['NaN components', 16, 1, f32(0, NaN)],
    ['an unknown type', 16, 1, { p: { offset: 0, type: 'f64' as never, components: 1 } }],
    ['a zero stride', 0, 1, f32(0)],
    ['a fractional stride', 15.5, 1, f32(0)],
    ['a negative count', 15, -1, f32(0)],
    ['a count of 2^31', 16, 2 ** 31, f32(0)],
    ['a fractional count', 16, 1.5, f32(0)],
  ])('refuses %s before touching memory', async (_, stride, count, layout) => {
    for (const variant of [...(await variants()), undefined]) {
      const options = variant ? { variant } : { kernels: 'js' as const };
      expect(() => deinterleave(bytes, stride, count, layout as never, options)).toThrow(RangeError);
    }
    expect(() => checkLayout(bytes, stride, count, layout as never)).toThrow(RangeError);
  });

  it('reads only the first count × stride bytes of a larger input', async () => {
    const big = new Uint8Array(64).fill(0x41);
    big.fill(0, 32); // records beyond count are different
    for (const variant of await variants()) {
      const out = deinterleave(big, 16, 2, { p: { offset: 12, type: 'u8', components: 4 } }, { variant });
      expect(Array.from(out.p)).toEqual(new Array(8).fill(0x41));
    }
  });
});
