// Worker threads run the *built* packages (a worker cannot load .ts), while tests run from sources.
// Before a test starts workers, the batch package and every package its workers import are rebuilt
// when a source file is newer than that package's build, so workers never run stale code.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const packages = path.resolve(import.meta.dirname, '../..');
const repo = path.resolve(packages, '..');
/** What the convert worker loads (batch and its workspace dependencies), and the relic3d bin. */
const WORKER_PACKAGES = ['core', 'kernels', 'ms3d', 'ase', 'o3d', 'mdl', 'lod', 'formats', 'res', 'gltf', 'batch', 'relic3d'];

function newest(dir: string): number {
  let most = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) most = Math.max(most, newest(full));
    else if (!/\.test\.ts$/.test(entry.name)) most = Math.max(most, statSync(full).mtimeMs);
  }
  return most;
}

function stale(name: string): boolean {
  const built = path.join(packages, name, 'dist', 'index.js');
  if (!existsSync(built)) return true;
  const sources = Math.max(newest(path.join(packages, name, 'src')), statSync(path.join(packages, name, 'package.json')).mtimeMs);
  return sources > statSync(built).mtimeMs;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The built convert worker, rebuilt first (turbo, with its dependencies) when any source is newer.
 * Test files run in parallel: one builds at a time (a lock folder), the others wait and look again.
 */
export function ensureBuilt(): string {
  const worker = path.join(packages, 'batch', 'dist', 'convert-worker.js');
  const needed = () => !existsSync(worker) || WORKER_PACKAGES.some(stale);
  if (!needed()) return worker;
  const lock = path.join(os.tmpdir(), `relic3d-build-lock-${createHash('sha1').update(repo).digest('hex').slice(0, 12)}`);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the deadline belongs to a run that died.
      if (Date.now() > deadline || Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      else sleep(250);
    }
  }
  try {
    if (needed()) execFileSync('npx', ['turbo', 'run', 'build', '--filter=@relic3d/batch...', '--filter=relic3d', '--output-logs=errors-only'], { cwd: repo, stdio: 'ignore' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return worker;
}

/** Threads of this process (Linux), to check that no worker is left behind. */
export function threadCount(): number | undefined {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const m = /Threads:\s+(\d+)/.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until `check` holds (polling), or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
