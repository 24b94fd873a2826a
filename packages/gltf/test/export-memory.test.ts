// What the export carries and holds on hostile scenes (issue #25): a list of 200,000 records in
// extras (a LOD file of 200,000 unknown 12-byte chunks) wrote a 16.5 MB JSON chunk and peaked at
// 95 MB for a 2.4 MB input (budget 8 × n + 64 MB = 86 MB); and the .glb's JSON is encoded once,
// into the .glb, with its UTF-8 length measured first. Sizes and counts here, no timings.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, type Warning } from '@relic3d/core';
import { toGlb } from '../src/index.js';
import { MAX_EXTRAS_RECORDS } from '../src/export/extras.js';
import { utf8Length, writeGlb } from '../src/io/glb.js';
import { parseGlb } from './gltf-json.js';

const chunks = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 'XXXX', size: 0, count: 0, offset: 20 + 12 * i, parent: 'LOD1', data: new Uint8Array(0) }));

describe('extras lists of many records', () => {
  it('keep their first MAX_EXTRAS_RECORDS, and say how many were left out (a warning and the scene extras)', async () => {
    const scene = createScene('lod');
    addNode(scene, { name: 'root' });
    scene.extras.unknownChunks = chunks(200_000);
    scene.extras.chunkOrder = Array.from({ length: 200_000 }, () => 'XXXX');
    const warnings: Warning[] = [];
    const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w) });
    const { json } = parseGlb(glb);
    const extras = json.scenes[0].extras;
    expect(extras.unknownChunks.length).toBe(MAX_EXTRAS_RECORDS);
    expect(extras.unknownChunks[MAX_EXTRAS_RECORDS - 1]).toEqual({ id: 'XXXX', size: 0, count: 0, offset: 20 + 12 * (MAX_EXTRAS_RECORDS - 1), parent: 'LOD1', data: [] });
    // A list of strings is not records: kept whole (~7 bytes a name in JSON).
    expect(extras.chunkOrder.length).toBe(200_000);
    expect(extras.relic3d.extrasItemsLeftOut).toEqual({ lists: 1, items: 200_000 - MAX_EXTRAS_RECORDS, keptPerList: MAX_EXTRAS_RECORDS });
    expect(warnings.filter((w) => w.code === 'GLTF_EXTRAS_RECORDS_CUT').map((w) => w.message)).toEqual([
      `1 extras list of over ${MAX_EXTRAS_RECORDS} records kept the first ${MAX_EXTRAS_RECORDS}: ${200_000 - MAX_EXTRAS_RECORDS} items left out ('unknownChunks', 200000 items)`,
    ]);
    // 16.5 MB of JSON before the cut; now the 10,000 records (~0.8 MB) and the 200,000 names (1.4 MB).
    expect(glb.byteLength).toBeLessThan(2.5e6);
  });

  it('a list of MAX_EXTRAS_RECORDS records, or of more items of which that many are records, is kept whole', async () => {
    const scene = createScene('lod');
    addNode(scene, { name: 'root' });
    scene.extras.atLimit = chunks(MAX_EXTRAS_RECORDS);
    scene.extras.mixed = [...chunks(MAX_EXTRAS_RECORDS), ...Array.from({ length: 5000 }, (_, i) => i)];
    const warnings: Warning[] = [];
    const { json } = parseGlb(await toGlb(scene, { onWarning: (w) => warnings.push(w) }));
    expect([json.scenes[0].extras.atLimit.length, json.scenes[0].extras.mixed.length]).toEqual([MAX_EXTRAS_RECORDS, MAX_EXTRAS_RECORDS + 5000]);
    expect(json.scenes[0].extras.relic3d.extrasItemsLeftOut).toBeUndefined();
    expect(warnings.map((w) => w.code)).not.toContain('GLTF_EXTRAS_RECORDS_CUT');
  });
});

describe('the .glb JSON chunk', () => {
  // A pair across the 65,536-character boundary of utf8Length's measuring calls, lone halves, and
  // 1-, 2-, 3- and 4-byte characters.
  const texts = {
    ascii: 'x'.repeat(70_000),
    // Measuring starts at the first non-ASCII character (é): the pair's halves are its 65,536th and 65,537th.
    'a pair across the chunk boundary': `é${'x'.repeat(65_534)}😀${'é'.repeat(10)}`,
    'lone surrogates': `a\ud800b\udc00c${'x'.repeat(65_534)}\ud83d`,
    mixed: `é€😀한글${'\u0000'.repeat(3)}`.repeat(30_000),
  };
  for (const [name, text] of Object.entries(texts)) {
    it(`${name}: utf8Length is TextEncoder's length, and the chunk holds those bytes, padded with spaces`, () => {
      const encoded = new TextEncoder().encode(text);
      expect(utf8Length(text)).toBe(encoded.length);
      const glb = writeGlb(text, { byteLength: 0, pack: () => undefined });
      const jsonLength = new DataView(glb.buffer).getUint32(12, true);
      expect(jsonLength).toBe((encoded.length + 3) & ~3);
      expect(glb.byteLength).toBe(20 + jsonLength);
      expect(Buffer.from(glb.subarray(20, 20 + encoded.length)).equals(Buffer.from(encoded))).toBe(true);
      expect([...glb.subarray(20 + encoded.length)].filter((b) => b !== 0x20)).toEqual([]);
    });
  }
});

describe('the .glb binary chunk after the JSON', () => {
  // The JSON is written on the guess that it is ASCII (binary chunks up to 4 MB), else measured first.
  const cases = { ascii: 'x'.repeat(1001), 'non-ASCII at the end': `${'x'.repeat(1000)}é`, 'non-ASCII, 5 MB binary': `é${'x'.repeat(1000)}` };
  for (const [name, text] of Object.entries(cases)) {
    it(`${name}: the chunk is packed once, after the padded JSON`, () => {
      const binLength = name.includes('5 MB') ? 5 << 20 : 4099;
      const packs: number[] = [];
      const glb = writeGlb(text, { byteLength: binLength, pack: (out, at) => (packs.push(at), out.fill(7, at, at + binLength)) });
      const encoded = new TextEncoder().encode(text);
      const jsonLength = (encoded.length + 3) & ~3;
      const padded = (binLength + 3) & ~3;
      const view = new DataView(glb.buffer);
      expect(packs).toEqual([20 + jsonLength + 8]);
      expect([view.getUint32(8, true), view.getUint32(12, true), view.getUint32(20 + jsonLength, true)]).toEqual([20 + jsonLength + 8 + padded, jsonLength, padded]);
      expect(glb.byteLength).toBe(20 + jsonLength + 8 + padded);
      expect(Buffer.from(glb.subarray(20, 20 + encoded.length)).equals(Buffer.from(encoded))).toBe(true);
    });
  }
});

