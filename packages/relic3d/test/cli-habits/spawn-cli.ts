// Test-only: the built `relic3d` bin in a child process, with bytes on stdin and stdout kept as bytes,
// and its in-process twin (the same runCli, the same result) for cases whose I/O a spawn already covers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../src/cli.js';

export const bin = path.resolve(import.meta.dirname, '../../bin/relic3d.js');

export interface SpawnResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs `relic3d ...argv` in `cwd` with `stdin` (default: empty) and collects what it prints. */
export function spawnCli(argv: string[], options: { cwd?: string; stdin?: Uint8Array } = {}): Promise<SpawnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...argv], { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
    // A command that never reads stdin may close it first: that is not an error of the test.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? new Uint8Array(0));
  });
}

/**
 * `relic3d ...argv` in this process (no child: ~0.3 CPU-s less each): stdin given as bytes, text and
 * binary output collected in order as the bin's streams would carry them. With `cwd`, the process runs
 * in that folder for the call (relative names and patterns resolve there) and returns to its own.
 */
export async function inProcessCli(argv: string[], options: { cwd?: string; stdin?: Uint8Array } = {}): Promise<SpawnResult> {
  const out: Buffer[] = [];
  let stderr = '';
  const home = process.cwd();
  if (options.cwd) process.chdir(options.cwd);
  try {
    const code = await runCli(argv, {
      out: (t) => void out.push(Buffer.from(t, 'utf8')),
      err: (t) => void (stderr += t),
      isTTY: false,
      stdoutIsTTY: false,
      readIn: async () => options.stdin ?? new Uint8Array(0),
      writeOut: async (bytes) => void out.push(Buffer.from(bytes)),
    });
    return { code, stdout: Buffer.concat(out), stderr };
  } finally {
    process.chdir(home);
  }
}

/** The text of stdout, for commands that print text. */
export const text = (r: SpawnResult) => r.stdout.toString('utf8');
