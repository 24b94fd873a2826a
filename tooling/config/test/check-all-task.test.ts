// `pnpm test` checks types and lint in three tasks, `//#check:<group>` (check-all.mjs --group), instead
// of one `check` task per folder (issue #30): together they must still cover every workspace folder, each
// once, a folder added later included, each wait for the builds whose .d.ts files its checks read, and
// fail on any error.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { dryRun } from './turbo-dry.js';
// @ts-expect-error a plain .mjs script without declarations
import { GROUPS, ROOT_FILES, buildsRead, checkedFolders, groupFolders, main } from '../check-all.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const turbo = path.join(root, 'node_modules/.bin/turbo');

interface DryTask {
  taskId: string;
  task: string;
  directory: string;
  command: string;
  inputs: Record<string, string>;
  dependencies: string[];
}

const tasks = dryRun<DryTask>(['build', ...GROUPS.map((g: { name: string }) => `check:${g.name}`), 'test']).tasks;
const groups: { name: string; builds: string[] | null }[] = GROUPS;
const checkTask = (name: string) => tasks.find((t) => t.taskId === `//#check:${name}`)!;
const checked: string[] = checkedFolders().map((f: string) => path.relative(root, f));

describe('the check-all task of pnpm test', () => {
  it('checks every workspace folder turbo knows, each with a tsconfig.json', () => {
    const folders = [...new Set(tasks.map((t) => t.directory))].filter((d) => d && d !== '.');
    expect(folders.length).toBeGreaterThan(20);
    for (const folder of folders) {
      expect(existsSync(path.join(root, folder, 'tsconfig.json')), `${folder} has no tsconfig.json: check-all would skip it`).toBe(true);
      expect(checked, folder).toContain(folder);
    }
    expect(checked).toHaveLength(folders.length);
  });

  it('the groups check every folder once, the early ones the folders whose builds they wait for', () => {
    const byGroup = groups.map((g) => groupFolders(g.name).map((f: string) => path.relative(root, f)));
    expect(byGroup.flat().sort()).toEqual([...checked].sort());
    // Not all in the last group (the one waiting for every build): the early groups start at ~1 min.
    expect(byGroup[0]).toEqual(expect.arrayContaining(['packages/core', 'packages/ase', 'packages/ms3d', 'tooling/config']));
    expect(byGroup[1]).toEqual(expect.arrayContaining(['packages/gltf', 'apps/viewer']));
    // relic3d's tests import relic3d itself (its dist): it waits for relic3d#build.
    expect(buildsRead(path.join(root, 'packages/relic3d'))).toContain('relic3d');
    expect(buildsRead(path.join(root, 'packages/ase'))).toEqual(['@relic3d/core', '@relic3d/kernels']);
  });

  it('lints the root files the root `check` script lints', () => {
    const rootCheck: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.check;
    expect(rootCheck.split(/\s+/).filter((w) => ROOT_FILES.includes(w))).toEqual(ROOT_FILES);
  });

  it('each group waits for every build whose declarations its checks read, and hashes every checked folder but no outputs', () => {
    const builds = tasks.filter((t) => t.task === 'build' && t.command !== '<NONEXISTENT>');
    const declared = builds.filter((t) => JSON.parse(readFileSync(path.join(root, t.directory, 'package.json'), 'utf8')).types);
    expect(declared.length).toBeGreaterThanOrEqual(13);
    // The last group waits for every build; each other one for its GROUPS builds, which cover its folders'.
    for (const build of declared) expect(checkTask(groups.at(-1)!.name).dependencies, build.taskId).toContain(build.taskId);
    for (const group of groups) {
      const waits = checkTask(group.name).dependencies;
      if (group.builds) expect([...waits].sort(), group.name).toEqual(group.builds.map((b) => `${b}#build`).sort());
      for (const folder of groupFolders(group.name)) {
        for (const name of buildsRead(folder)) expect(waits, `${path.relative(root, folder)} reads ${name}`).toContain(`${name}#build`);
      }
      const inputs = Object.keys(checkTask(group.name).inputs);
      for (const folder of checked) {
        expect(inputs, folder).toContain(`${folder}/tsconfig.json`);
        expect(inputs.some((f) => f.startsWith(`${folder}/src/`) || f.startsWith(`${folder}/test/`)), folder).toBe(true);
      }
      expect(inputs).toEqual(expect.arrayContaining([...ROOT_FILES, 'tsconfig.base.json', 'tooling/config/check.mjs', 'tooling/config/check-all.mjs']));
      expect(inputs.filter((f) => /(^|\/)(dist|build|node_modules|\.turbo|test-artifacts|tarballs)\/|src\/generated\/|\.png$/.test(f))).toEqual([]);
    }
  });

  it('hashes no file that git ignores, so what a test run writes there (the fuzz bundle cache) leaves the next run cached', () => {
    // One probe for each pattern of the repo's .gitignore files that can sit beside sources.
    const probes = ['tooling/fuzz/.cache/probe/main.txt', 'tooling/fuzz/out/probe.txt', 'packages/core/coverage/probe.txt', 'apps/viewer/.vite/probe.txt', 'packages/core/probe.log', 'packages/core/probe.tgz'];
    const made = probes.filter((p) => !existsSync(path.join(root, p)));
    try {
      for (const p of made) {
        mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
        writeFileSync(path.join(root, p), 'probe\n');
      }
      const dry: DryTask[] = JSON.parse(
        execFileSync(turbo, ['run', 'check:base', '--dry=json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }),
      ).tasks;
      const hashed = Object.keys(dry.find((t) => t.taskId === '//#check:base')!.inputs);
      expect(hashed.filter((f) => probes.includes(f))).toEqual([]);
    } finally {
      for (const p of made) rmSync(path.join(root, p), { force: true });
      for (const d of ['tooling/fuzz/.cache/probe', 'tooling/fuzz/out', 'packages/core/coverage', 'apps/viewer/.vite']) {
        try { rmdirSync(path.join(root, d)); } catch { /* not empty: something else made it */ }
      }
    }
  });

  it('fails on a type error or a lint error planted in a new folder, and passes a clean one', { timeout: 120_000 }, async () => {
    // Outside the repository: oxlint skips what .gitignore lists (test-artifacts/ too).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-all-'));
    // In-process, as the task runs it (the command's main): a child process would load TypeScript again.
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const folder = (name: string, source: string) => {
        const at = path.join(dir, name);
        mkdirSync(at);
        // lib es5, no @types: the planted programs stay small (lib.dom is most of a default program).
        writeFileSync(path.join(at, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] }));
        writeFileSync(path.join(at, 'index.ts'), source);
        return at;
      };
      const types = folder('types', "export const count: number = 'three';\n");
      const lint = folder('lint', 'const unused = 3;\nexport const count: number = 3;\n');
      const clean = folder('clean', 'export const count: number = 3;\n');
      const status = await main([types, lint, clean]);
      const stdout = write.mock.calls.map((c) => String(c[0])).join('');
      expect(status, stdout).toBe(1);
      const rel = (at: string) => path.relative(root, at);
      expect(stdout).toContain(`FAIL ${rel(types)} `);
      expect(stdout).toContain('TS2322');
      expect(stdout).toContain(`FAIL ${rel(lint)} `);
      expect(stdout).toContain('eslint/no-unused-vars');
      expect(stdout).toContain(`FAIL ${rel(types)} (types)`);
      expect(stdout).toContain(`FAIL ${rel(lint)} (lint)`);
      expect(stdout).toContain(`ok   ${rel(clean)} `);
      expect(stdout).toMatch(/FAILED: .*types, .*lint\n/);
      write.mockClear();
      expect(await main([clean]), write.mock.calls.join('')).toBe(0);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
