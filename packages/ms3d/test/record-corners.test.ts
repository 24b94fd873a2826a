// The fused corner kernel (kernels' unweldRecordCorners) on every corpus file's triangle records:
// WASM and its TypeScript twin agree bit for bit, with the records placed once or copied per call,
// and the render vertices are the distinct (vertex, normal, s, t) tuples a plain Map counts.
import { ready, unweldRecordCorners, withInput, type RecordCornerLayout } from '@relic3d/kernels';
import { unweldRecordCornersJS } from '@relic3d/kernels/reference';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { readMs3d } from '../src/index.js';

const layout: RecordCornerLayout = {
  stride: 70,
  cornersPerRecord: 3,
  primaryOffset: 2,
  keyFields: [
    { offset: 8, words: 3 },
    { offset: 44, words: 1 },
    { offset: 56, words: 1 },
  ],
};

/** The group's corners as tuple strings, from the records with a DataView (little-endian). */
function cornerTuples(records: Uint8Array, rows: Uint16Array): string[] {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const out: string[] = [];
  for (const tri of rows) {
    for (let k = 0; k < 3; k++) {
      const at = tri * 70;
      const words = [view.getUint16(at + 2 + 2 * k, true), ...[0, 1, 2].map((j) => view.getUint32(at + 8 + 12 * k + 4 * j, true)), view.getUint32(at + 44 + 4 * k, true), view.getUint32(at + 56 + 4 * k, true)];
      out.push(words.join(','));
    }
  }
  return out;
}

const same = (a: Uint32Array, b: Uint32Array) => a.length === b.length && a.every((x, i) => x === b[i]);

const files = corpusFiles('ms3d', '.ms3d');
describe.skipIf(files.length === 0)('unweldRecordCorners on corpus triangle records', () => {
  it('WASM (placed and copied) and the TypeScript twin agree, and match an independent count', async () => {
    await ready();
    let groups = 0;
    for (const entry of files) {
      const bytes = readCorpusFile(entry);
      const file = readMs3d(bytes);
      const records = bytes.subarray(file.triangles.offset, file.triangles.offset + 70 * file.triangles.count);
      for (const group of file.groups) {
        const rows = group.triangleIndices;
        const js = unweldRecordCornersJS(records, rows, layout, file.vertices.count);
        const copied = unweldRecordCorners(records, rows, layout, file.vertices.count, { kernels: 'wasm' });
        const placed = withInput(records, () => unweldRecordCorners(records, rows, layout, file.vertices.count, { kernels: 'wasm' }), { kernels: 'wasm' });
        for (const wasm of [copied, placed]) {
          expect([wasm.badCorner, wasm.vertexCount], entry.file).toEqual([js.badCorner, js.vertexCount]);
          expect(same(wasm.indices, js.indices) && same(wasm.firstCorner, js.firstCorner) && same(wasm.primary, js.primary), entry.file).toBe(true);
        }
        // Independent: distinct tuples numbered by first occurrence.
        const tuples = cornerTuples(records, rows);
        const number = new Map<string, number>();
        const expected = tuples.map((t) => number.get(t) ?? (number.set(t, number.size), number.size - 1));
        expect(js.badCorner, entry.file).toBe(-1);
        expect(js.vertexCount, entry.file).toBe(number.size);
        expect(same(js.indices, Uint32Array.from(expected)), entry.file).toBe(true);
        groups++;
      }
    }
    expect(groups).toBeGreaterThan(21);
  });

  it('reports the first corner naming a vertex past the count, on both paths', async () => {
    await ready();
    const entry = files.find((f) => f.file === 'soulsheng__Model.ms3d') ?? files[0];
    const bytes = readCorpusFile(entry);
    const file = readMs3d(bytes);
    const records = bytes.slice(file.triangles.offset, file.triangles.offset + 70 * file.triangles.count);
    const rows = file.groups[0].triangleIndices;
    // Corner 1 of the group's second triangle names a vertex one past the end.
    new DataView(records.buffer).setUint16(rows[1] * 70 + 2 + 2, file.vertices.count, true);
    for (const kernels of ['wasm', 'js'] as const) {
      const result = unweldRecordCorners(records, rows, layout, file.vertices.count, { kernels });
      expect([result.badCorner, result.vertexCount, result.primary.length], kernels).toEqual([4, 0, 4]);
    }
  });
});

describe('unweldRecordCorners past the chain budget', () => {
  it('a forged group (every corner on one vertex, all keys distinct) gives the same result on both paths', async () => {
    await ready();
    const count = 3000;
    const records = new Uint8Array(70 * count);
    const view = new DataView(records.buffer);
    for (let t = 0; t < count; t++) for (let k = 0; k < 3; k++) view.setUint32(t * 70 + 44 + 4 * k, t * 3 + k, true); // s differs per corner
    const rows = Uint16Array.from({ length: count }, (_, i) => i);
    const js = unweldRecordCornersJS(records, rows, layout, 1);
    const wasm = unweldRecordCorners(records, rows, layout, 1, { kernels: 'wasm' });
    expect(js.vertexCount).toBe(count * 3);
    expect([wasm.vertexCount, same(wasm.indices, js.indices), same(wasm.firstCorner, js.firstCorner)]).toEqual([count * 3, true, true]);
  });
});
