import { activePath, ready } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseMdl, readMdl } from '../src/index.js';
import { writeSampleMdl } from './writer.js';

describe('WASM and TypeScript vertex decoding agree', () => {
  it('on the sample and a corpus file', async () => {
    await ready();
    const inputs = [writeSampleMdl(), ...corpusFiles('mdl', '.mdl').slice(0, 1).map((e) => readCorpusFile(e))];
    for (const bytes of inputs) {
      const js = readMdl(bytes, { kernels: 'js' }).root.lods[0].meshes[0].vertices;
      const wasm = readMdl(bytes, { kernels: 'wasm' }).root.lods[0].meshes[0].vertices;
      for (const key of Object.keys(js) as (keyof typeof js)[]) expect(wasm[key], key).toEqual(js[key]);
      expect(parseMdl(bytes, { kernels: 'wasm' }).meshes[0].primitives[0].attributes.POSITION).toEqual(
        parseMdl(bytes, { kernels: 'js' }).meshes[0].primitives[0].attributes.POSITION,
      );
    }
    expect(['simd', 'scalar', 'js']).toContain(activePath());
  });
});
