// Each ASE corpus file read, parsed, written and read back once per worker, for every test file that
// checks it (corpus, write/corpus, write/assimp, write/pinned-bytes, synthetic/finite-scene): the
// corpus was parsed about ten times a run (issue #30). Shared values: read them, never change them.
// Files that use these await the kernels' ready() first, so every value is made on one path.
import type { Scene, WriteResult } from '@relic3d/core';
import { memo, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { parseSync, writeAse } from '../src/index.js';

export const corpusBytes = (entry: CorpusEntry): Uint8Array => memo(`ase bytes ${entry.path}`, () => readCorpusFile(entry));

export const corpusScene = (entry: CorpusEntry): Scene => memo(`ase scene ${entry.path}`, () => parseSync(corpusBytes(entry)));

/** The scene written as `out.ase`. */
export const corpusWritten = (entry: CorpusEntry): WriteResult => memo(`ase written ${entry.path}`, () => writeAse(corpusScene(entry), { name: 'out' }));

/** `out.ase` read back. */
export const corpusBack = (entry: CorpusEntry): Scene => memo(`ase back ${entry.path}`, () => parseSync(corpusWritten(entry).files['out.ase']));
