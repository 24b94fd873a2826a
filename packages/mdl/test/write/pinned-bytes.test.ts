// Speed work on the writer must not change a byte: the real circuitchaos__genericcharacter_v300.mdl, parsed and written, hashes
// to what the writer produced before that work (recorded at the speed2 branch's start). A change
// that is meant to alter the output updates the hash in the same commit, saying why.
import { createHash } from 'node:crypto';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, writeMdl } from '../../src/index.js';

const entry = corpusFiles('mdl', '.mdl').find((f) => f.file === 'circuitchaos__genericcharacter_v300.mdl');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!entry)('pinned writer output: circuitchaos__genericcharacter_v300.mdl', () => {
  it('writes the same files, byte for byte, as before the speed work', () => {
    const result = writeMdl(parseSync(entry ? readCorpusFile(entry) : new Uint8Array(0)));
    const hashes = Object.fromEntries(Object.entries(result.files).map(([name, bytes]) => [name, sha256(bytes)]));
    expect(hashes).toEqual(PINNED);
  });
});

const PINNED: Record<string, string> = { 'Mesh_figur.mdl': '30e51a77a9a95c7422292178796bcd9719ea40dc28b14cef206314805e59aefe' };
