import { describe, it } from 'vitest';
import { corpusFiles, expectHardened, largeInputRuns, readCorpusFile } from '@relic3d/test-harness';
import { parseSync as parseO3d, readAni, readChr } from '../src/index.js';
import { syntheticSeeds } from '@relic3d/fixtures/o3d-seeds';

const entries = corpusFiles('o3d');
// The seeds the fuzzer shares; the third (LOD groups) is fuzzed only there.
const [sample, embedded] = syntheticSeeds();
const { 'mvr_sample.chr': sampleChr, 'mvr_sample_sway.ani': sampleAni } = sample.companions!;

describe('hardening: only FormatError escapes', () => {
  it.each(entries.filter((e) => /\.o3d$/i.test(e.file)).map((e) => [e.file, e] as const))('%s', async (name, entry) => {
    await expectHardened((bytes) => parseO3d(bytes), readCorpusFile(entry), { name, ...largeInputRuns(entry.bytes) });
  });

  it.each(entries.filter((e) => /\.(chr|ani)$/i.test(e.file)).map((e) => [e.file, e] as const))('%s', async (name, entry) => {
    const read = /\.chr$/i.test(name) ? readChr : readAni;
    await expectHardened((bytes) => read(bytes), readCorpusFile(entry), { name, ...largeInputRuns(entry.bytes) });
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
    await expectHardened((chr) => parseO3d(sample.bytes, { skeleton: chr, motions: { sway: sampleAni } }), sampleChr, { name: 'sample.chr' });
    await expectHardened((ani) => parseO3d(sample.bytes, { skeleton: sampleChr, motions: { sway: ani } }), sampleAni, { name: 'sample.ani' });
    await expectHardened((o3d) => parseO3d(o3d, { skeleton: sampleChr, motions: { sway: sampleAni } }), sample.bytes, { name: 'sample.o3d' });
  });

  it('a synthetic file with an embedded skeleton, TM keys, collision and attributes', async () => {
    await expectHardened((b) => parseO3d(b), embedded.bytes, { name: 'synthetic' });
  });
});
