// Time and peak memory of one call. Time is wall-clock and CPU time (user + system, all threads):
// budgets use CPU time, which other processes on a shared machine barely change. Memory is V8's
// used heap plus external memory (ArrayBuffer
// backing stores): read at the start, just before every GC during the call (v8.GCProfiler), and
// at the end. Between collections memory only grows, so the largest reading is the peak. Whenever
// garbage has piled up, a GC runs first, so older garbage is not counted against the call: a minor
// one (most of it is young), and a full one only if that left the heap over the slack still (a
// full GC per 4 MB was 26% of the glTF child's CPU).
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

const heap = () => {
  const s = v8.getHeapStatistics();
  return s.used_heap_size + s.external_memory;
};

/** Heap level after the last full collection. */
let settled = 0;
/** Garbage allowed before the next full collection (bounds the error of a mid-call collection). */
const SLACK = 4 << 20;

export interface Measured<T> {
  value?: T;
  error?: unknown;
  ms: number;
  cpuMs: number;
  peak: number;
}

/** Runs `body`, measuring its wall-clock time and peak memory growth; errors are returned, not thrown. */
export async function measure<T>(body: () => Promise<T> | T): Promise<Measured<T>> {
  if (heap() > settled + SLACK) {
    gc({ type: 'minor' });
    if (heap() > settled + SLACK) {
      gc();
      settled = heap();
    }
  }
  const profiler = new v8.GCProfiler();
  const start = heap();
  profiler.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let value: T | undefined;
  let error: unknown;
  try {
    value = await body();
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  let peak = heap();
  const report = profiler.stop();
  for (const s of report.statistics) {
    const h = s.beforeGC.heapStatistics as { usedHeapSize: number; externalMemory: number };
    peak = Math.max(peak, h.usedHeapSize + h.externalMemory);
  }
  return { value, error, ms, cpuMs: (cpu.user + cpu.system) / 1000, peak: Math.max(0, peak - start) };
}
