// Peak memory of one parse, as the fuzzer's budget measures it (tooling/fuzz/src/measure.ts): V8's
// used heap plus external memory (ArrayBuffers), read before every GC during the call and at its end.
// Vitest runs each test file in its own child process, so a suite of these measures one parse at a time.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  const s = v8.getHeapStatistics();
  return s.used_heap_size + s.external_memory;
};

/** Growth of heap + external memory at its highest while `body` runs (after a full GC first). */
export async function peakMemory(body: () => unknown): Promise<number> {
  gc();
  const start = heap();
  const profiler = new v8.GCProfiler();
  profiler.start();
  await body();
  let peak = heap();
  for (const s of profiler.stop().statistics) {
    const h = s.beforeGC.heapStatistics as { usedHeapSize: number; externalMemory: number };
    peak = Math.max(peak, h.usedHeapSize + h.externalMemory);
  }
  return peak - start;
}

/** The hostile-input memory budget of an n-byte input: 8 × n + 64 MB. */
export const memoryBudget = (bytes: number) => 8 * bytes + 64 * 1048576;
