// Peak memory of one call, as the fuzzer's budget measures it (tooling/fuzz/src/measure.ts): V8's
// used heap plus external memory (ArrayBuffers), read before every GC during the call and at its end,
// above the level at the start. Each vitest worker (a child process) runs one test file at a time and
// its tests in order, so a suite of these measures one call at a time.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  const s = v8.getHeapStatistics();
  return s.used_heap_size + s.external_memory;
};

/** `body`'s outcome (value or error) and its peak memory growth in bytes (after a full GC first). */
export async function peakOf<T>(body: () => Promise<T> | T): Promise<{ value?: T; error?: unknown; peak: number }> {
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

/** Growth of heap + external memory at its highest while `body` runs; its error is rethrown. */
export async function peakMemory(body: () => unknown): Promise<number> {
  const { error, peak } = await peakOf(body);
  if (error !== undefined) throw error;
  return peak;
}

/** The hostile-input memory budget of an n-byte input: 8 × n + 64 MB. */
export const memoryBudget = (bytes: number) => 8 * bytes + 64 * 1048576;
