// Test-only: the CLI run in-process, and fresh temporary folders.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../src/cli.js';

/** A new empty folder under the system's temp folder. */
export const tmp = (name: string) => mkdtempSync(path.join(os.tmpdir(), `relic3d-${name}-`));

/** Runs the CLI with `argv` (not a TTY) and returns its exit code and what it printed. */
export async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), isTTY: false });
  return { code, stdout, stderr };
}
