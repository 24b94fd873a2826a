/**
 * @relic3d/batch/node: converts a whole folder to .glb in worker_threads. The main thread walks the
 * folder once and schedules; each worker reads its models and their companions itself (inside
 * the folder), parses, exports and writes atomically (inside the output folder), and answers with
 * a small result. No model bytes pass through the main thread.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConverter, type ConversionOptions, type ConvertResult, type ConvertSettings, type ConvertTask } from './convert.js';
import { removeTemp } from './output.js';
import { WorkerPool, type PoolStats } from './pool.js';
import { scanFolder, type FolderScan, type ScannedFile } from './scan.js';

export { scanFolder, modelExtensions, MAX_MODEL_BYTES, SNIFF_BYTES, type FolderScan, type ScannedFile, type ScanOptions } from './scan.js';
export { createConverter, sharedOnlyCache, DEFAULT_CACHE_BYTES, type ConvertResult, type ConvertSettings, type ConvertTask, type ConversionOptions, type FormatOptions, type WarningCount } from './convert.js';
export { writeAtomic, isRelicGlb, removeTemp, tempName, OutputError, type WriteOptions } from './output.js';
export { WorkerPool, type PoolOptions, type PoolStats, type WorkerStats } from './pool.js';
export { serveTasks, serveTasksWith, threadCpuMs, type PoolMessage, type WorkerAnswer } from './pool-worker.js';
export { warmUp, warmUpScene } from './warm-up.js';

declare const __filename: string | undefined;

export interface ConvertBatchOptions extends ConversionOptions {
  /** Output folder; created when missing. The input tree is mirrored inside it. */
  out: string;
  /** Worker threads; default one per core. 0 converts on the calling thread, one file at a time. */
  jobs?: number;
  /** A scan of the folder made beforehand (`scanFolder(dir, out)`); default: scanned here. */
  scan?: FolderScan;
  /** Convert the folder's .glb/.gltf files too (the scan's `includeGltf`); ignored when `scan` is given. */
  includeGltf?: boolean;
  /** Milliseconds one file may take; past that its worker is terminated and replaced. Needs jobs ≥ 1. */
  timeout?: number;
  /** Heap limit of each worker in MiB (default 2048): a file that exhausts it fails alone. */
  maxMemoryMb?: number;
  /** Stops the batch: workers are terminated, temporary files removed, the files in flight reported as interrupted. */
  signal?: AbortSignal;
  /** Results completed ahead of the consumer before scheduling pauses; default 4 × jobs. */
  window?: number;
  /**
   * Files sent to each worker ahead of the one it runs (default 7: a worker never waits for the main
   * thread, even on a loaded machine, and gets four files per message).
   */
  prefetch?: number;
  /**
   * Also warm each worker up on one tiny model per format before its first file (default false:
   * measured, it cost each worker ~0.2 s of CPU and saved no wall time; bench/README.md).
   */
  warmUp?: boolean;
  /** Workers started beforehand with `startConvertWorkers` (booting while the folder was scanned); the batch closes them. */
  workers?: ConvertWorkers;
  /** Called once at the end with where the workers' time went (boot, busy, idle, messages). */
  onStats?(stats: PoolStats): void;
  /** Worker entry to load instead of the package's own. */
  workerScript?: string | URL;
  /** Called as each file starts, with the files now in flight and the results waiting for the consumer. */
  onStart?(file: string, inFlight: number, waiting: number): void;
}

/** One model's outcome, in completion order; `index` is its place in the scan (the report order). */
export interface BatchFileResult extends Omit<ConvertResult, 'id' | 'status'> {
  status: ConvertResult['status'] | 'interrupted';
  index: number;
  /** Model path relative to the batch folder. */
  file: string;
  /** .glb path relative to the output folder. */
  output: string;
  /** Input size in bytes (-1 when unknown). */
  size: number;
}

/**
 * The .glb path of each input, relative to the output folder: `a/b.o3d` → `a/b.glb`; when two
 * models of one folder share a stem (`b.o3d`, `B.ase`), the later one keeps its extension
 * (`B.ase.glb`) so neither overwrites the other, on case-insensitive disks too.
 */
export function planOutputs(inputs: readonly ScannedFile[]): string[] {
  const used = new Set<string>();
  return inputs.map(({ file }) => {
    const parsed = path.posix.parse(file);
    let out = path.posix.join(parsed.dir, `${parsed.name || parsed.base}.glb`);
    if (used.has(out.toLowerCase())) out = path.posix.join(parsed.dir, `${parsed.base}.glb`);
    used.add(out.toLowerCase());
    return out;
  });
}

/** The built worker beside this module (dist/convert-worker.js|cjs); from sources, ../dist/convert-worker.js. */
export function defaultConvertWorker(): string {
  const here = typeof __filename === 'string' ? __filename : decodeURIComponent(new URL(import.meta.url).pathname.replace(/^\/([A-Za-z]:)/, '$1'));
  const dir = path.dirname(here);
  if (here.endsWith('.ts')) return path.join(dir, '..', 'dist', 'convert-worker.js');
  return path.join(dir, `convert-worker.${here.endsWith('.cjs') ? 'cjs' : 'js'}`);
}

const defaultJobs = () => os.availableParallelism?.() || os.cpus().length || 1;

/** The workers of a batch, started before its folder is scanned. */
export type ConvertWorkers = WorkerPool<ConvertTask, ConvertResult>;

const DEFAULT_PREFETCH = 7;

/**
 * Starts a batch's workers now (`jobs`, `timeout`, `maxMemoryMb`, `prefetch`, `kernels`,
 * `workerScript` of `options`): each loads the format packages and warms up on one tiny model per
 * format while the caller scans the folder; pass them to `convertBatch` as `workers`. Undefined
 * for `jobs: 0`.
 */
export function startConvertWorkers(options: Omit<ConvertBatchOptions, 'workers' | 'scan'>): ConvertWorkers | undefined {
  const jobs = Math.max(0, Math.floor(options.jobs ?? defaultJobs()));
  if (jobs === 0) return undefined;
  mkdirSync(options.out, { recursive: true });
  const out = realpathSync(options.out);
  return new WorkerPool<ConvertTask, ConvertResult>({
    script: options.workerScript ?? defaultConvertWorker(),
    size: jobs,
    workerData: { kernels: options.kernels, warm: options.warmUp === true },
    timeout: options.timeout,
    resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? 2048 },
    prefetch: Math.max(0, Math.floor(options.prefetch ?? DEFAULT_PREFETCH)),
    onLost: (task) => removeTemp(out, task.output, task.id),
  }).start();
}

/**
 * Converts every model under `dir` to .glb. Tasks are scheduled largest first and results stream
 * back in completion order (each carries its scan `index`, for a report in input order). At most
 * `2 × jobs × (1 + prefetch)` files are in flight and at most `window` results wait for the consumer, so memory stays
 * flat whatever the folder size. A file that fails, hangs past `timeout` or exhausts its worker's
 * heap yields a failed result and the batch goes on.
 */
export async function* convertBatch(dir: string, options: ConvertBatchOptions): AsyncGenerator<BatchFileResult, void, undefined> {
  mkdirSync(options.out, { recursive: true });
  const out = realpathSync(options.out);
  // The workers boot while the folder is scanned.
  const given = options.workers;
  const jobs = given ? given.size : Math.max(0, Math.floor(options.jobs ?? defaultJobs()));
  const pool = given ?? (options.scan ? undefined : startConvertWorkers(options));
  let scan: FolderScan;
  try {
    scan = options.scan ?? scanFolder(dir, out, { includeGltf: options.includeGltf });
  } catch (e) {
    await pool?.close();
    throw e;
  }
  const outputs = planOutputs(scan.inputs);
  const window = Math.max(1, Math.floor(options.window ?? Math.max(1, jobs) * 4));
  const prefetch = given ? given.prefetch : Math.max(0, Math.floor(options.prefetch ?? DEFAULT_PREFETCH));
  /**
   * Files in flight: running, waiting in a worker, and as many again queued in the pool, so that a
   * worker down to half its files gets the next ones in one message.
   */
  const inFlight = 2 * jobs * (1 + prefetch);
  const settings: ConvertSettings = {
    root: scan.root,
    out,
    index: scan.index.toJSON(),
    codePage: options.codePage,
    formatOptions: options.formatOptions,
    kernels: options.kernels,
    lod: options.lod,
    animation: options.animation,
    optimize: options.optimize,
    resume: options.resume,
    force: options.force,
    cacheBytes: options.cacheBytes,
  };
  const resultOf = (index: number, r: Omit<ConvertResult, 'id' | 'status'> & { id?: number; status: BatchFileResult['status'] }): BatchFileResult => {
    const { id: _id, ...rest } = r;
    return { ...rest, index, file: scan.inputs[index].file, output: outputs[index], size: scan.inputs[index].size };
  };
  const failure = (index: number, error: ConvertResult['error']): BatchFileResult =>
    resultOf(index, { status: error?.name === 'AbortError' ? 'interrupted' : 'failed', error, warnings: [], ms: { read: 0, parse: 0, export: 0, write: 0 } });

  // Largest first, so the long files do not end up alone at the tail; ties keep input order.
  const order = scan.inputs.map((_, i) => i).sort((a, b) => scan.inputs[b].size - scan.inputs[a].size || a - b);
  const signal = options.signal;

  if (jobs === 0) {
    const convert = createConverter(settings);
    for (const i of order) {
      if (signal?.aborted) return;
      const known = scan.inputs[i].error;
      if (!known) options.onStart?.(scan.inputs[i].file, 1, 0);
      yield known ? failure(i, known) : resultOf(i, await convert({ id: i, file: scan.inputs[i].file, output: outputs[i] }));
    }
    return;
  }

  const workers = pool ?? startConvertWorkers(options)!;
  workers.setup(settings);
  const ready: BatchFileResult[] = [];
  let wake: (() => void) | undefined;
  let next = 0;
  let active = 0;
  let stopped = false;
  const settle = (result: BatchFileResult) => {
    ready.push(result);
    wake?.();
    // A free worker takes its next file now, not when the consumer gets round to this result.
    pump();
  };
  function pump() {
    while (!stopped && next < order.length && active < inFlight && ready.length < window) {
      const i = order[next++];
      const known = scan.inputs[i].error;
      if (known) {
        settle(failure(i, known));
        continue;
      }
      active++;
      options.onStart?.(scan.inputs[i].file, active, ready.length);
      workers.run({ id: i, file: scan.inputs[i].file, output: outputs[i] }).then(
        (r) => {
          active--;
          settle(resultOf(i, r));
        },
        (e: ConvertResult['error']) => {
          active--;
          settle(failure(i, e));
        },
      );
    }
  }
  const stop = () => {
    stopped = true;
    void workers.close();
    wake?.();
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    if (signal?.aborted) stop();
    pump();
    while (ready.length || active > 0 || (!stopped && next < order.length)) {
      if (!ready.length) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      yield ready.shift()!;
      pump();
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    stopped = true;
    options.onStats?.(workers.stats());
    await workers.close();
  }
}
