// Turbo as a newcomer meets it: no telemetry notice on the first run, and a build whose own output
// is not among its inputs (else a second `pnpm test` right after `pnpm viewer` rebuilds everything).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dryRun } from './turbo-dry.js';

const root = path.resolve(import.meta.dirname, '../../..');
const pnpm = path.join(root, 'node_modules/pnpm/bin/pnpm.cjs');

interface DryTask {
  taskId: string;
  package: string;
  directory: string;
  command: string;
  dependencies: string[];
  inputs: Record<string, string>;
  outputs: string[] | null;
}

/**
 * The builds a published package's build (tsup: its .d.ts reads its dependencies' dist) must wait for:
 * those of the workspace packages its package.json `dependencies` and `peerDependencies` name. The
 * viewer (private) builds from sources and waits for the kernels' WASM only.
 */
export function buildDependencyProblems(tasks: DryTask[]): string[] {
  const builds = new Map(tasks.filter((t) => t.taskId.endsWith('#build') && t.command !== '<NONEXISTENT>').map((t) => [t.package, t]));
  const closure = (id: string, seen = new Set<string>()): Set<string> => {
    for (const dep of tasks.find((t) => t.taskId === id)?.dependencies ?? []) if (!seen.has(dep)) closure(dep, seen.add(dep));
    return seen;
  };
  const problems: string[] = [];
  for (const build of builds.values()) {
    const manifest = JSON.parse(readFileSync(path.join(root, build.directory, 'package.json'), 'utf8'));
    if (manifest.private) continue;
    const needed = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter((name) => builds.has(name)).map((name) => `${name}#build`);
    const waits = closure(build.taskId);
    for (const dep of needed) if (!waits.has(dep)) problems.push(`${build.taskId} does not wait for ${dep}`);
    // A devDependency's build (the tests' formats) only lengthens the chain, unless a dependency's build waits for it anyway.
    const allowed = new Set(needed.flatMap((dep) => [dep, ...closure(dep)]));
    for (const dep of build.dependencies) if (builds.has(dep.split('#')[0]) && dep.endsWith('#build') && !allowed.has(dep)) problems.push(`${build.taskId} waits for ${dep}, not a dependency`);
  }
  return problems;
}

describe('turbo configuration', () => {
  it('every script that runs turbo turns its telemetry off', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    const turboScripts = Object.entries(scripts).filter(([, command]) => /\bturbo(\.mjs)? run\b/.test(command));
    expect(turboScripts.length).toBeGreaterThan(3);
    for (const [name, command] of turboScripts) {
      for (const part of command.split('&&').filter((p) => /\bturbo(\.mjs)? run\b/.test(p))) {
        expect(part.trim(), name).toMatch(/^node tooling\/config\/turbo\.mjs run /);
      }
    }
    // turbo.mjs sets it for turbo (planted: without it, the fresh-home test below prints the notice).
    expect(readFileSync(path.join(root, 'tooling/config/turbo.mjs'), 'utf8')).toMatch(/TURBO_TELEMETRY_DISABLED: '1'/);
    // `VAR=1 cmd` in the packages' scripts works on Windows through pnpm's shell emulator.
    expect(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')).toMatch(/^shellEmulator: true$/m);
  });

  it('a first run with a fresh home prints no telemetry notice', { timeout: 120_000 }, () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'relic3d-home-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: path.join(home, '.config') };
      for (const key of Object.keys(env)) if (/^(npm_|TURBO_)/i.test(key)) delete env[key];
      const result = spawnSync(process.execPath, [pnpm, 'run', 'typecheck', '--dry=json'], { cwd: root, env, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/anonymous telemetry/i);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a build waits for its dependencies’ builds and for no devDependency’s (gltf and three build right after core)', () => {
    const tasks = dryRun<DryTask>(['build']).tasks;
    expect(buildDependencyProblems(tasks)).toEqual([]);
    expect(tasks.find((t) => t.taskId === '@relic3d/gltf#build')?.dependencies).toEqual(['@relic3d/core#build']);
    // Planted: `^build` in gltf (its tests' formats are devDependencies), and a build that lost a dependency.
    const padded = tasks.map((t) => (t.taskId === '@relic3d/gltf#build' ? { ...t, dependencies: [...t.dependencies, '@relic3d/ms3d#build'] } : t));
    expect(buildDependencyProblems(padded)).toEqual(['@relic3d/gltf#build waits for @relic3d/ms3d#build, not a dependency']);
    const cut = tasks.map((t) => (t.taskId === '@relic3d/ms3d#build' ? { ...t, dependencies: ['@relic3d/core#build'] } : t));
    expect(buildDependencyProblems(cut)).toEqual(['@relic3d/ms3d#build does not wait for @relic3d/kernels#build']);
  });

  it('no build reads its own output: generated sources and dist are not inputs', { timeout: 120_000 }, () => {
    const tasks = dryRun<DryTask>(['build']).tasks;
    const kernels = tasks.find((t) => t.taskId === '@relic3d/kernels#build');
    expect(kernels?.outputs).toContain('src/generated/**');
    expect(Object.keys(kernels?.inputs ?? {})).toContain('assembly/index.ts');
    for (const task of tasks) {
      const own = Object.keys(task.inputs).filter((file) => /^(src\/generated|dist|build)\//.test(file));
      expect(own, task.taskId).toEqual([]);
    }
  });
});
