// Our own pool rather than workerpool (measured on the game folder in bench/src/pool-compare.ts):
// a timeout or a crash must lose exactly the running task (workerpool can lose one queued behind a
// task it terminates), files sent ahead must be taken back by an idle worker, workers must boot
// before their setup exists (while the folder is scanned), and tasks go out in chunks.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SerializedError } from '@relic3d/core';
import type { PoolMessage, WorkerAnswer } from './pool-worker.js';
import { PoolStatsRecorder, type PoolStats } from './pool-stats.js';

export type { PoolStats, WorkerStats } from './pool-stats.js';

export interface PoolOptions<T> {
  /** Worker entry (a built .js/.cjs file) that serves its tasks with `serveTasks` (pool-worker). */
  script: string | URL;
  /** Most workers alive at once. */
  size: number;
  /**
   * Sent once to every worker before its first task, the replacements too. Leave it out to start
   * the workers first and give it later with `setup()` (no task is sent before).
   */
  init?: unknown;
  /** Given to each worker at spawn (`workerData`), before `init` exists: what it warms up with. */
  workerData?: unknown;
  /** Heap limits per worker: a file that exhausts them fails alone instead of the process. */
  resourceLimits?: ResourceLimits;
  /** Milliseconds one task may run (from its start, not its queueing) before its worker is terminated and replaced. */
  timeout?: number;
  /**
   * Tasks sent to a worker ahead of the one it runs (default 1), so it never waits for the main
   * thread between two tasks. One that has not started goes back to the queue when its worker dies,
   * and is taken back for an idle worker when the queue is empty (a long or hung task does not hold
   * it). A worker is refilled once it is down to half of them, in one message.
   */
  prefetch?: number;
  /** Called after a worker was terminated or died while running `task` (clean up what it left). */
  onLost?(task: T): void;
  /** Extra environment for the workers; default: the process's. */
  env?: NodeJS.ProcessEnv;
}

interface Job<T, R> {
  task: T;
  resolve(result: R): void;
  reject(error: SerializedError): void;
  timer?: ReturnType<typeof setTimeout>;
  /** Message id and claim cell while sent to a worker. */
  id?: number;
  cell?: number;
}

interface Slot<T, R> {
  worker: Worker;
  /** Sent to the worker, in order: the first one runs, the others wait there. */
  jobs: Job<T, R>[];
  /** One cell per task in flight: the worker claims it (0 → 1) before running, the pool takes a task back (0 → 2). */
  claims: Int32Array;
  /** Cells whose task the worker has not answered yet. */
  busyCells: Set<number>;
  /** Its index in the stats. */
  stat: number;
  /** Booted (its 'ready' came): from then on a task's clock is the timeout alone. */
  ready: boolean;
}

/** Claim cells per worker: more than the tasks ever outstanding in one (running, ahead, taken back). */
const CELLS = 256;

/** Added to the first task's timeout while its worker boots (loading code on a loaded machine is slow, but must end). */
const BOOT_ALLOWANCE_MS = 60_000;

/**
 * A small pool of worker_threads. Each worker runs one task at a time, in the order sent, so a
 * timeout or a crash loses exactly the task that was running; the ones queued behind it go back
 * to the pool. A worker that times out, runs out of memory or exits is terminated and replaced;
 * `close()` terminates every worker and fails the tasks not done.
 */
export class WorkerPool<T, R> {
  private readonly slots = new Set<Slot<T, R>>();
  private readonly queue: Job<T, R>[] = [];
  private closed = false;
  /** Workers being terminated; `close()` waits for them. */
  private readonly exiting = new Set<Promise<unknown>>();
  private readonly depth: number;
  /** A worker with this many tasks or fewer gets more. */
  private readonly refillAt: number;
  private nextId = 1;
  private hasInit: boolean;
  private init: unknown;
  private readonly recorder = new PoolStatsRecorder();

  constructor(private readonly options: PoolOptions<T>) {
    if (!(options.size >= 1)) throw new RangeError('a worker pool needs at least one worker');
    // A claim cell per task held: the depth stays well under the cells a worker has.
    this.depth = Math.min(CELLS / 4, 1 + Math.max(0, Math.floor(options.prefetch ?? 1)));
    this.refillAt = Math.floor(this.depth / 2);
    this.hasInit = 'init' in options;
    this.init = options.init;
  }

  /** Tasks sent to workers and not finished (running or waiting there). */
  get running(): number {
    let n = 0;
    for (const slot of this.slots) n += slot.jobs.length;
    return n;
  }

  /** Most workers alive at once. */
  get size(): number {
    return this.options.size;
  }

  /** Tasks sent to a worker ahead of the one it runs. */
  get prefetch(): number {
    return this.depth - 1;
  }

  /** Workers alive (for tests: none must be left after `close()`). */
  get workers(): number {
    return this.slots.size;
  }

  /** Starts every worker now (they load and warm up while the caller prepares the tasks). */
  start(): this {
    while (!this.closed && this.slots.size < this.options.size) this.spawn();
    return this;
  }

  /** Gives the workers their setup (once): queued tasks go out after it. */
  setup(init: unknown): void {
    if (this.hasInit) throw new Error('the pool already has its setup');
    this.hasInit = true;
    this.init = init;
    for (const slot of this.slots) slot.worker.postMessage({ kind: 'setup', init } satisfies PoolMessage<T>);
    this.dispatch();
  }

  /** Where the time went: boot, busy and idle per worker, and the main thread's message handling. */
  stats(): PoolStats {
    return this.recorder.snapshot();
  }

  /** Runs a task on the next free worker; rejects with a plain `WorkerError`/`TimeoutError`/`AbortError`. */
  run(task: T): Promise<R> {
    if (this.closed) return Promise.reject(abortError());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (!this.hasInit) return;
    while (this.queue.length && !this.closed) {
      // The least loaded worker; a new one while the pool is not full and every worker is busy.
      let slot: Slot<T, R> | undefined;
      for (const s of this.slots) if (!slot || s.jobs.length < slot.jobs.length) slot = s;
      if ((!slot || slot.jobs.length > 0) && this.slots.size < this.options.size) slot = this.spawn();
      if (!slot || slot.jobs.length > this.refillAt || slot.busyCells.size >= CELLS - this.depth) break;
      // Fill it up to its depth in one message, shared fairly with the other hungry workers.
      let hungry = 0;
      for (const s of this.slots) if (s.jobs.length <= this.refillAt) hungry++;
      const fair = Math.max(1, Math.ceil(this.queue.length / hungry));
      this.send(slot, this.queue.splice(0, Math.min(this.depth - slot.jobs.length, fair)));
    }
    if (!this.queue.length && !this.closed) this.rebalance();
  }

  /** An idle worker takes back a task waiting in a busy one (never one that started). */
  private rebalance(): void {
    for (const idle of this.slots) {
      if (idle.jobs.length) continue;
      let busiest: Slot<T, R> | undefined;
      for (const s of this.slots) if (s.jobs.length > 1 && (!busiest || s.jobs.length > busiest.jobs.length)) busiest = s;
      const job = busiest?.jobs[busiest.jobs.length - 1];
      if (!busiest || !job || Atomics.compareExchange(busiest.claims, job.cell!, 0, 2) !== 0) continue;
      // The busy worker will skip it (and answer, which frees the cell); the idle one runs it.
      busiest.jobs.pop();
      this.send(idle, [job]);
    }
  }

  private spawn(): Slot<T, R> {
    const worker = new Worker(this.options.script, {
      workerData: this.options.workerData,
      resourceLimits: this.options.resourceLimits,
      env: this.options.env,
      stdout: false,
      stderr: false,
    });
    const claims = new Int32Array(new SharedArrayBuffer(4 * CELLS));
    const slot: Slot<T, R> = { worker, jobs: [], claims, busyCells: new Set(), stat: this.recorder.spawned(), ready: false };
    this.slots.add(slot);
    worker.postMessage({ kind: 'claims', claims } satisfies PoolMessage<T>);
    if (this.hasInit) worker.postMessage({ kind: 'setup', init: this.init } satisfies PoolMessage<T>);
    worker.on('message', (message: WorkerAnswer<R>) => {
      const t = performance.now();
      this.answered(slot, message);
      this.recorder.mainThread(t);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.terminate(slot, {
        name: 'WorkerError',
        code: outOfMemory ? 'OUT_OF_MEMORY' : 'WORKER_FAILED',
        message: outOfMemory ? 'the worker ran out of memory on this file (it was replaced)' : `the worker failed: ${error?.message ?? String(error)}`,
      });
    });
    worker.on('exit', (code) => {
      this.terminate(slot, { name: 'WorkerError', code: 'WORKER_FAILED', message: `the worker exited (code ${code}) during this file` });
    });
    // An idle worker must not keep the process alive.
    worker.unref();
    return slot;
  }

  private answered(slot: Slot<T, R>, message: WorkerAnswer<R>): void {
    if (message.kind === 'ready') {
      slot.ready = true;
      this.recorder.ready(slot.stat, message.warmMs, message.cpuMs);
      // The task waiting for the boot gets its own clock now.
      if (slot.jobs.length) {
        clearTimeout(slot.jobs[0].timer);
        this.startTimer(slot);
      }
      return;
    }
    slot.busyCells.delete(message.cell);
    if (message.skipped) return this.dispatch();
    const job = slot.jobs[0];
    if (!job || job.id !== message.id) return;
    this.recorder.task(slot.stat, message.ms ?? 0, message.cpuMs);
    slot.jobs.shift();
    clearTimeout(job.timer);
    if (slot.jobs.length) this.startTimer(slot);
    else slot.worker.unref();
    job.resolve(message.result as R);
    this.dispatch();
  }

  private send(slot: Slot<T, R>, jobs: Job<T, R>[]): void {
    const t = performance.now();
    const items: { id: number; cell: number; task: T }[] = [];
    for (const job of jobs) {
      let cell = 0;
      while (slot.busyCells.has(cell)) cell++;
      slot.busyCells.add(cell);
      Atomics.store(slot.claims, cell, 0);
      job.id = this.nextId++;
      job.cell = cell;
      slot.jobs.push(job);
      items.push({ id: job.id, cell, task: job.task });
    }
    slot.worker.ref();
    if (slot.jobs.length === jobs.length) this.startTimer(slot);
    slot.worker.postMessage({ kind: 'tasks', items } satisfies PoolMessage<T>);
    this.recorder.sent(slot.stat, t);
  }

  /** The running task's clock starts when it starts (the one before it answered, or the worker booted). */
  private startTimer(slot: Slot<T, R>): void {
    if (this.options.timeout === undefined) return;
    const job = slot.jobs[0];
    const ms = this.options.timeout;
    job.timer = setTimeout(() => {
      if (slot.jobs[0] === job) this.terminate(slot, { name: 'TimeoutError', code: 'TIMEOUT', message: `no result within ${ms} ms (the worker was stopped and replaced)` });
    }, slot.ready ? ms : ms + BOOT_ALLOWANCE_MS);
  }

  /**
   * Stops a worker (timeout, crash, close): its running task fails with `error`, once the thread
   * is gone; the tasks waiting behind it go back to the front of the queue (or fail too, on close).
   */
  private terminate(slot: Slot<T, R>, error: SerializedError): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    this.recorder.ended(slot.stat);
    const [running, ...waiting] = slot.jobs.splice(0);
    if (running) clearTimeout(running.timer);
    if (this.closed) for (const job of waiting) job.reject(abortError());
    else this.queue.unshift(...waiting);
    this.track(
      slot.worker.terminate().then(() => {
        // Only once the thread is gone can nothing write behind the cleanup.
        if (running) {
          this.cleanUp(running.task);
          running.reject(error);
        }
      }),
    );
    this.dispatch();
  }

  private cleanUp(task: T): void {
    try {
      this.options.onLost?.(task);
    } catch {
      /* cleanup is best effort */
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.exiting.delete(tracked));
    this.exiting.add(tracked);
  }

  /** Terminates every worker; tasks in flight and queued fail with `AbortError`. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(abortError());
    for (const slot of [...this.slots]) this.terminate(slot, abortError());
    while (this.exiting.size) await Promise.all([...this.exiting]);
  }
}

function abortError(): SerializedError {
  return { name: 'AbortError', code: 'INTERRUPTED', message: 'the batch was interrupted before this file finished' };
}
