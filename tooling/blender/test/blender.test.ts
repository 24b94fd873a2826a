// Blender as a tested client, in one Blender process: the corpus models (corpus-import.suite.ts)
// and the models hard for clients (hard-models.suite.ts). Blender's start-up is ~2.5 CPU-s; a
// test file of its own per suite paid it, its `--version` probe and the worker's imports twice.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runBlender, type BlenderJob } from '../src/run-blender.js';
import { blenderOrWarn, scratchDir } from '../src/suite.js';
import { corpusSuite } from './corpus-import.suite.js';
import { hardModelSuite } from './hard-models.suite.js';

const { blender, reason } = blenderOrWarn();
const suites = [corpusSuite(blender), hardModelSuite(blender)];
let dir = '';
let seconds = 0;

beforeAll(async () => {
  if (!blender) return;
  dir = scratchDir('blender');
  const jobs: BlenderJob[] = [];
  for (const suite of suites) jobs.push(...(await suite.prepare(dir)));
  const started = performance.now();
  // A hang is no new result for this long (Woman4's export, the longest job, on a loaded machine).
  const out = await runBlender(blender, jobs, dir, { timeoutMs: 900_000 });
  seconds = (performance.now() - started) / 1000;
  for (const suite of suites) suite.receive(out);
});

afterAll(() => {
  for (const suite of suites) suite.report(seconds);
  if (dir && !process.env.RELIC3D_KEEP_BLENDER) rmSync(dir, { recursive: true, force: true });
});

// Without Blender, one skipped test says why (and blenderOrWarn has warned on the console).
if (!blender) {
  describe('Blender client suite', () => {
    it.skip(`skipped: ${reason}`, () => {});
  });
}
