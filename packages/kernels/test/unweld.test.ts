import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { gather, unweld } from '../src/index.js';
import { unweldJS } from '../src/reference.js';
import { dumpMs3d } from '@relic3d/fixtures/dumps';
import { rng, variants } from './setup.js';

describe('unweld parity (SIMD, scalar, TypeScript)', () => {
  it('gives identical indices on seeded random multi-index keys', async () => {
    const random = rng(7);
    for (const [corners, width, distinct] of [[0, 1, 1], [1, 2, 1], [300, 1, 50], [3000, 3, 40], [5000, 7, 3]]) {
      const keys = Uint32Array.from({ length: corners * width }, () => Math.floor(random() * distinct));
      const ref = unweldJS(keys, width);
      for (const variant of await variants()) {
        const got = unweld(keys, width, undefined, { variant });
        expect(got.vertexCount).toBe(ref.vertexCount);
        expect(got.indices).toEqual(ref.indices);
        expect(got.firstCorner).toEqual(ref.firstCorner);
      }
    }
  });

  it('dedupes by value and keeps first-seen order (a hand-checked case)', async () => {
    const keys = new Uint32Array([5, 1, 7, 7, 5, 1, 0xffffffff, 0, 7, 7]);
    for (const variant of await variants()) {
      const r = unweld(keys, 2, undefined, { variant });
      expect(Array.from(r.indices)).toEqual([0, 1, 0, 2, 1]);
      expect(Array.from(r.firstCorner)).toEqual([0, 1, 3]);
      expect(r.vertexCount).toBe(3);
    }
  });

  it('uses only cornerCount corners and refuses counts past the keys', async () => {
    const keys = new Uint32Array([1, 2, 3, 4]);
    for (const variant of await variants()) {
      expect(unweld(keys, 1, 2, { variant }).indices.length).toBe(2);
      expect(() => unweld(keys, 1, 5, { variant })).toThrow(RangeError);
      expect(() => unweld(keys, 3, 2, { variant })).toThrow(RangeError);
      expect(() => unweld(keys, 0, 0, { variant })).toThrow(RangeError);
      expect(() => unweld(keys, 1, -1, { variant })).toThrow(RangeError);
      expect(() => unweld(keys, 1, 1.5, { variant })).toThrow(RangeError);
    }
    expect(() => unweldJS(keys, 1, 5)).toThrow(RangeError);
  });

  const ms3d = corpusFiles('ms3d', '.ms3d');
  it.runIf(ms3d.length > 0)('unwelds MS3D triangle corners (vertex, normal bits, uv bits) like a Map of string keys', async () => {
    for (const entry of ms3d) {
      const bytes = readCorpusFile(entry);
      const d = dumpMs3d(bytes);
      const dv = new DataView(bytes.buffer, bytes.byteOffset);
      const corners = d.triangleCount * 3;
      const keys = new Uint32Array(corners * 6);
      const expected: number[] = [];
      const seen = new Map<string, number>();
      for (let t = 0; t < d.triangleCount; t++) {
        const at = d.trianglesAt + t * 70;
        for (let c = 0; c < 3; c++) {
          const row = [dv.getUint16(at + 2 + c * 2, true), dv.getUint32(at + 8 + c * 12, true), dv.getUint32(at + 12 + c * 12, true), dv.getUint32(at + 16 + c * 12, true), dv.getUint32(at + 44 + c * 4, true), dv.getUint32(at + 56 + c * 4, true)];
          keys.set(row, (t * 3 + c) * 6);
          const key = row.join(',');
          if (!seen.has(key)) seen.set(key, seen.size);
          expected.push(seen.get(key)!);
        }
      }
      const ref = unweldJS(keys, 6);
      expect(Array.from(ref.indices)).toEqual(expected);
      for (const variant of await variants()) {
        const got = unweld(keys, 6, corners, { variant });
        expect(got.indices).toEqual(ref.indices);
        expect(got.firstCorner).toEqual(ref.firstCorner);
      }
      // A welded vertex never has more corners than its source vertex is referenced by.
      expect(ref.vertexCount).toBeGreaterThanOrEqual(Math.min(1, corners));
      expect(ref.vertexCount).toBeLessThanOrEqual(corners);
      const sourceVertex = gather(keys, 6, ref.firstCorner).filter((_, i) => i % 6 === 0);
      expect(sourceVertex.every((v) => v < d.vertexCount)).toBe(true);
    }
  });
});
