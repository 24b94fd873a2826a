// Worker threads run the *built* packages (a worker cannot load .ts), while tests run from sources.
// Under turbo (`pnpm test`), the batch and relic3d test tasks depend on the builds their workers and
// bins load (turbo.json; tooling/config/test/test-builds.test.ts), so turbo has built them from the
// current sources. Run by hand (`vitest run --project batch`), turbo is asked once per process for
// those builds: it compares the sources' content hash with its cache, so a build is rebuilt (or
// restored) exactly when its sources' content differs, which modification times could not tell.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const packages = path.resolve(import.meta.dirname, '../..');
const repo = path.resolve(packages, '..');
/** What the workers and the relic3d bin load: batch and relic3d with their workspace dependencies. */
const BUILD_FILTERS = ['--filter=@relic3d/batch...', '--filter=relic3d'];
/** The files batch's tests run: the workers and the entry the tests' own workers import. */
const BUILT_FILES = ['convert-worker.js', 'worker.js', 'node.js'].map((f) => path.join(packages, 'batch/dist', f));

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
let checked = false;

/** Runs `build` with a lock folder: test files run in parallel, one builds at a time. */
function locked(build: () => void): void {
  // The machine's temporary folder, shared by the test processes (each file has its own: temp-guard.js).
  const lock = path.join(process.env.RELIC3D_SHARED_TMPDIR ?? os.tmpdir(), `relic3d-build-lock-${createHash('sha1').update(repo).digest('hex').slice(0, 12)}`);
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
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The built convert worker, current with the sources. Under turbo (TURBO_HASH is set in its tasks)
 * the task's dependencies built it; a missing file then means turbo.json lost that dependency.
 */
export function ensureBuilt(): string {
  const worker = BUILT_FILES[0];
  if (process.env.TURBO_HASH) {
    const missing = BUILT_FILES.filter((f) => !existsSync(f));
    if (missing.length) throw new Error(`built files missing under turbo (${missing.join(', ')}): this test task must depend on their builds in turbo.json`);
    return worker;
  }
  if (!checked) {
    locked(() => execFileSync(path.join(repo, 'node_modules/.bin/turbo'), ['run', 'build', ...BUILD_FILTERS, '--output-logs=errors-only'], { cwd: repo, stdio: 'ignore', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }));
    checked = true;
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
