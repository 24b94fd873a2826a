// Test-only: the peak memory of one call, as tooling/fuzz/src/measure.ts reads it (V8's used heap
// plus external memory, before every GC and at the end, above the level at the start). Vitest runs
// each test file in its own child process; the fuzzer measures the same inputs in its child too.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  const s = v8.getHeapStatistics();
  return s.used_heap_size + s.external_memory;
};

/** `body`'s outcome (value or error) and its peak memory growth in bytes. */
export async function peakOf<T>(body: () => Promise<T>): Promise<{ value?: T; error?: unknown; peak: number }> {
  gc();
  const profiler = new v8.GCProfiler();
  const start = heap();
  profiler.start();
  let value: T | undefined;
  let error: unknown;
  try {
    value = await body();
  } catch (e) {
    error = e;
  }
  let peak = heap();
  for (const s of profiler.stop().statistics) {
    const h = s.beforeGC.heapStatistics as { usedHeapSize: number; externalMemory: number };
    peak = Math.max(peak, h.usedHeapSize + h.externalMemory);
  }
  return { value, error, peak: Math.max(0, peak - start) };
}

/** The project's memory budget for an input of n bytes (issue 15): 8 × n + 64 MB. */
export const memoryBudget = (bytes: number): number => 8 * bytes + 64 * 1048576;
