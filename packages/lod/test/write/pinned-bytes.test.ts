// Speed work on the writer must not change a byte: every corpus file, read and written, hashes to what
// the writer produced before that work (the shape and the rules: @relic3d/test-harness/pinned-bytes).
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describePinnedOutput } from '@relic3d/test-harness/pinned-bytes';
import { parseSync, writeLod } from '../../src/index.js';
import { activePath, ready } from '@relic3d/kernels';
import { beforeAll, expect } from 'vitest';

// Written with WASM ready, as the CLI writes: the bytes were pinned on the TypeScript path and must not
// depend on which path the kernels take (writers skin on the TypeScript path for that reason).
beforeAll(async () => {
  await ready();
  expect(activePath(), 'the WASM kernels are in use').not.toBe('js');
});

// Read as stored (upAxis 'y'), as when the hashes were taken.
describePinnedOutput({
  title: 'every LOD corpus file',
  entries: corpusFiles('lod', '.lod'),
  write: (entry) => writeLod(parseSync(readCorpusFile(entry), { upAxis: 'y' })).files,
  pinErrors: true,
  pinned: {
    'xtreme3d__TRINITYrage.lod': '6001d673fcabc2be3fa72567e3a5932b4660f6a7a0bf8b9fc3e3d14fcf3b9b24',
  },
});
