// Every ASE corpus file: parse → write → parse keeps the scene facts.
import { validateScene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, writeAse } from '../../src/index.js';

const files = corpusFiles('ase');

describe.skipIf(!files.length)('corpus/ase: parse → write → parse', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    const scene = parseSync(readCorpusFile(entry));
    const written = writeAse(scene, { name: 'out' });
    const bytes = written.files['out.ase'];
    const back = parseSync(bytes);
    expect(validateScene(back)).toEqual([]);
    expect(back.warnings.map((w) => w.code)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
    console.log(entry.file, written.warnings.map((w) => w.code));
  });
});
