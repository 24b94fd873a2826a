import { describe, it } from 'vitest';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { parse } from '../src/index.js';

// The umbrella adds detection and the extension fallback in front of the readers: whatever the
// bytes and the name, only a FormatError may come out.
const cases: [folder: string, file: string][] = [
  ['ms3d', 'hiero__box.ms3d'],
  ['ase', 'darkradiant__single_triangle.ase'],
  ['o3d', 'Mvr_MiniWall11.o3d'],
  ['mdl', 'circuitchaos__doorframe_v300.mdl'],
  ['lod', 'xtreme3d__TRINITYrage.lod'],
  ['bad', 'obj_dunTest.o3d'],
];

describe('parse() through detection', () => {
  const available = corpusFiles('o3d').length > 0;
  it.runIf(available).each(cases)('%s/%s, with its name and without', async (folder, file) => {
    const bytes = readCorpusFile(file, folder);
    await expectHardened((b) => parse(b, { fileName: file }), bytes, { name: `umbrella:${file}`, iterations: 24, samples: 24, fullSweepUpTo: 256 });
    await expectHardened((b) => parse(b), bytes, { name: `umbrella-noname:${file}`, iterations: 12, samples: 12, fullSweepUpTo: 128 });
  });
});
