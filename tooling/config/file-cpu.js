// Per test file CPU (issue #30: where a suite's CPU goes), on only when RELIC3D_FILE_CPU names a log.
// A setup file runs before each test file is imported, isolate: false or not, so the span from here
// to the file's last afterAll holds its import, collection and tests; it counts the worker's own CPU
// and that of the children it waited for (spawnSync'd CLIs, Blender), from /proc/self/stat. Processes
// nobody waits for (Chromium's renderer and GPU) are not counted here: run such a file alone under
// reap-all.py. Each line: `file|cpu s|wall s|import-first` (the first file of a worker pays the
// shared imports).
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { childrenCpu } from './children-cpu.js';

const log = process.env.RELIC3D_FILE_CPU;
const root = path.resolve(import.meta.dirname, '../..');

const globalKey = Symbol.for('relic3d.file-cpu.files');
if (log) {
  const g = /** @type {Record<symbol, number>} */ (globalThis);
  const first = !g[globalKey];
  g[globalKey] = (g[globalKey] ?? 0) + 1;
  const cpu0 = process.cpuUsage();
  const children0 = childrenCpu();
  const wall0 = performance.now();
  const file = expect.getState().testPath ?? '?';
  afterAll(() => {
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1e6 + (childrenCpu() - children0);
    appendFileSync(log, `${path.relative(root, file)}|${cpu.toFixed(3)}|${((performance.now() - wall0) / 1000).toFixed(3)}|${first ? 'first' : ''}\n`);
  });
}
