import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as a terminal shows them (only with `merge`). */
  output: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Send stdout and stderr to one file, so their order is kept (`output`). */
  merge?: boolean;
}

/**
 * The environment of a child that must behave as in a user's shell: no npm/pnpm script variables
 * (pnpm sets npm_config_* for scripts, which npm would obey), no colours.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|VITEST|TEST$|NODE_OPTIONS$|FORCE_COLOR$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs a program without a shell; never rejects (the result says how it ended). */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const mergedFile = options.merge ? path.join(os.tmpdir(), `relic3d-run-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.log`) : '';
  const mergedFd = options.merge ? openSync(mergedFile, 'w') : -1;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? userEnv(),
      stdio: options.merge ? ['ignore', mergedFd, mergedFd] : ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let done = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      let output = '';
      if (options.merge) {
        closeSync(mergedFd);
        output = readFileSync(mergedFile, 'utf8');
        rmSync(mergedFile, { force: true });
        stdout = output;
      }
      if (error) stderr += `\n${error.message}`;
      if (signal === 'SIGKILL') stderr += `\n(killed after ${timeoutMs} ms)`;
      resolve({ code, signal, stdout, stderr, output });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal));
  });
}

/** A readable account of a run, for assertion messages. */
export function describeRun(what: string, result: RunResult): string {
  return `${what} exited ${result.code ?? result.signal}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}
