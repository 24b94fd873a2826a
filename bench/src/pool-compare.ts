// Issue 30 item 13: our WorkerPool (convertBatch) against workerpool running the same converter on
// the same folder, interleaved; CPU time of this process (all threads) and wall time, with the
// load average (the machine is shared: CPU time is the steadier measure).
//
// Alone: node --import tsx src/pool-compare.ts <dir> [--rounds=2] [--jobs=2]
import { createRequire } from 'node:module';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertBatch, planOutputs, scanFolder, type ConvertResult, type ConvertSettings } from '@relic3d/batch/node';
import { fmt } from './timing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(createRequire(import.meta.url).resolve('@relic3d/batch/package.json'));
/** The part of workerpool's API used here (it is the batch package's dependency, not the bench's). */
interface WorkerpoolPool {
  exec(method: string, params: unknown[]): PromiseLike<unknown>;
  terminate(): Promise<unknown>;
}
const workerpool = require('workerpool') as { pool(script: string, options: Record<string, unknown>): WorkerpoolPool };

export interface PoolRun {
  pool: 'ours' | 'workerpool';
  wallMs: number;
  cpuMs: number;
  converted: number;
  loadAverage: number[];
}

async function measure(pool: PoolRun['pool'], run: (out: string) => Promise<number>): Promise<PoolRun> {
  const out = mkdtempSync(path.join(os.tmpdir(), `relic3d-pool-${pool}-`));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const converted = await run(out);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  rmSync(out, { recursive: true, force: true });
  return { pool, wallMs, cpuMs: (used.user + used.system) / 1000, converted, loadAverage: os.loadavg() };
}

/** Our pool: convertBatch as `relic3d batch` runs it. */
const ours = (dir: string, jobs: number) => (out: string) =>
  (async () => {
    let converted = 0;
    for await (const r of convertBatch(dir, { out, jobs })) if (r.status === 'converted') converted++;
    return converted;
  })();

/** workerpool: the same scan, settings and tasks (largest first), one `exec` per file. */
const theirs = (dir: string, jobs: number) => async (out: string) => {
  const real = realpathSync(out);
  const scan = scanFolder(dir, real);
  const outputs = planOutputs(scan.inputs);
  const settings: ConvertSettings = { root: scan.root, out: real, index: scan.index.toJSON() };
  const pool = workerpool.pool(path.join(here, 'pool-compare-worker.mjs'), { maxWorkers: jobs, minWorkers: jobs, workerType: 'thread', workerThreadOpts: { workerData: settings } });
  const order = scan.inputs.map((_, i) => i).filter((i) => !scan.inputs[i].error).sort((a, b) => scan.inputs[b].size - scan.inputs[a].size || a - b);
  try {
    const results = await Promise.all(order.map((i) => Promise.resolve(pool.exec('convert', [{ id: i, file: scan.inputs[i].file, output: outputs[i] }])) as Promise<ConvertResult>));
    return results.filter((r) => r.status === 'converted').length;
  } finally {
    await pool.terminate();
  }
};

export async function comparePools(dir: string, jobs = 2, rounds = 2): Promise<PoolRun[]> {
  const runs: PoolRun[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first.
    for (const which of r % 2 ? (['workerpool', 'ours'] as const) : (['ours', 'workerpool'] as const)) {
      runs.push(await measure(which, which === 'ours' ? ours(dir, jobs) : theirs(dir, jobs)));
    }
  }
  return runs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(3).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const runs = await comparePools(process.argv[2], Number(args.jobs ?? 2), Number(args.rounds ?? 2));
  for (const r of runs) console.log(`${r.pool.padEnd(10)} ${fmt(r.wallMs, 0)} ms wall, ${fmt(r.cpuMs, 0)} ms CPU, ${r.converted} converted, load ${r.loadAverage.map((l) => fmt(l)).join(' / ')}`);
}
