import workerpool from 'workerpool';
import { decodeOne, serializeError } from './decode.js';
import type { BatchError, BatchInput, BatchOptions, BatchResult } from './types.js';

export type { BatchInput, BatchResult, BatchError, BatchOptions } from './types.js';
export { formats } from '@relic3d/formats';
export { decodeOne } from './decode.js';

declare const __filename: string | undefined;

/**
 * The built worker entry beside this file (dist/worker.js or dist/worker.cjs). Run from sources
 * (tests through aliases), it is ../dist/worker.js: a worker thread cannot load .ts files.
 */
function defaultWorkerScript(): string {
  const swap = (p: string) =>
    p.replace(/(?:src[\\/])?index\.(c?js|ts)$/, (m, ext: string) => (ext === 'ts' ? m.replace(/src([\\/])index\.ts$/, 'dist$1worker.js') : `worker.${ext}`));
  if (typeof __filename === 'string') return swap(__filename);
  const url = new URL(import.meta.url);
  url.pathname = swap(url.pathname);
  if (url.protocol === 'file:' && typeof process !== 'undefined' && process.versions?.node) {
    return decodeURIComponent(url.pathname.replace(/^\/([A-Za-z]:)/, '$1'));
  }
  return url.href;
}

/** Copies a view whose buffer holds other data (a pooled Node Buffer, a subarray) so it can be transferred alone. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? bytes : bytes.slice();
}

async function* iterate<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in items) yield* items as AsyncIterable<T>;
  else yield* items as Iterable<T>;
}

/**
 * Decodes many files in a worker pool (worker_threads on Node, Web Workers in browsers). Each
 * worker instantiates the WASM kernels once; input bytes are transferred to the workers (a view
 * that covers its whole ArrayBuffer is detached in the caller; others are copied first) and scene
 * buffers are transferred back. Results stream in input order; a file that fails yields a result
 * with `error` and the batch goes on.
 */
export async function* decodeBatch(
  inputs: Iterable<BatchInput> | AsyncIterable<BatchInput>,
  options: BatchOptions = {},
): AsyncGenerator<BatchResult, void, undefined> {
  const total = Array.isArray(inputs) ? inputs.length : undefined;
  const concurrency = Math.max(0, Math.floor(options.concurrency ?? workerpool.cpus));
  const kernels = options.kernels;
  let done = 0;
  const progress = () => options.onProgress?.(++done, total);

  if (concurrency === 0) {
    let index = 0;
    for await (const input of iterate(inputs)) {
      const result = await decodeOne(input, index++, kernels);
      progress();
      yield result;
    }
    return;
  }

  const script = options.workerScript ? String(options.workerScript) : defaultWorkerScript();
  const pool = workerpool.pool(script, {
    maxWorkers: concurrency,
    minWorkers: concurrency,
    workerType: 'auto',
    workerOpts: { type: 'module' },
  });
  const window = Math.max(1, Math.floor(options.window ?? concurrency * 2));
  const pending: Promise<BatchResult>[] = [];
  const source = iterate(inputs)[Symbol.asyncIterator]();
  let index = 0;
  let exhausted = false;

  const submit = (input: BatchInput, i: number): Promise<BatchResult> => {
    const bytes = ownBuffer(input.bytes);
    const companions = input.companions ? Object.fromEntries(Object.entries(input.companions).map(([k, v]) => [k, ownBuffer(v)])) : undefined;
    const transfer = new Set<ArrayBuffer>([bytes.buffer as ArrayBuffer, ...Object.values(companions ?? {}).map((c) => c.buffer as ArrayBuffer)]);
    const message: BatchInput = { name: input.name, bytes, ...(companions ? { companions } : {}) };
    let task = pool.exec('decode', [message, i, kernels], { transfer: [...transfer] });
    if (options.timeout !== undefined) task = task.timeout(options.timeout);
    const started = Date.now();
    let settled = false;
    const failed = (e: BatchError): BatchResult => ({ index: i, name: input.name, ms: Date.now() - started, error: e });
    const outcome = Promise.resolve(task as unknown as Promise<BatchResult>).then(
      (r) => r,
      (error: unknown) => {
        const e = serializeError(error);
        if (e.name !== 'TimeoutError') e.name = 'WorkerError';
        return failed(e);
      },
    );
    const finish = (r: BatchResult) => {
      if (settled) return r;
      settled = true;
      progress();
      return r;
    };
    if (options.timeout === undefined) return outcome.then(finish);
    // workerpool can lose a task queued behind one it force-terminates after a timeout; a
    // fallback timer bounds every task so the batch never hangs.
    const fallbackMs = options.timeout + 10_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fallback = new Promise<BatchResult>((resolve) => {
      timer = setTimeout(() => {
        task.cancel();
        resolve(failed({ name: 'TimeoutError', message: `no result within ${fallbackMs} ms` }));
      }, fallbackMs);
    });
    return Promise.race([outcome, fallback]).then((r) => {
      clearTimeout(timer);
      return finish(r);
    });
  };

  try {
    for (;;) {
      while (!exhausted && pending.length < window) {
        const next = await source.next();
        if (next.done) exhausted = true;
        else pending.push(submit(next.value, index++));
      }
      const head = pending.shift();
      if (!head) break;
      yield await head;
    }
  } finally {
    await source.return?.(undefined);
    await pool.terminate(true);
  }
}
