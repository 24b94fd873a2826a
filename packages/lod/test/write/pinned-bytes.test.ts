// Speed work on the writer must not change a byte (read as stored, upAxis 'y', as when the hash was taken): the real xtreme3d__TRINITYrage.lod, parsed and written, hashes
// to what the writer produced before that work (recorded at the speed2 branch's start). A change
// that is meant to alter the output updates the hash in the same commit, saying why.
import { createHash } from 'node:crypto';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, writeLod } from '../../src/index.js';

const entry = corpusFiles('lod', '.lod').find((f) => f.file === 'xtreme3d__TRINITYrage.lod');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!entry)('pinned writer output: xtreme3d__TRINITYrage.lod', () => {
  it('writes the same files, byte for byte, as before the speed work', () => {
    const result = writeLod(parseSync(entry ? readCorpusFile(entry) : new Uint8Array(0), { upAxis: 'y' }));
    const hashes = Object.fromEntries(Object.entries(result.files).map(([name, bytes]) => [name, sha256(bytes)]));
    expect(hashes).toEqual(PINNED);
  });
});

const PINNED: Record<string, string> = { 'model.lod': '6daba53649a507fabbfa73ab0b189c778f962f97c552d6bff03eb6c29a0468fe' };
