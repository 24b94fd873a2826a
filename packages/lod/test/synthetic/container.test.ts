// Container and strings: the signature, INF1 text and user chunks, unknown chunks, extra LOD1 blocks, Count mismatches.
import { describe, expect, it } from 'vitest';
import { lodFormat, parse, parseSync, readLod } from '../../src/index.js';
import { Bytes, chunk, inf1, lodFile, skl1 } from '@relic3d/fixtures/lod';
import { valid, bones2 } from './helpers.js';

describe('container and strings', () => {
  it('format test looks at the 8-byte signature only', () => {
    expect(lodFormat.test(lodFile([]))).toBe(true);
    expect(lodFormat.test(new TextEncoder().encode('LODka3D2xxxxxxxx'))).toBe(false);
    expect(lodFormat.test(Uint8Array.from([0x4c, 0x4f, 0x44, 0]))).toBe(false);
    expect([lodFormat.id, lodFormat.extensions, lodFormat.encoding]).toEqual(['lod', ['.lod'], 'binary']);
  });

  it('an empty LOD1 gives an empty valid scene; parse and parseSync agree', async () => {
    const bytes = lodFile([]);
    const scene = valid(bytes);
    expect(scene.format).toBe('lod');
    expect(scene.version).toBe(1);
    expect(scene.extras).toMatchObject({ signature: 'LODka3D1', lod: { size: 0, count: 0 }, chunkOrder: [] });
    expect(await parse(bytes)).toEqual(parseSync(bytes));
  });

  it('INF1 text decodes as CP1251 by default, and with another code page on request', () => {
    const bytes = lodFile([inf1('Модель ёЁ: v1')]);
    expect(readLod(bytes).info!.text).toBe('Модель ёЁ: v1');
    expect(valid(bytes).extras.info).toBe('Модель ёЁ: v1');
    expect(readLod(bytes, { codePage: 'windows-1252' }).info!.text).not.toBe('Модель ёЁ: v1');
    expect(readLod(bytes).info!.data.length).toBe(13);
  });

  it('INF1 with Count ≠ 1 holding chunks is a container of user chunks', () => {
    const user = chunk('USR1', 5, new Bytes().u32(0xdeadbeef));
    const file = readLod(lodFile([inf1(user, 1 + 1)]));
    expect(file.info!.userChunks!.map((c) => [c.id, c.count, c.size, Array.from(c.data)])).toEqual([['USR1', 5, 4, [0xef, 0xbe, 0xad, 0xde]]]);
    expect(file.info!.userChunks![0].offset).toBe(8 + 12 + 12);
  });

  it('an unknown chunk is skipped by its Size and kept in extras', () => {
    const warnings: string[] = [];
    const bytes = lodFile([chunk('ZZZ9', 3, Uint8Array.of(1, 2, 3)), skl1(bones2)]);
    const scene = valid(bytes, { onWarning: (w) => warnings.push(w.code) });
    expect(warnings).toEqual(['LOD_UNKNOWN_CHUNK']);
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_UNKNOWN_CHUNK']);
    const unknown = scene.extras.unknownChunks as { id: string; count: number; data: Uint8Array; parent: string }[];
    expect(unknown.map((u) => [u.id, u.count, u.parent, Array.from(u.data)])).toEqual([['ZZZ9', 3, 'LOD1', [1, 2, 3]]]);
    expect(scene.nodes.map((n) => n.name)).toEqual(['root', 'child']);
  });

  it('further LOD1 blocks and trailing bytes are reported, not read', () => {
    const extra = chunk('LOD1', 0, new Uint8Array(0));
    const file = readLod(lodFile([], { after: [extra, Uint8Array.of(7, 7)] }));
    expect(file.extraLodBlocks).toBe(1);
    expect(file.trailingBytes).toBe(2);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_EXTRA_BLOCK', 'LOD_TRAILING_DATA']);
  });

  it('LOD1 Count that disagrees with its children is a warning; containers are read by Size', () => {
    const file = readLod(lodFile([skl1(bones2)], { count: 3 }));
    expect(file.skeleton!.bones.length).toBe(2);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_COUNT_MISMATCH']);
  });
});
