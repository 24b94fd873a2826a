/** WASM vs TypeScript parse timings for the stats panel (used by the worker; no DOM, no globals). */

export type KernelPath = 'wasm' | 'js';

export interface PathTiming {
  /** Medians of the timed runs, in ms. */
  wasmMs: number;
  jsMs: number;
  runs: number;
  /** Parses averaged per timed run (tiny files repeat until a run outlasts the timer's resolution). */
  repeat: number;
  /** Each timed run, in order (run k of both paths form a pair). */
  wasmRuns: number[];
  jsRuns: number[];
}

export interface BenchmarkOptions {
  /** Rough time to spend on the timed runs. */
  budgetMs: number;
  /** False once a newer file has arrived: the benchmark stops and resolves to undefined. */
  isCurrent: () => boolean;
  now?: () => number;
  /** Lets other messages in between runs. */
  pause?: () => Promise<void>;
}

export const MAX_RUNS = 9;
/** One timed run repeats a fast parse until it lasts this long. */
export const SAMPLE_MS = 5;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Fair timings of one file on both kernel paths. The first parse of a file pays for JIT compilation
 * of the parser and the TypeScript kernels and for the WASM instance's first calls, so the caller
 * does not compare it: here each path is parsed once more to warm up, then timed `runs` times, alternating which path goes first (so neither always inherits the other's
 * garbage), and the medians are returned (undefined for a budget of 0). The WASM module must be instantiated before (`ready()`).
 */
export async function benchmarkPaths(parseWith: (kernels: KernelPath) => Promise<unknown>, options: BenchmarkOptions): Promise<PathTiming | undefined> {
  // No budget (the viewer's ?timing=off): no runs at all, not even the warm-ups.
  if (!(options.budgetMs > 0)) return undefined;
  const now = options.now ?? (() => performance.now());
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const once = async (kernels: KernelPath, repeat = 1) => {
    const t0 = now();
    for (let i = 0; i < repeat; i++) await parseWith(kernels);
    return (now() - t0) / repeat;
  };
  // Warm-up, one per path. The TypeScript one is that path's first parse, JIT and all, so its time
  // only sizes the repeats of a tiny file; the number of runs is sized from the first timed run.
  const warmWasm = await once('wasm');
  await pause();
  if (!options.isCurrent()) return undefined;
  const warmJs = await once('js');
  const repeat = Math.max(1, Math.min(50, Math.ceil(SAMPLE_MS / Math.max(Math.min(warmWasm, warmJs), 0.01))));
  const times: Record<KernelPath, number[]> = { wasm: [], js: [] };
  let runs = 1;
  for (let k = 0; k < runs; k++) {
    await pause();
    if (!options.isCurrent()) return undefined;
    const order: KernelPath[] = k % 2 ? ['js', 'wasm'] : ['wasm', 'js'];
    for (const kernels of order) times[kernels].push(await once(kernels, repeat));
    if (k === 0) {
      // A median needs three runs; only a file whose single run exceeds the budget gets one.
      const perRun = Math.max(times.wasm[0] + times.js[0], 0.01) * repeat;
      runs = perRun > options.budgetMs ? 1 : Math.max(3, Math.min(MAX_RUNS, Math.floor(options.budgetMs / perRun)));
    }
  }
  return { wasmMs: median(times.wasm), jsMs: median(times.js), runs, repeat, wasmRuns: times.wasm, jsRuns: times.js };
}

/** What the panel may say about TS ÷ WASM. */
export type Comparison =
  /** Too few runs for a spread: no ratio is shown. */
  | { kind: 'single' }
  /** The paired runs disagree by more than 2× among themselves: the figure would be noise. */
  | { kind: 'unsteady'; low: number; high: number }
  /** The spread includes 1×: neither path is clearly faster. */
  | { kind: 'even'; ratio: number; low: number; high: number }
  | { kind: 'ratio'; ratio: number; low: number; high: number };

/** Largest spread (high ÷ low of the paired ratios) that still makes a figure worth showing. */
export const MAX_SPREAD = 2;

/**
 * TS ÷ WASM with its spread over the paired runs (run k of each path ran back to back). On a small
 * file the paths differ by less than the noise of a busy machine, so the figure is shown only when
 * the pairs agree.
 */
export function compareTimings(timing: Pick<PathTiming, 'wasmRuns' | 'jsRuns' | 'runs'>): Comparison {
  if (timing.runs < 3) return { kind: 'single' };
  const ratios = timing.jsRuns.map((js, k) => js / Math.max(timing.wasmRuns[k], 1e-6)).sort((a, b) => a - b);
  const low = ratios[0], high = ratios[ratios.length - 1];
  if (high / low > MAX_SPREAD) return { kind: 'unsteady', low, high };
  const ratio = median(ratios);
  return low <= 1 && high >= 1 ? { kind: 'even', ratio, low, high } : { kind: 'ratio', ratio, low, high };
}
