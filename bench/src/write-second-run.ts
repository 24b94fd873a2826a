// Times paths the way the write bench does (write.ts): each round forces a full GC, then runs a path
// twice and keeps the second run, so V8's recompiling of hot loops after the GC (which lands in the
// first run) is left out. Paths take turns, the order reversed every other round. Both clocks: the
// process's CPU (helper threads too: concurrent GC, compiler) and the main thread's own.
import { cpuMs, gc, median, threadCpuMs } from './timing.js';

export interface SecondRunCpu {
  /** Median process CPU ms of each path. */
  process: number[];
  /** Median main-thread CPU ms of each path. */
  thread: number[];
}

export async function secondRunCpu(paths: readonly (readonly [string, () => unknown])[], rounds: number, warmup = 1): Promise<SecondRunCpu> {
  const process: number[][] = paths.map(() => []), thread: number[][] = paths.map(() => []);
  for (let r = 0; r < rounds + warmup; r++) {
    const order = paths.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) {
      gc();
      await paths[i][1]();
      const c = cpuMs(), t = threadCpuMs();
      await paths[i][1]();
      if (r >= warmup) thread[i].push(threadCpuMs() - t), process[i].push(cpuMs() - c);
    }
  }
  return { process: process.map(median), thread: thread.map(median) };
}
