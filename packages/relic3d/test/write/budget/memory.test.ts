// Issue 26 in a child process: each writer on each hostile input ends with a typed refusal (or a
// file) and the process's peak RSS grows by at most 8 × the input + 64 MB over the write. Before
// the budget, the ASE writer aborted the process on the key span, and ASE and MDL took 4–9 GB on
// the instancing .glb; here a child killed by its heap cap or its watchdog fails the test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../../..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'relic3d-write-budget-'));
const bundle = path.join(folder, 'child.mjs');

/** @relic3d/* and relic3d resolve to their sources, as in the tests (tooling/config/vitest.base.js). */
const sources = {
  name: 'relic3d-sources',
  setup(b: import('esbuild').PluginBuild) {
    b.onResolve({ filter: /^relic3d$/ }, () => ({ path: path.join(repo, 'packages/relic3d/src/index.ts') }));
    b.onResolve({ filter: /^@relic3d\/kernels\/reference$/ }, () => ({ path: path.join(repo, 'packages/kernels/src/reference.ts') }));
    b.onResolve({ filter: /^@relic3d\/[a-z0-9-]+(\/node)?$/ }, (a) => {
      const [, name, node] = /^@relic3d\/([a-z0-9-]+)(\/node)?$/.exec(a.path)!;
      return { path: path.join(repo, 'packages', name, 'src', node ? 'node.ts' : 'index.ts') };
    });
  },
};

beforeAll(async () => {
  await build({
    entryPoints: [path.join(import.meta.dirname, 'child.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['gltf-validator', 'typescript'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sources],
    logLevel: 'error',
  });
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Report {
  writer: string;
  outcome: string;
  outputBytes: number;
  inputBytes: number;
  growth: number;
}

function run(caseName: string): Report[] {
  // A 1 GB heap cap and a watchdog: an exploding write dies here instead of taking the machine.
  const child = spawnSync(process.execPath, ['--max-old-space-size=1024', bundle, caseName], { cwd: repo, encoding: 'utf8', timeout: 240_000, maxBuffer: 1 << 20 });
  expect(child.status, `${caseName}: exit ${child.status} ${child.signal ?? ''} ${child.stderr.slice(-400)}`).toBe(0);
  return child.stdout.trim().split('\n').map((line) => JSON.parse(line) as Report);
}

const MB = 1024 * 1024;

describe('hostile inputs through every writer in a child process', () => {
  it.each(['instancing', 'instancing glb', 'key span 1e9 s', 'key span 2.5e38 s'])('%s: every writer refuses OVER_LIMIT within 8 × input + 64 MB of peak RSS growth', (caseName) => {
    const reports = run(caseName);
    expect(reports.map((r) => r.writer).sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
    for (const r of reports) {
      console.log(`${caseName} ${r.writer}: ${r.outcome}, peak RSS +${(r.growth / MB).toFixed(1)} MB for ${r.inputBytes} input bytes`);
      expect(r.outcome, r.writer).toBe('refused OVER_LIMIT');
      expect(r.growth, `${r.writer}: peak RSS grew ${(r.growth / MB).toFixed(1)} MB for ${r.inputBytes} input bytes`).toBeLessThanOrEqual(8 * r.inputBytes + 64 * MB);
    }
  }, 300_000);
});
