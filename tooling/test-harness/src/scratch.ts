import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Shared with tooling/config/temp-guard.js, which removes these after each test file. */
const SCRATCH = Symbol.for('relic3d.scratch-folders');

/**
 * A fresh folder `relic3d-<name>-XXXXXX` in the temporary folder, removed after the test file (by
 * tooling/config/temp-guard.js, every project's setup file), so no test leaves it behind.
 */
export function scratchFolder(name: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), `relic3d-${name}-`));
  const g = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  (g[SCRATCH] ??= new Set()).add(folder);
  return folder;
}
