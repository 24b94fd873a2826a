// Where a batch's time goes: convertBatch in this process (the built @relic3d/batch), with the
// pool's own accounting: per worker its boot (spawn → warmed up), busy time inside tasks and idle
// time (waiting for a task, a message or a CPU), the chunk size, the main thread's CPU and the
// time it spends on messages, and the read / parse / export / write split of the workers' work.
//
// Alone: node --import tsx src/batch-profile.ts <dir> [--jobs=2] [--prefetch=3]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertBatch, type PoolStats } from '@relic3d/batch/node';
import { fmt } from './timing.js';

export interface BatchProfile {
  jobs: number;
  prefetch: number;
  files: number;
  converted: number;
  wallMs: number;
  /** CPU ms of this process, all threads. */
  cpuMs: number;
  /** CPU ms of the main thread alone (Linux), and of it in message handling. */
  mainThreadCpuMs?: number;
  mainThreadMessageMs: number;
  /** Sums over the files, measured inside the workers. */
  readMs: number;
  parseMs: number;
  exportMs: number;
  writeMs: number;
  workers: PoolStats['workers'];
  loadAverage: number[];
}

/** CPU ms of this process's main thread (Linux: /proc/self/task/<pid>/stat, in clock ticks of 10 ms). */
function mainThreadCpu(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function profileBatch(dir: string, jobs: number, prefetch?: number, warmUp = false): Promise<BatchProfile & { warmUp: boolean }> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'relic3d-profile-'));
  let stats: PoolStats = { workers: [], mainThreadMessageMs: 0 };
  const profile = { files: 0, converted: 0, readMs: 0, parseMs: 0, exportMs: 0, writeMs: 0 };
  const main = mainThreadCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for await (const r of convertBatch(dir, { out, jobs, prefetch, warmUp, onStats: (s) => (stats = s) })) {
    profile.files++;
    if (r.status === 'converted') profile.converted++;
    profile.readMs += r.ms.read;
    profile.parseMs += r.ms.parse;
    profile.exportMs += r.ms.export;
    profile.writeMs += r.ms.write;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const mainAfter = mainThreadCpu();
  rmSync(out, { recursive: true, force: true });
  return {
    jobs,
    warmUp,
    prefetch: prefetch ?? 7,
    ...profile,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    mainThreadCpuMs: main !== undefined && mainAfter !== undefined ? mainAfter - main : undefined,
    mainThreadMessageMs: stats.mainThreadMessageMs,
    workers: stats.workers,
    loadAverage: os.loadavg(),
  };
}

/** CPU by thread: the main thread, each worker's own (boot, then tasks), and the rest (V8's GC and compiler threads, libuv's pool). */
function threadSplit(p: BatchProfile): string[] {
  const workers = p.workers.map((w) => w.cpuMs);
  if (p.mainThreadCpuMs === undefined || workers.some((c) => c === undefined)) return [];
  const inWorkers = workers.reduce((a, b) => a! + b!, 0)!;
  const boot = p.workers.reduce((a, w) => a + (w.bootCpuMs ?? 0), 0);
  const rest = p.cpuMs - p.mainThreadCpuMs - inWorkers;
  const pct = (ms: number) => `${fmt((ms / p.cpuMs) * 100, 0)}%`;
  return [
    `  - CPU by thread: main ${fmt(p.mainThreadCpuMs, 0)} ms (${pct(p.mainThreadCpuMs)}), workers ${fmt(inWorkers, 0)} ms (${pct(inWorkers)}; of which boot ${fmt(boot, 0)}), V8 GC/compiler + libuv threads ${fmt(rest, 0)} ms (${pct(rest)})`,
  ];
}

/** Markdown lines for one profile. */
export function describeProfile(p: BatchProfile & { warmUp?: boolean }): string[] {
  const work = p.readMs + p.parseMs + p.exportMs + p.writeMs;
  const share = (ms: number) => `${fmt((ms / work) * 100, 0)}%`;
  return [
    `- jobs ${p.jobs}, prefetch ${p.prefetch}${p.warmUp ? ', warm-up' : ''}: ${p.converted}/${p.files} converted in ${fmt(p.wallMs, 0)} ms wall, ${fmt(p.cpuMs, 0)} ms CPU (CPU ÷ wall ${fmt(p.cpuMs / p.wallMs)}), load ${p.loadAverage.map((l) => fmt(l)).join(' / ')}`,
    `  - workers' work ${fmt(work, 0)} ms: read ${share(p.readMs)}, parse ${share(p.parseMs)}, export ${share(p.exportMs)}, write ${share(p.writeMs)}`,
    `  - main thread: ${p.mainThreadCpuMs !== undefined ? `${fmt(p.mainThreadCpuMs, 0)} ms CPU` : 'CPU unknown'}, of which ${fmt(p.mainThreadMessageMs, 0)} ms in messages`,
    ...threadSplit(p),
    ...p.workers.map(
      (w, i) =>
        `  - worker ${i}: boot ${fmt(w.bootMs, 0)} ms (warm-up ${fmt(w.warmMs, 0)}${w.bootCpuMs !== undefined ? `; ${fmt(w.bootCpuMs, 0)} ms CPU` : ''}), ${w.cpuMs !== undefined ? `${fmt(w.cpuMs, 0)} ms CPU in all, ` : ''}busy ${fmt(w.busyMs, 0)} ms, idle ${fmt(w.idleMs, 0)} ms (${fmt(w.startWaitMs, 0)} before its first file, ${fmt(w.tailMs, 0)} after its last), ${w.tasks} tasks in ${w.messages} messages (${fmt(w.tasks / Math.max(1, w.messages), 1)} per message)`,
    ),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(3).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const dir = process.argv[2];
  const prefetch = args.prefetch !== undefined ? Number(args.prefetch) : undefined;
  const warm = (args.warm ?? 'false').split(',').map((w) => w === 'true');
  for (const jobs of (args.jobs ?? '2').split(',').map(Number)) for (const w of warm) console.log(describeProfile(await profileBatch(dir, jobs, prefetch, w)).join('\n'));
}
