// Speed work on the writer must not change a byte (read as stored, upAxis 'y', as when the hash was taken): the real xtreme3d__TRINITYrage.lod, parsed and written, hashes
// to what the writer produced before that work (recorded at the speed2 branch's start). A change
// that is meant to alter the output updates the hash in the same commit, saying why.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
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

// Every corpus file too (one sha256 over every written file's name and bytes; a refused scene pins its error).
const all = corpusFiles('lod', '.lod');
const digest = (files: Record<string, Uint8Array>) => {
  const hash = createHash('sha256');
  for (const [name, bytes] of Object.entries(files)) hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  return hash.digest('hex');
};

describe.skipIf(!all.length)('pinned writer output: every LOD corpus file', () => {
  it('writes the same files, byte for byte, as before the speed work', () => {
    const hashes: Record<string, string> = {};
    for (const file of all) {
      try {
        hashes[file.file] = digest(writeLod(parseSync(readCorpusFile(file), { upAxis: 'y' })).files);
      } catch (error) {
        hashes[file.file] = error instanceof Error ? error.message : String(error);
      }
    }
    if (process.env.RELIC3D_PIN_OUT) writeFileSync(process.env.RELIC3D_PIN_OUT, JSON.stringify(hashes, null, 2));
    expect(Object.keys(hashes).length).toBe(all.length);
    expect(hashes).toEqual(PINNED_ALL);
  });
});

const PINNED_ALL: Record<string, string> = {
  'xtreme3d__TRINITYrage.lod': '6001d673fcabc2be3fa72567e3a5932b4660f6a7a0bf8b9fc3e3d14fcf3b9b24',
};
