// Scenes from damaged files (the mutation fuzzer over every seed and the real file): whatever the
// reader accepts, the writer either refuses with a WriteError or writes a file that reads back
// cleanly as a valid scene. A FormatError on the written file would be a writer bug: reported as one.
import { isFormatError, isWriteError, validateScene } from '@relic3d/core';
import { syntheticSeeds } from '@relic3d/fixtures/lod-seeds';
import { assertHardened, corpusFiles, mutationFuzz, readCorpusFile } from '@relic3d/test-harness';
import { describe, it } from 'vitest';
import { parseSync, writeLod } from '../../src/index.js';
import { lodOf } from './helpers.js';

function parseWriteRead(bytes: Uint8Array): unknown {
  const scene = parseSync(bytes, { kernels: 'js' }); // a FormatError here is the reader refusing: fine
  let file: Uint8Array;
  try {
    file = lodOf(writeLod(scene));
  } catch (e) {
    if (isWriteError(e)) return undefined;
    throw new Error(`writeLod threw ${String(e)}`);
  }
  try {
    const back = parseSync(file, { kernels: 'js' });
    const issues = validateScene(back);
    if (issues.length) throw new Error(`the written file reads as an invalid scene: ${JSON.stringify(issues.slice(0, 3))}`);
    return back;
  } catch (e) {
    throw new Error(`the written file does not read back: ${isFormatError(e) ? e.message : String(e)}`);
  }
}

const inputs = [
  ...syntheticSeeds().map((s) => ({ name: s.name, bytes: s.bytes })),
  ...corpusFiles('lod', '.lod').map((e) => ({ name: e.file, bytes: readCorpusFile(e) })),
];

describe('damaged files → write → read back', () => {
  it.each(inputs)('$name', async ({ name, bytes }) => {
    assertHardened(await mutationFuzz(bytes, parseWriteRead, { name: `write:${name}` }), name);
  });
});
