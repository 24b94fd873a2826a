// Speed work on the writer must not change a byte: the real glscene__Woman4.ms3d, parsed and written, hashes
// to what the writer produced before that work (recorded at the speed2 branch's start). A change
// that is meant to alter the output updates the hash in the same commit, saying why.
import { createHash } from 'node:crypto';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, writeMs3d } from '../../src/index.js';

const entry = corpusFiles('ms3d', '.ms3d').find((f) => f.file === 'glscene__Woman4.ms3d');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!entry)('pinned writer output: glscene__Woman4.ms3d', () => {
  it('writes the same files, byte for byte, as before the speed work', () => {
    const result = writeMs3d(parseSync(entry ? readCorpusFile(entry) : new Uint8Array(0)));
    const hashes = Object.fromEntries(Object.entries(result.files).map(([name, bytes]) => [name, sha256(bytes)]));
    expect(hashes).toEqual(PINNED);
  });
});

const PINNED: Record<string, string> = { 'model.ms3d': '397fa37ab58e0d83228fa365d095f271aa4573325e51ae7cc56f8b2084faf131' };
