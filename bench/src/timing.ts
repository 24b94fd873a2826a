import { readFileSync } from 'node:fs';
/** Timing helpers. Kernels: warm up, then the best of several runs; parse and memcpy: warm up, then medians. */
export function time(fn: () => unknown, runs = 5, minMs = 20): number {
  fn(); // warm-up (JIT, WASM memory growth)
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    let reps = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      fn();
      reps++;
      elapsed = performance.now() - start;
    } while (elapsed < minMs);
    best = Math.min(best, elapsed / reps);
  }
  return best;
}

/**
 * Times several variants of one job interleaved (round robin), so a busy shared machine disturbs
 * them alike; returns the best time of each, in ms per call.
 */
export function timeInterleaved(fns: (() => unknown)[], rounds = 7, minMs = 15): number[] {
  const best = fns.map(() => Infinity);
  fns.forEach((fn) => fn());
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => (best[i] = Math.min(best[i], cpuPerCall(fn, minMs))));
  }
  return best;
}

/** CPU ms of one call, repeated until `minMs` has passed (for work that can take under a millisecond). */
export function cpuPerCall(fn: () => unknown, minMs = 10): number {
  let reps = 0;
  const start = cpuMs();
  let elapsed = 0;
  do {
    fn();
    reps++;
    elapsed = cpuMs() - start;
  } while (elapsed < minMs);
  return elapsed / reps;
}

/**
 * CPU time of this process in ms (user + system). Single-threaded jobs are timed by CPU time, so
 * other load on a shared machine does not skew the ratios; wall time where threads are involved.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export async function timeAsync(fn: () => Promise<unknown>, runs = 3): Promise<number> {
  await fn();
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    await fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Seeded PRNG (the harness's mulberry32), so generated inputs are the same on every run. */
export { rng } from '@relic3d/test-harness';

/** Median of a list of samples (the middle one, or the mean of the two middle ones). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * A plain `Uint8Array.set` copy of `bytes`, in wall ms: the median of `runs` timed copies after
 * `warm` untimed ones, into one preallocated destination (`preallocated`) and into a fresh
 * allocation each time (`fresh`, which adds the page faults of touching new memory, as a parser that
 * allocates its output pays them).
 */
export function timeCopy(bytes: Uint8Array, runs = 31, warm = 5): { preallocated: number; fresh: number; preallocatedSamples: number[]; freshSamples: number[] } {
  const target = new Uint8Array(bytes.length);
  const pre: number[] = [];
  const fresh: number[] = [];
  let sink = 0;
  for (let i = 0; i < warm; i++) {
    target.set(bytes);
    sink += new Uint8Array(bytes.length).length;
  }
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    target.set(bytes);
    pre.push(performance.now() - t);
    t = performance.now();
    const dest = new Uint8Array(bytes.length);
    dest.set(bytes);
    fresh.push(performance.now() - t);
    sink += dest[dest.length - 1] | 0;
  }
  if (sink === -1) console.log(sink); // keeps the copies observable
  return { preallocated: median(pre), fresh: median(fresh), preallocatedSamples: pre, freshSamples: fresh };
}

export const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

/** A path to time: its name, its work, and optionally its own CPU measure (ms per call) for work too short to time once. */
export type TimedPath = readonly [name: string, run: () => unknown, measure?: (run: () => unknown) => number];

/** How `interleavedCpu` treats the heap between timed calls. */
export interface InterleaveOptions {
  /**
   * A full GC before each timed call (the default, as the benches ran before). It makes each call
   * pay no one else's garbage, but V8 then drops the OSR code of once-per-call functions with hot
   * loops and recompiles it on a helper thread while the main thread interprets, which made WASM ÷
   * 'js' on identical code swing 0.38–2.0× between processes (issue 25, `gc-probe.ts`). `false`
   * leaves the heap alone: garbage lands on whichever call follows, which the alternating order and
   * the median spread over both.
   */
  forceGc?: boolean;
  /**
   * `'thread'` times the main thread's own CPU (Linux `/proc/self/task/<pid>/schedstat`), leaving
   * out V8's helper threads (concurrent compiles and marking), whose timing varies from process to
   * process; `'process'` (the default) counts them.
   */
  cpu?: 'process' | 'thread';
}

/** The main thread's own CPU in ms (Linux); the process's elsewhere. */
export function threadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return cpuMs();
  }
}

/**
 * Median CPU ms of each path over `runs` interleaved rounds, after `warm` calls of each. The order
 * alternates, so no path always follows another's garbage; see `InterleaveOptions` for the GC.
 */
export async function interleavedCpu(paths: readonly TimedPath[], runs: number, warm = 2, options: InterleaveOptions = {}): Promise<number[]> {
  const forceGc = options.forceGc ?? true;
  const now = options.cpu === 'thread' ? threadCpuMs : cpuMs;
  for (const [, run] of paths) for (let r = 0; r < warm; r++) await run();
  const cpu: number[][] = paths.map(() => []);
  for (let r = 0; r < runs; r++) {
    const order = paths.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) {
      if (forceGc) gc();
      const [, run, measure] = paths[i];
      if (measure) cpu[i].push(measure(run));
      else {
        const c = now();
        await run();
        cpu[i].push(now() - c);
      }
    }
  }
  return cpu.map(median);
}
