#!/usr/bin/env node
// The root scripts' turbo: telemetry off (issue #30: its notice greeted every first run) and, on
// POSIX, bin/pnpm first on PATH, so each task's `pnpm run <script>` skips pnpm's own start
// (run-script.mjs). RELIC3D_PNPM_SHIM=0 runs every task through the real pnpm.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SHIM_FOLDER } from './run-script.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
// Windows looks for pnpm.cmd, which this folder does not have: the shim is POSIX only.
if (process.platform !== 'win32' && env.RELIC3D_PNPM_SHIM !== '0') env.PATH = `${SHIM_FOLDER}${path.delimiter}${env.PATH ?? ''}`;
const turbo = spawn('turbo', process.argv.slice(2), { stdio: 'inherit', env, shell: process.platform === 'win32' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => turbo.kill(signal));
turbo.on('error', (error) => {
  process.stderr.write(`turbo.mjs: ${error.message} (run it through pnpm, which puts node_modules/.bin on PATH)\n`);
  process.exit(1);
});
turbo.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
