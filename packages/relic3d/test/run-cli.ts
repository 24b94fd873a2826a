// Test-only: the CLI run in-process, and fresh temporary folders.
import { runCli } from '../src/cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

/** A new empty folder in the temporary folder, removed after the test file (scratchFolder). */
export const tmp = (name: string) => scratchFolder(name);

/** Runs the CLI with `argv` (not a TTY) and returns its exit code and what it printed. */
export async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), isTTY: false });
  return { code, stdout, stderr };
}
