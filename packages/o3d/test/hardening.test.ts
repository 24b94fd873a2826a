import { describe, it } from 'vitest';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { parseO3d, readAni, readChr } from '../src/index.js';
import { writeSampleO3d, writeO3d, translationMatrix } from './writer.js';

const entries = corpusFiles('o3d');
const sample = writeSampleO3d();

describe('hardening: only FormatError escapes', () => {
  it.each(entries.filter((e) => /\.o3d$/i.test(e.file)).map((e) => [e.file, e] as const))('%s', async (name, entry) => {
    await expectHardened((bytes) => parseO3d(bytes), readCorpusFile(entry), { name });
  });

  it.each(entries.filter((e) => /\.(chr|ani)$/i.test(e.file)).map((e) => [e.file, e] as const))('%s', async (name, entry) => {
    const read = /\.chr$/i.test(name) ? readChr : readAni;
    await expectHardened((bytes) => read(bytes), readCorpusFile(entry), { name });
  });

  // Real skinned models with their companions: mutations reach the palette and weight paths.
  describe.skipIf(!entries.length)('skinned corpus models', () => it.each([
    ['mvr_Scopicon.o3d', 'mvr_Scopicon.chr', 'mvr_Scopicon_stand.ani'],
    ['Part_femaleUpper.o3d', 'mvr_female.chr', 'Mvr_female_GenStand.ani'],
  ])('%s with its .chr and .ani', async (file, chrFile, aniFile) => {
    const chr = readCorpusFile(chrFile, 'o3d');
    const ani = readCorpusFile(aniFile, 'o3d');
    await expectHardened((bytes) => parseO3d(bytes, { skeleton: chr, motions: { m: ani } }), readCorpusFile(file, 'o3d'), { name: `${file}+companions` });
  }));

  it('the sample with mutated companions', async () => {
    await expectHardened((chr) => parseO3d(sample.o3d, { skeleton: chr, motions: { sway: sample.ani } }), sample.chr, { name: 'sample.chr' });
    await expectHardened((ani) => parseO3d(sample.o3d, { skeleton: sample.chr, motions: { sway: ani } }), sample.ani, { name: 'sample.ani' });
    await expectHardened((o3d) => parseO3d(o3d, { skeleton: sample.chr, motions: { sway: sample.ani } }), sample.o3d, { name: 'sample.o3d' });
  });

  it('a synthetic file with an embedded skeleton, TM keys, collision and attributes', async () => {
    const geometry = {
      vertices: [{ p: [0, 0, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 0] as [number, number] }, { p: [1, 0, 0] as [number, number, number] }, { p: [0, 1, 0] as [number, number, number] }],
      indices: [0, 1, 2],
      materials: [{ texture: 'a.dds' }],
    };
    const bytes = writeO3d({
      name: 'x.o3d',
      version: 21,
      frameCount: 2,
      collision: { vertices: geometry.vertices, indices: [0, 1, 2] },
      skeleton: { base: [translationMatrix(0, 0, 0), translationMatrix(0, 1, 0)], inverse: [translationMatrix(0, 0, 0), translationMatrix(0, -1, 0)] },
      groups: [[{ type: 1, geometry }, { type: 0, parent: 1, parentType: 2, tm: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0]], geometry }]],
      attributes: [{ flags: 1, soundId: 2, frame: 0 }, { flags: 0, soundId: 0, frame: 1 }],
    });
    await expectHardened((b) => parseO3d(b), bytes, { name: 'synthetic' });
  });
});
