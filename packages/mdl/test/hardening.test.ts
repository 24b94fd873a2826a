import { validateScene } from '@relic3d/core';
import { corpusFiles, expectHardened, largeInputRuns, readCorpusFile } from '@relic3d/test-harness';
import { describe, it } from 'vitest';
import { parseSync as parseMdl, readMdl } from '../src/index.js';
import { syntheticSeeds } from '@relic3d/fixtures/mdl-seeds';

/** Parses and also requires a valid scene: an accepted input must never give a broken scene. */
function parseAndValidate(bytes: Uint8Array): unknown {
  const scene = parseMdl(bytes);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path}: ${issues[0].message}`);
  readMdl(bytes);
  return scene;
}

describe('hardening: only FormatError escapes, and accepted inputs give valid scenes', () => {
  for (const { name, bytes } of syntheticSeeds()) {
    it(`synthetic: ${name}`, async () => {
      await expectHardened(parseAndValidate, bytes, { name: `mdl ${name}` });
    });
  }
  const files = corpusFiles('mdl', '.mdl');
  for (const entry of files) {
    it(`corpus: ${entry.file}`, async () => {
      await expectHardened(parseAndValidate, readCorpusFile(entry), { name: `mdl ${entry.file}`, ...largeInputRuns(entry.bytes) });
    });
  }
});
