import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { ready } from '@relic3d/kernels';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSync, readLod } from '../src/index.js';
import { syntheticSeeds } from '@relic3d/fixtures/lod-seeds';

const synthetic = syntheticSeeds().map((s) => [s.name, s.bytes] as const);

describe('hardening: only FormatError escapes', () => {
  // The WASM kernels are fuzzed too: the default runs use them, the z-up runs force the TypeScript path.
  beforeAll(() => ready());

  it.each(synthetic)('synthetic: %s', async (name, bytes) => {
    expect(() => parseSync(bytes)).not.toThrow();
    await expectHardened((b) => parseSync(b), bytes, { name: `lod ${name}` });
    await expectHardened((b) => parseSync(b, { upAxis: 'z', kernels: 'js' }), bytes, { name: `lod ${name} z-up`, iterations: 24 });
  });

  const files = corpusFiles('lod', '.lod');
  it.skipIf(files.length === 0).each(files.map((f) => [f.file, f] as const))('corpus: %s', async (name, entry) => {
    const bytes = readCorpusFile(entry);
    await expectHardened((b) => parseSync(b), bytes, { name: `lod ${name}` });
    await expectHardened((b) => readLod(b), bytes, { name: `lod raw ${name}`, iterations: 24, samples: 32 });
  });
});
