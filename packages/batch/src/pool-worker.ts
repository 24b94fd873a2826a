import { openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

/** A message from the pool to a worker: its claim cells, its setup (once), then tasks in chunks. */
export type PoolMessage<T> =
  | { kind: 'claims'; claims: Int32Array }
  | { kind: 'setup'; init: unknown }
  | { kind: 'tasks'; items: { id: number; cell: number; task: T }[] };

/**
 * A worker's answer: warmed up, or one task done (`ms` inside it) or skipped (taken back); `cpuMs` is
 * the thread's CPU so far (Linux), so the last answer gives the worker's whole CPU.
 */
export type WorkerAnswer<R> =
  | { kind: 'ready'; warmMs: number; cpuMs?: number }
  | { kind?: undefined; id: number; cell: number; result?: R; skipped?: boolean; ms?: number; cpuMs?: number };

/**
 * CPU milliseconds of the calling thread (Linux: /proc/thread-self/schedstat, its time on a CPU in
 * ns), or undefined elsewhere: a process's CPU mixes every worker with V8's own GC and compiler threads.
 */
export function threadCpuMs(): number | undefined {
  if (statFd === null) return undefined;
  try {
    // Opened once per thread (/proc/thread-self is the opener's), then read again from its start: one syscall, ~10 µs.
    statFd ??= openSync('/proc/thread-self/schedstat', 'r');
    const n = readSync(statFd, statBuffer, 0, statBuffer.length, 0);
    const ns = Number(statBuffer.toString('latin1', 0, n).split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    statFd = null;
    return undefined;
  }
}

/** This thread's /proc schedstat file: undefined until first read, null where there is none. */
let statFd: number | null | undefined;
const statBuffer = Buffer.alloc(128);

/**
 * A worker's task handler. `ahead(task)`, when given, is called as each task starts with the task
 * queued behind it in this worker (it may still be taken back): time to start its I/O.
 */
export type TaskHandler<T, R> = ((task: T) => R | Promise<R>) & { ahead?(task: T): void };

/** What a worker does with its setup: warm up, and return the handler of its tasks. */
export type TaskSetup<T, R> = (init: unknown) => TaskHandler<T, R> | Promise<TaskHandler<T, R>>;

/**
 * The worker side of `WorkerPool`: runs `handler` on each task in the order sent, one at a time,
 * and answers each in order. A task is claimed before it starts; one the pool took back for
 * another worker is skipped.
 */
export function serveTasks<T, R>(handler: TaskHandler<T, R>): void {
  serveTasksWith<T, R>(() => handler);
}

/**
 * `serveTasks` with a setup: `setup(init)` runs when the pool's setup arrives (the worker may have
 * warmed up before: `warm` is awaited first, and its time reported) and returns the task handler.
 */
export function serveTasksWith<T, R>(setup: TaskSetup<T, R>, warm?: Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  const warmStarted = performance.now();
  let warmMs = 0;
  const warmed = Promise.resolve(warm)
    .catch(() => undefined)
    .then(() => {
      warmMs = performance.now() - warmStarted;
      port.postMessage({ kind: 'ready', warmMs, cpuMs: threadCpuMs() } satisfies WorkerAnswer<R>);
    });
  let claims: Int32Array | undefined;
  let handler: Promise<TaskHandler<T, R>> | undefined;
  /** The last task started: the next one starts when it is answered. */
  let last: Promise<unknown> = Promise.resolve();
  /** Tasks received and not started, in order. */
  const queued: T[] = [];
  const runOne = (id: number, cell: number, task: T) => {
    queued.push(task);
    last = last
      .then(async () => {
        queued.shift();
        if (claims && Atomics.compareExchange(claims, cell, 0, 1) !== 0) {
          port.postMessage({ id, cell, skipped: true } satisfies WorkerAnswer<R>);
          return;
        }
        const run = await (handler ??= warmed.then(() => setup(undefined)));
        if (queued.length && run.ahead) run.ahead(queued[0]);
        const t = performance.now();
        const result = await run(task);
        port.postMessage({ id, cell, result, ms: performance.now() - t, cpuMs: threadCpuMs() } satisfies WorkerAnswer<R>);
      })
      .catch((error: unknown) => {
        // A handler that throws ends its thread: the pool fails that task and starts another worker.
        setImmediate(() => {
          throw error;
        });
      });
  };
  port.on('message', (message: PoolMessage<T>) => {
    if (message.kind === 'claims') claims = message.claims;
    else if (message.kind === 'setup') handler = warmed.then(() => setup(message.init));
    else for (const { id, cell, task } of message.items) runOne(id, cell, task);
  });
}
