// The pnpm shim turbo's tasks run through (tooling/config/bin/pnpm, run-script.mjs) and turbo.mjs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM tool without declarations
import { plainScript, realPnpm, SHIM_FOLDER } from '../run-script.mjs';

const root = path.resolve(__dirname, '../../..');
const shim = path.join(root, 'tooling/config/bin/pnpm');
const rootBin = path.join(root, 'node_modules/.bin');
const work = mkdtempSync(path.join(os.tmpdir(), 'relic3d-run-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A package folder with these scripts and an executable `hello` in its node_modules/.bin. */
function packageWith(name: string, scripts: Record<string, string>): string {
  const folder = path.join(work, name);
  mkdirSync(path.join(folder, 'node_modules/.bin'), { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: `@t/${name}`, version: '1.2.3', scripts }));
  const hello = path.join(folder, 'node_modules/.bin/hello');
  writeFileSync(hello, '#!/bin/sh\necho "hello from $npm_package_name $npm_lifecycle_event $PNPM_SCRIPT_SRC_DIR"\n');
  chmodSync(hello, 0o755);
  return folder;
}

const shimEnv = (): NodeJS.ProcessEnv => ({ ...process.env, PATH: [SHIM_FOLDER, rootBin, process.env.PATH].join(path.delimiter) });

describe('the pnpm shim', () => {
  it('runs only the plain `run <script>` turbo uses; flags, extra arguments, hooks and other commands go to pnpm', () => {
    const folder = packageWith('plain', { test: 'vitest run', build: 'tsup', prebuild: 'echo x' });
    expect(plainScript(['run', 'test'], folder)).toMatchObject({ name: 'test', command: 'vitest run' });
    expect(plainScript(['run', 'test', '--watch'], folder)).toBeNull();
    expect(plainScript(['run', '--filter', 'x'], folder)).toBeNull();
    expect(plainScript(['run', 'missing'], folder)).toBeNull();
    expect(plainScript(['run', 'build'], folder)).toBeNull();
    expect(plainScript(['install'], folder)).toBeNull();
    expect(plainScript(['run', 'test'], work)).toBeNull();
  });

  it('runs a script as pnpm does: its package’s bin on PATH, npm_* set, its exit status and output kept', () => {
    const folder = packageWith('runs', { greet: 'hello && exit 7' });
    const run = spawnSync(shim, ['run', 'greet'], { cwd: folder, env: shimEnv(), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(7);
    expect(run.stdout.trim()).toBe(`hello from @t/runs greet ${folder}`);
    // The same through the real pnpm: same output line, same status.
    const real = spawnSync(path.join(rootBin, 'pnpm'), ['run', '--silent', 'greet'], { cwd: folder, env: process.env, encoding: 'utf8' });
    expect(real.status).toBe(7);
    expect(real.stdout.trim()).toBe(run.stdout.trim());
  });

  it('hands anything else to the real pnpm, never to itself', () => {
    expect(realPnpm([SHIM_FOLDER, rootBin].join(path.delimiter))).toBe(path.join(rootBin, 'pnpm'));
    expect(realPnpm(SHIM_FOLDER)).toBeNull();
    const version = spawnSync(shim, ['--version'], { cwd: work, env: shimEnv(), encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(/^10\.\d+\.\d+$/);
    // A wrapper named pnpm first on PATH (task-cpu.mjs's) names the real one instead.
    const named = path.join(work, 'named-pnpm');
    writeFileSync(named, '#!/bin/sh\necho "named $*"\n');
    chmodSync(named, 0o755);
    const viaNamed = spawnSync(shim, ['install', '--offline'], { cwd: work, env: { ...shimEnv(), RELIC3D_REAL_PNPM: named }, encoding: 'utf8' });
    expect(viaNamed.stdout.trim()).toBe('named install --offline');
  });

  it('turbo.mjs starts turbo with its arguments, telemetry off and the shim first on PATH; RELIC3D_PNPM_SHIM=0 leaves PATH alone', () => {
    const fakeBin = path.join(work, 'fake-turbo');
    mkdirSync(fakeBin, { recursive: true });
    writeFileSync(path.join(fakeBin, 'turbo'), '#!/bin/sh\necho "$TURBO_TELEMETRY_DISABLED|${PATH%%:*}|$*"\nexit 4\n');
    chmodSync(path.join(fakeBin, 'turbo'), 0o755);
    const turbo = (extra: NodeJS.ProcessEnv) => spawnSync(process.execPath, [path.join(root, 'tooling/config/turbo.mjs'), 'run', 'test', '--concurrency=3'], {
      cwd: root, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '', PATH: `${fakeBin}${path.delimiter}${process.env.PATH}`, ...extra }, encoding: 'utf8',
    });
    const shimmed = turbo({});
    expect(shimmed.status).toBe(4);
    expect(shimmed.stdout.trim()).toBe(`1|${SHIM_FOLDER}|run test --concurrency=3`);
    expect(turbo({ RELIC3D_PNPM_SHIM: '0' }).stdout.trim()).toBe(`1|${fakeBin}|run test --concurrency=3`);
  });
});
