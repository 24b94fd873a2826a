// gatherRecords (f32 fields of records picked by number, one component as 0 − x, non-finite as 0)
// on every path against values read one by one here, with the special floats a file may hold.
import { describe, expect, it } from 'vitest';
import { gatherRecords, withInput, type GatherField } from '../src/index.js';
import { gatherRecordsJS } from '../src/reference.js';
import { randomBytes, rng, variants } from './setup.js';

type Options = { kernels?: 'js'; variant?: 'simd' | 'scalar' };
async function paths(): Promise<Options[]> {
  return [{ kernels: 'js' }, ...(await variants()).map((variant) => ({ variant }))];
}

/** Floats that test the mirror and the scrub: −0, +0, subnormals, the largest finite, NaNs, infinities. */
const SPECIAL = [-0, 0, 1e-45, -1e-45, 3.4028234663852886e38, NaN, Infinity, -Infinity, 1.5, -2.25];

function expected(bytes: Uint8Array, stride: number, source: Uint32Array, f: GatherField): { values: number[]; bad: number } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  let bad = 0;
  for (const s of source) {
    for (let c = 0; c < f.components; c++) {
      const x = dv.getFloat32(s * stride + f.offset + c * 4, true);
      const y = c === f.negate ? 0 - x : x;
      if (Number.isFinite(y)) values.push(y);
      else {
        values.push(0);
        bad++;
      }
    }
  }
  return { values, bad };
}

describe('gatherRecords', () => {
  const LAYOUTS: [string, number, GatherField[]][] = [
    ['32-byte (position, normal mirrored; uv)', 32, [{ offset: 0, components: 3, negate: 2 }, { offset: 12, components: 3, negate: 2 }, { offset: 24, components: 2 }]],
    ['44-byte with a gap', 44, [{ offset: 0, components: 3, negate: 2 }, { offset: 24, components: 3, negate: 2 }, { offset: 36, components: 2 }]],
    ['other shapes (4 and 1 components, x negated, last field at the record end)', 20, [{ offset: 0, components: 4, negate: 0 }, { offset: 16, components: 1 }]],
    ['unaligned fields (15-byte records)', 15, [{ offset: 1, components: 3, negate: 1 }, { offset: 11, components: 1 }]],
  ];
  for (const [name, stride, fields] of LAYOUTS) {
    it(`${name}: every path gives the stored floats, mirrored and scrubbed, bit for bit`, async () => {
      const random = rng(stride * 101);
      // 512 records make a block: cross block edges; start aligned and not.
      for (const [count, start] of [[0, 0], [1, 3], [511, 0], [513, 1], [1537, 2]] as const) {
        const bytes = randomBytes(random, start + count * stride + 7).subarray(start);
        const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        // Every fourth float a special one.
        for (let p = 0; p + 4 <= count * stride; p += 16) dv.setFloat32(p, SPECIAL[(p >> 4) % SPECIAL.length], true);
        const source = Uint32Array.from({ length: count * 2 }, () => Math.floor(random() * count));
        const want = fields.map((f) => expected(bytes, stride, source, f));
        for (const options of await paths()) {
          for (const got of [gatherRecords(bytes, stride, source, fields, options), withInput(bytes, () => gatherRecords(bytes, stride, source, fields, options), options)]) {
            expect(got.notFinite).toBe(want.reduce((n, w) => n + w.bad, 0));
            got.arrays.forEach((a, i) => {
              expect(a).toBeInstanceOf(Float32Array);
              expect(Array.from(a).every((x, j) => Object.is(x, want[i].values[j])), `${JSON.stringify(options)} field ${i} count ${count}`).toBe(true);
              expect(a.length).toBe(want[i].values.length);
            });
          }
        }
      }
    });
  }

  it('counts the special floats: −0 kept, 0 − (−0) and 0 − 0 written +0, NaN and ±infinity written 0', async () => {
    const bytes = new Uint8Array(16 * 4);
    const dv = new DataView(bytes.buffer);
    [[-0, 0, 0], [NaN, Infinity, -0], [-Infinity, 2, 1e-45], [1, 2, NaN]].forEach((v, r) => v.forEach((x, c) => dv.setFloat32(r * 16 + c * 4, x, true)));
    for (const options of await paths()) {
      const { arrays, notFinite } = gatherRecords(bytes, 16, Uint32Array.of(0, 1, 2, 3), [{ offset: 0, components: 3, negate: 2 }], options);
      expect(Array.from(arrays[0]).map((x) => (Object.is(x, -0) ? '-0' : x))).toEqual(['-0', 0, 0, 0, 0, 0, 0, 2, Math.fround(-1e-45), 1, 2, 0]);
      expect(notFinite).toBe(4);
    }
  });

  it('refuses a record number past the records, bad fields and wrong array types on every path', async () => {
    const bytes = new Uint8Array(32 * 4);
    const fields = [{ offset: 0, components: 3 }];
    for (const options of await paths()) {
      expect(() => gatherRecords(bytes, 32, Uint32Array.of(0, 4), fields, options)).toThrow(RangeError);
      // The position/normal/uv shape (the twin's fused loop) checks them too.
      const shape = [{ offset: 0, components: 3, negate: 2 }, { offset: 12, components: 3, negate: 2 }, { offset: 24, components: 2 }];
      expect(() => gatherRecords(bytes, 32, Uint32Array.of(1, 0, 4), shape, options)).toThrow(RangeError);
      // A short tail past the last whole record is no record.
      expect(() => gatherRecords(bytes.subarray(0, 100), 32, Uint32Array.of(3), fields, options)).toThrow(RangeError);
      expect(() => gatherRecords(bytes, 32, Uint32Array.of(3), [{ offset: 24, components: 3 }], options)).toThrow(RangeError);
      expect(() => gatherRecords(bytes, 32, Uint32Array.of(3), [{ offset: 0, components: 5 }], options)).toThrow(RangeError);
      expect(() => gatherRecords(bytes, 32, Uint32Array.of(3), [{ offset: 0, components: 3, negate: 3 }], options)).toThrow(RangeError);
      expect(() => gatherRecords(bytes, 0, Uint32Array.of(0), fields, options)).toThrow(RangeError);
      expect(() => gatherRecords(bytes, 32, Int32Array.of(0) as unknown as Uint32Array, fields, options)).toThrow(TypeError);
      expect(() => gatherRecords(new Float32Array(32) as unknown as Uint8Array, 32, Uint32Array.of(0), fields, options)).toThrow(TypeError);
    }
  });

  it('the twin is exported from the reference entry with the same results', () => {
    const bytes = new Uint8Array(64).fill(0x3f);
    expect(gatherRecordsJS(bytes, 32, Uint32Array.of(1, 0), [{ offset: 4, components: 2 }]).arrays[0]).toEqual(gatherRecords(bytes, 32, Uint32Array.of(1, 0), [{ offset: 4, components: 2 }]).arrays[0]);
  });
});
