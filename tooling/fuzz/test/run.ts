// Runs `node fuzz.mjs` (the runner, as `pnpm fuzz` does after its build) and reads its JSON report; the
// sources are bundled once per test run (bundle-once.ts), not once per run of the fuzzer.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { scratchFolder } from '@relic3d/test-harness/scratch';
import type { FormatReport } from '../src/main.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of fuzz.mjs's bundle, made once by bundle-once.ts. */
    fuzzBundle: string;
  }
}

export const fuzzDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(fuzzDir, '../..');

export interface Run {
  status: number | null;
  output: string;
  out: string;
  reports: FormatReport[];
}

export function runFuzz(args: string[], env: Record<string, string> = {}): Run {
  const out = scratchFolder('fuzz');
  const child = spawnSync(process.execPath, [path.join(fuzzDir, 'fuzz.mjs'), '--out', out, '--quiet', ...args], {
    cwd: repoRoot,
    env: { ...process.env, RELIC3D_FUZZ_BUNDLE: inject('fuzzBundle'), ...env },
    encoding: 'utf8',
    timeout: 600_000,
  });
  const output = `${child.stdout}${child.stderr}`;
  let reports: FormatReport[] = [];
  try {
    reports = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')).reports;
  } catch {
    // no report (replay, or the run failed): the caller looks at status and output
  }
  return { status: child.status, output, out, reports };
}
