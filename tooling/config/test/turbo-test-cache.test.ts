// Issue #30 item 2: `pnpm test` runs every package's tests through turbo, so a second run with no
// change is all cache hits and a change to one format package reruns only it and its dependents.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dryRun } from './turbo-dry.js';

const root = path.resolve(import.meta.dirname, '../../..');
const turbo = path.join(root, 'node_modules/.bin/turbo');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

interface DryTask {
  taskId: string;
  task: string;
  package: string;
  command: string;
  inputs: Record<string, string>;
  dependencies: string[];
  environmentVariables: { specified: { env: string[] | null } };
}

const pipeline = (): DryTask[] => dryRun<DryTask>(['build', 'check:base', 'check:scene', 'check:cli', 'test']).tasks;

/** Every workspace folder with its own vitest project, by package name. */
function projects(): Map<string, string> {
  const out = new Map<string, string>();
  for (const group of ['packages', 'tooling', 'apps']) {
    for (const dir of readdirSync(path.join(root, group))) {
      const folder = path.join(root, group, dir);
      if (existsSync(path.join(folder, 'vitest.config.ts'))) out.set(JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).name, `${group}/${dir}`);
    }
  }
  return out;
}

describe('the turbo test pipeline', () => {
  const tasks = pipeline();
  const testOf = (name: string) => tasks.find((t) => t.taskId === `${name}#test`)!;

  it('the root vitest config and turbo agree: every project is a turbo test task running vitest', () => {
    const rootConfig = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    for (const glob of ['packages/*/vitest.config.ts', 'tooling/*/vitest.config.ts', 'apps/*/vitest.config.ts']) expect(rootConfig).toContain(glob);
    const all = projects();
    expect(all.size).toBeGreaterThan(15);
    for (const name of all.keys()) expect(testOf(name)?.command, name).toMatch(/^vitest run\b/);
  });

  it('`pnpm test` is one turbo run: builds, one check of every folder (types and lint, in three groups), every test task', () => {
    const script: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.test;
    // Three tasks at a time on two cores: at two, tasks with no build to wait for (tooling/'s checks and
    // tests) held both slots and core#build ended 8 min into a fresh run, holding back every package above it.
    expect(script).toMatch(/^node tooling\/config\/turbo\.mjs run build check:base check:scene check:cli test --concurrency=3 /);
    expect(script).not.toMatch(/--filter|--affected|&&/);
    // The per-folder `check` tasks stay for one package at a time; `pnpm test` runs check-all.mjs
    // instead (check-all-task.test.ts: it covers every folder and fails on a planted error).
    expect(tasks.filter((t) => t.task === 'check')).toEqual([]);
    // A young generation of 64 MB: TypeScript's and ESLint's garbage took 17% of a check's CPU; 12% less CPU (2 pairs, load 6–16).
    for (const group of ['base', 'scene', 'cli']) expect(tasks.find((t) => t.taskId === `//#check:${group}`)?.command).toBe(`node --max-semi-space-size=64 tooling/config/check-all.mjs --group ${group}`);
    // Tests wait for the builds they use, not for the check.
    for (const t of tasks.filter((x) => x.task === 'test')) expect(t.dependencies.filter((d) => /#check/.test(d)), t.taskId).toEqual([]);
  });

  it('the corpus location is part of every test hash; outputs of builds and runs are not inputs', () => {
    expect(Object.keys(testOf('@relic3d/viewer').inputs)).toContain('test/e2e/browser.ts');
    // transit carries a package's files into its dependents' hashes, so it must leave the same outputs out.
    for (const t of tasks.filter((x) => ((x.task === 'test' || x.task === 'check') && x.command !== '<NONEXISTENT>') || x.task === 'transit')) {
      if (t.task === 'test') expect(t.environmentVariables.specified.env, t.taskId).toContain('RELIC3D_CORPUS');
      // Screenshots the e2e suite refreshes in apps/viewer/docs are outputs too: as inputs, no second run was cached.
      const own = Object.keys(t.inputs).filter((file) => /^(src\/generated|dist|build|test-artifacts|tarballs|node_modules)\/|^docs\/.*\.png$/.test(file));
      expect(own, t.taskId).toEqual([]);
    }
  });

  it('a format package’s tests hash its sources and tests, its dependencies’ sources, and nothing of a sibling format', () => {
    const lod = testOf('@relic3d/lod');
    expect(Object.keys(lod.inputs)).toEqual(expect.arrayContaining(['src/scene/axes.ts', 'test/up-axis.test.ts', 'vitest.config.ts']));
    // Dependencies' sources (fixtures and test-harness too) reach the hash through transit tasks; the
    // kernels' transit waits for its build, whose generated WASM the sources import (test-builds.test.ts).
    expect(lod.dependencies).toEqual(['@relic3d/lod#transit']);
    const closure = (id: string, seen = new Set<string>()): Set<string> => {
      for (const dep of tasks.find((t) => t.taskId === id)?.dependencies ?? []) if (!seen.has(dep)) closure(dep, seen.add(dep));
      return seen;
    };
    expect([...closure('@relic3d/lod#test')]).toEqual(expect.arrayContaining(['@relic3d/kernels#transit', '@relic3d/kernels#build', '@relic3d/core#transit']));
    const lodDeps = [...closure('@relic3d/lod#test')].map((id) => id.split('#')[0]);
    for (const sibling of ['@relic3d/ms3d', '@relic3d/ase', '@relic3d/o3d', '@relic3d/mdl']) expect(lodDeps, sibling).not.toContain(sibling);
    expect([...closure('relic3d#test')].map((id) => id.split('#')[0])).toContain('@relic3d/lod');
  });

  it('a second run with no change is a cache hit', { timeout: 240_000 }, () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-turbo-cache-'));
    try {
      // --only: the test task alone (its dependencies' builds are the suite's own business).
      const args = ['run', 'test', '--filter=@relic3d/test-harness', '--only', `--cache-dir=${cacheDir}`, '--output-logs=none'];
      // The task's hash inputs before and after: on a miss, the message names what changed in between.
      const planned = () => JSON.parse(execFileSync(turbo, [...args, '--dry=json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env })).tasks[0] as DryTask & { hash: string };
      const before = planned();
      const first = spawnSync(turbo, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env });
      expect(first.status, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toMatch(/Cached:\s+0 cached, 1 total/);
      const second = spawnSync(turbo, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env });
      expect(second.status, second.stdout + second.stderr).toBe(0);
      const after = planned();
      const changed = Object.keys({ ...before.inputs, ...after.inputs }).filter((f) => before.inputs[f] !== after.inputs[f]);
      expect(second.stdout, `hash ${before.hash} → ${after.hash}; changed inputs: ${changed.join(', ') || 'none'}`).toMatch(/Cached:\s+1 cached, 1 total/);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
