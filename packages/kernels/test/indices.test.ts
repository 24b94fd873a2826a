import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { widenIndices } from '../src/index.js';
import { widenIndicesJS } from '../src/reference.js';
import { dumpMdlFirstMesh, noteNumber } from '@relic3d/fixtures/dumps';
import { rng, variants } from './setup.js';

describe('widenIndices', () => {
  it('matches the TypeScript reference for u8 and u16 on seeded random indices', async () => {
    const random = rng(42);
    for (const n of [0, 1, 7, 8, 9, 1001]) {
      const u16 = Uint16Array.from({ length: n }, () => Math.floor(random() * 65536));
      const u8 = Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
      for (const variant of await variants()) {
        expect(widenIndices(u16, { variant })).toEqual(widenIndicesJS(u16));
        expect(widenIndices(u8, { variant })).toEqual(widenIndicesJS(u8));
      }
    }
    expect(Array.from(widenIndicesJS(new Uint16Array([65535, 0, 3])))).toEqual([65535, 0, 3]);
  });

  it('refuses an index ≥ vertexCount wherever it sits (SIMD lanes and scalar tail)', async () => {
    for (const at of [0, 5, 8, 15, 16]) {
      const idx = new Uint16Array(17);
      idx[at] = 10;
      for (const variant of await variants()) {
        expect(() => widenIndices(idx, { variant, vertexCount: 10 })).toThrow(RangeError);
        expect(widenIndices(idx, { variant, vertexCount: 11 })[at]).toBe(10);
      }
      expect(() => widenIndicesJS(idx, { vertexCount: 10 })).toThrow(RangeError);
      const u8 = new Uint8Array(17);
      u8[at] = 200;
      for (const variant of await variants()) expect(() => widenIndices(u8, { variant, vertexCount: 200 })).toThrow(RangeError);
    }
  });

  const mdl = corpusFiles('mdl', '.mdl');
  it.runIf(mdl.length > 0)('widens the u16 index lists of corpus MDL meshes; MANIFEST index counts hold', async () => {
    for (const entry of mdl) {
      const bytes = readCorpusFile(entry);
      const d = dumpMdlFirstMesh(bytes);
      expect(d.indexSize).toBe(2);
      if (noteNumber(entry.note, 'meshes') === 1) expect(d.indexCount).toBe(noteNumber(entry.note, 'indices'));
      const raw = new Uint16Array(bytes.slice(d.indicesAt, d.indicesAt + d.indexCount * 2).buffer);
      const ref = widenIndicesJS(raw, { vertexCount: d.vertexCount });
      for (const variant of await variants()) expect(widenIndices(raw, { variant, vertexCount: d.vertexCount })).toEqual(ref);
      expect(() => widenIndices(raw, { vertexCount: Math.max(...ref) })).toThrow(RangeError);
    }
  });
});
