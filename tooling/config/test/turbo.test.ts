// Turbo as a newcomer meets it: no telemetry notice on the first run, and a build whose own output
// is not among its inputs (else a second `pnpm test` right after `pnpm viewer` rebuilds everything).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const pnpm = path.join(root, 'node_modules/pnpm/bin/pnpm.cjs');
const turbo = path.join(root, 'node_modules/.bin/turbo');

interface DryTask {
  taskId: string;
  inputs: Record<string, string>;
  outputs: string[] | null;
}

describe('turbo configuration', () => {
  it('every script that runs turbo turns its telemetry off', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    const turboScripts = Object.entries(scripts).filter(([, command]) => /\bturbo run\b/.test(command));
    expect(turboScripts.length).toBeGreaterThan(3);
    for (const [name, command] of turboScripts) {
      for (const part of command.split('&&').filter((p) => /\bturbo run\b/.test(p))) {
        expect(part.trim(), name).toMatch(/^TURBO_TELEMETRY_DISABLED=1 turbo run /);
      }
    }
    // `VAR=1 cmd` only works on Windows through pnpm's shell emulator.
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

  it('no build reads its own output: generated sources and dist are not inputs', { timeout: 120_000 }, () => {
    const dry = JSON.parse(execFileSync(turbo, ['run', 'build', '--dry=json'], { cwd: root, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }));
    const tasks: DryTask[] = dry.tasks;
    const kernels = tasks.find((t) => t.taskId === '@relic3d/kernels#build');
    expect(kernels?.outputs).toContain('src/generated/**');
    expect(Object.keys(kernels?.inputs ?? {})).toContain('assembly/index.ts');
    for (const task of tasks) {
      const own = Object.keys(task.inputs).filter((file) => /^(src\/generated|dist|build)\//.test(file));
      expect(own, task.taskId).toEqual([]);
    }
  });
});
