import { validateScene } from '@relic3d/core';
import { corpusFiles, expectHardened, largeInputRuns, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, readMs3d, type Ms3dParseOptions } from '../src/index.js';
import { syntheticSeeds } from '@relic3d/fixtures/ms3d-seeds';

/** Parses and insists the scene is valid: an invalid scene counts as a failure, like a stray error. */
function parseValid(bytes: Uint8Array, options: Ms3dParseOptions = {}): unknown {
  readMs3d(bytes);
  const scene = parseSync(bytes, options);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path} ${issues[0].message}`);
  return scene;
}

const synthetic = syntheticSeeds().map((s) => [s.name, s.bytes] as const);

describe('hardening', () => {
  it.each(synthetic)('synthetic %s: only FormatError escapes, accepted scenes are valid', async (name, bytes) => {
    const report = await expectHardened(parseValid, bytes, { name: `ms3d synthetic ${name}` });
    expect(report.runs).toBeGreaterThan(0);
  });

  it.each(synthetic)('synthetic %s with Hermite positions', async (name, bytes) => {
    await expectHardened((b) => parseValid(b, { positionInterpolation: 'hermite' }), bytes, { name: `ms3d synthetic hermite ${name}` });
  });

  const files = corpusFiles('ms3d', '.ms3d');
  it.skipIf(files.length === 0).each(files.map((f) => [f.file, f] as const))('corpus %s', async (name, entry) => {
    const report = await expectHardened(parseValid, readCorpusFile(entry), { name: `ms3d ${name}`, ...largeInputRuns(entry.bytes) });
    expect(report.accepted + report.rejected).toBe(report.runs);
  });
});
