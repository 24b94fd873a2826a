/**
 * Issue 25: the vertex gather of a material block (`gatherRecords` over the O3D 32/44-byte records,
 * position and normal z mirrored, non-finite values as 0) gives the same bits on every kernel path
 * (SIMD and scalar WASM with the input placed by `withInput` or copied in, the TypeScript twin) for
 * every block of every corpus O3D, and those bits are the stored floats read one by one here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { WarningSink } from '@relic3d/core';
import { compactTriangles, gatherRecords, ready, simdSupported, withInput, type GatherField, type Variant } from '@relic3d/kernels';
import { gatherRecordsJS } from '@relic3d/kernels/reference';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { readO3dWith } from '../src/read/index.js';
import { vertexRecordsOf } from '../src/read/vertex-records.js';

const o3ds = corpusFiles('o3d', '.o3d');
const FIELDS: Record<number, GatherField[]> = {
  32: [{ offset: 0, components: 3, negate: 2 }, { offset: 12, components: 3, negate: 2 }, { offset: 24, components: 2 }],
  44: [{ offset: 0, components: 3, negate: 2 }, { offset: 24, components: 3, negate: 2 }, { offset: 36, components: 2 }],
};

let variants: Variant[] = [];
beforeAll(async () => {
  await ready();
  variants = simdSupported ? ['simd', 'scalar'] : ['scalar'];
});

/** The expected floats, read one at a time with a DataView: z as 0 − z, NaN and ±infinity as 0. */
function expected(bytes: Uint8Array, stride: number, source: Uint32Array, f: GatherField): { values: Float32Array; bad: number } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(source.length * f.components);
  let bad = 0;
  source.forEach((s, v) => {
    for (let c = 0; c < f.components; c++) {
      const x = dv.getFloat32(s * stride + f.offset + c * 4, true);
      const y = c === f.negate ? 0 - x : x;
      if (Number.isFinite(y)) values[v * f.components + c] = y;
      else bad++;
    }
  });
  return { values, bad };
}

/** The first index whose bits differ (−1: none); a loop, as toEqual over large arrays is slow. */
function firstDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

describe.skipIf(!o3ds.length)('gatherRecords on the corpus O3D vertex records', () => {
  it('every block on every path: the stored floats, bit for bit', () => {
    let files = 0, blocks = 0, vertices = 0;
    const strides = new Set<number>();
    // Every block, path and field checked in one expect (vitest spends microseconds on each call).
    const wrong: string[] = [];
    for (const entry of o3ds) {
      const bytes = readCorpusFile(entry);
      const file = readO3dWith(bytes, {}, new WarningSink('o3d'), true);
      files++;
      for (const object of file.groups.flat()) {
        const records = vertexRecordsOf(object.geometry);
        if (!records || !records.count) continue;
        strides.add(records.stride);
        const fields = FIELDS[records.stride];
        const g = object.geometry;
        // Each block's own vertices as the parse numbers them, and every record in reverse.
        const sources = g.blocks.map((b) => compactTriangles(g.indices.subarray(b.startIndex, b.startIndex + b.primitiveCount * 3), records.count, undefined, { kernels: 'js' }).source);
        sources.push(Uint32Array.from({ length: records.count }, (_, i) => records.count - 1 - i));
        for (const source of sources) {
          blocks++;
          vertices += source.length;
          const want = fields.map((f) => expected(records.bytes, records.stride, source, f));
          const notFinite = want.reduce((n, w) => n + w.bad, 0);
          const twin = gatherRecordsJS(records.bytes, records.stride, source, fields);
          const paths = [twin, ...variants.flatMap((variant) => [
            gatherRecords(records.bytes, records.stride, source, fields, { variant }),
            withInput(bytes, () => gatherRecords(records.bytes, records.stride, source, fields, { variant }), { variant }),
          ])];
          paths.forEach((got, path) => {
            if (got.notFinite !== notFinite) wrong.push(`${entry.file} path ${path}: ${got.notFinite} not finite, not ${notFinite}`);
            got.arrays.forEach((a, i) => {
              const at = firstDifference(a, want[i].values);
              if (at !== -1) wrong.push(`${entry.file} path ${path} field ${i}: differs at ${at}`);
            });
          });
        }
      }
    }
    expect(wrong).toEqual([]);
    // Both record layouts occur in the corpus, and every file was read.
    expect(files).toBe(o3ds.length);
    expect([...strides].sort()).toEqual([32, 44]);
    expect(blocks).toBeGreaterThan(o3ds.length);
    expect(vertices).toBeGreaterThan(1000);
  });
});
