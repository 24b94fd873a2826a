#!/usr/bin/env node
// The root scripts' turbo: telemetry off (issue #30: its notice greeted every first run) and, on
// POSIX, bin/pnpm first on PATH, so each task's `pnpm run <script>` skips pnpm's own start
// (run-script.mjs). RELIC3D_PNPM_SHIM=0 runs every task through the real pnpm.
import path from 'node:path';
import { runAndExit, SHIM_FOLDER } from './run-script.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
// Windows looks for pnpm.cmd, which this folder does not have: the shim is POSIX only.
if (process.platform !== 'win32' && env.RELIC3D_PNPM_SHIM !== '0') env.PATH = `${SHIM_FOLDER}${path.delimiter}${env.PATH ?? ''}`;
// turbo is found on PATH: pnpm puts node_modules/.bin there for the root scripts.
runAndExit('turbo', process.argv.slice(2), { env, shell: process.platform === 'win32' });
