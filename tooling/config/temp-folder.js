// Each test file's own temporary folder (temp-guard.js, a setup file of every project, opens and ends it).
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Folders scratchFolder made (tooling/test-harness/src/scratch.ts), removed after each file. */
const SCRATCH = Symbol.for('relic3d.scratch-folders');

/** The folders scratchFolder registered: a global, as a worker may hold several copies of its module. */
export function scratchRegistry() {
  const g = /** @type {Record<symbol, Set<string>>} */ (globalThis);
  return (g[SCRATCH] ??= new Set());
}

/** A process that ended (killed, or a file that failed to load never runs its afterAll) leaves its folder: removed here. */
function removeOrphans(/** @type {string} */ shared) {
  for (const name of readdirSync(shared)) {
    const pid = Number(/^relic3d-test-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(shared, name), { recursive: true, force: true });
  }
}

function alive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH';
  }
}

/**
 * Gives this process a fresh temporary folder (under the machine's, which RELIC3D_SHARED_TMPDIR keeps
 * for what test processes share: locks, caches). Returns the function that ends it.
 * @returns {() => void} removes the file's scratch folders, then the folder; throws naming any
 *   `relic3d-*` folder the file left behind (it is removed all the same)
 */
export function openTempFolder() {
  const shared = (process.env.RELIC3D_SHARED_TMPDIR ??= os.tmpdir());
  removeOrphans(shared);
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(path.join(shared, `relic3d-test-${process.pid}-`));
  // Open to all, sticky, as /tmp is: a test runs the CLI as 'nobody' on a folder in it.
  chmodSync(folder, 0o1777);
  process.env.TMPDIR = folder;
  return () => {
    const registry = scratchRegistry();
    for (const made of registry) rmSync(made, { recursive: true, force: true });
    registry.clear();
    const left = readdirSync(folder).filter((name) => name.startsWith('relic3d-'));
    rmSync(folder, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length > 0) throw new Error(`the test file left ${left.join(', ')} in the temporary folder: make it with scratchFolder (@relic3d/test-harness) or remove it in afterAll`);
  };
}
