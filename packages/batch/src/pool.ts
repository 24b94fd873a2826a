import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SerializedError } from '@relic3d/core';

export interface PoolOptions<T> {
  /** Worker entry (a built .js/.cjs file) that serves its tasks with `serveTasks` (pool-worker). */
  script: string | URL;
  /** Most workers alive at once. */
  size: number;
  /** Sent once to every worker, the replacements too (`workerData`). */
  init: unknown;
  /** Heap limits per worker: a file that exhausts them fails alone instead of the process. */
  resourceLimits?: ResourceLimits;
  /** Milliseconds one task may run (from its start, not its queueing) before its worker is terminated and replaced. */
  timeout?: number;
  /**
   * Tasks sent to a worker ahead of the one it runs (default 1), so it never waits for the main
   * thread between two tasks. One that has not started goes back to the queue when its worker dies,
   * and is taken back for an idle worker when the queue is empty (a long or hung task does not hold
   * it).
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
  /** One cell per message in flight: the worker claims it (0 → 1) before running, the pool takes a task back (0 → 2). */
  claims: Int32Array;
  /** Cells whose message the worker has not answered yet. */
  busyCells: Set<number>;
}

/** Claim cells per worker: more than the tasks ever outstanding in one (running, ahead, taken back). */
const CELLS = 64;

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
  private nextId = 1;

  constructor(private readonly options: PoolOptions<T>) {
    if (!(options.size >= 1)) throw new RangeError('a worker pool needs at least one worker');
    this.depth = 1 + Math.max(0, Math.floor(options.prefetch ?? 1));
  }

  /** Tasks sent to workers and not finished (running or waiting there). */
  get running(): number {
    let n = 0;
    for (const slot of this.slots) n += slot.jobs.length;
    return n;
  }

  /** Workers alive (for tests: none must be left after `close()`). */
  get workers(): number {
    return this.slots.size;
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
    while (this.queue.length && !this.closed) {
      // The least loaded worker; a new one while the pool is not full and every worker is busy.
      let slot: Slot<T, R> | undefined;
      for (const s of this.slots) if (!slot || s.jobs.length < slot.jobs.length) slot = s;
      if ((!slot || slot.jobs.length > 0) && this.slots.size < this.options.size) slot = this.spawn();
      if (!slot || slot.jobs.length >= this.depth || slot.busyCells.size >= CELLS) return;
      this.send(slot, this.queue.shift()!);
    }
    if (!this.queue.length && !this.closed) this.rebalance();
  }

  /** An idle worker takes back a task waiting in a busy one (never one that started). */
  private rebalance(): void {
    for (const idle of this.slots) {
      if (idle.jobs.length) continue;
      for (const busy of this.slots) {
        const job = busy.jobs.length > 1 ? busy.jobs[busy.jobs.length - 1] : undefined;
        if (!job || Atomics.compareExchange(busy.claims, job.cell!, 0, 2) !== 0) continue;
        // The busy worker will skip it (and answer, which frees the cell); the idle one runs it.
        busy.jobs.pop();
        this.send(idle, job);
        break;
      }
    }
  }

  private spawn(): Slot<T, R> {
    const worker = new Worker(this.options.script, {
      workerData: this.options.init,
      resourceLimits: this.options.resourceLimits,
      env: this.options.env,
      stdout: false,
      stderr: false,
    });
    const claims = new Int32Array(new SharedArrayBuffer(4 * CELLS));
    const slot: Slot<T, R> = { worker, jobs: [], claims, busyCells: new Set() };
    this.slots.add(slot);
    worker.postMessage({ kind: 'claims', claims });
    worker.on('message', (message: { id: number; cell: number; result?: R; skipped?: boolean }) => {
      slot.busyCells.delete(message.cell);
      if (message.skipped) return this.dispatch();
      const job = slot.jobs[0];
      if (!job || job.id !== message.id) return;
      slot.jobs.shift();
      clearTimeout(job.timer);
      if (slot.jobs.length) this.startTimer(slot);
      else worker.unref();
      job.resolve(message.result as R);
      this.dispatch();
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

  private send(slot: Slot<T, R>, job: Job<T, R>): void {
    let cell = 0;
    while (slot.busyCells.has(cell)) cell++;
    slot.busyCells.add(cell);
    Atomics.store(slot.claims, cell, 0);
    job.id = this.nextId++;
    job.cell = cell;
    slot.jobs.push(job);
    slot.worker.ref();
    if (slot.jobs.length === 1) this.startTimer(slot);
    slot.worker.postMessage({ kind: 'task', id: job.id, cell, task: job.task });
  }

  /** The running task's clock starts when it starts (the one before it answered). */
  private startTimer(slot: Slot<T, R>): void {
    if (this.options.timeout === undefined) return;
    const job = slot.jobs[0];
    const ms = this.options.timeout;
    job.timer = setTimeout(() => {
      if (slot.jobs[0] === job) this.terminate(slot, { name: 'TimeoutError', code: 'TIMEOUT', message: `no result within ${ms} ms (the worker was stopped and replaced)` });
    }, ms);
  }

  /**
   * Stops a worker (timeout, crash, close): its running task fails with `error`, once the thread
   * is gone; the tasks waiting behind it go back to the front of the queue (or fail too, on close).
   */
  private terminate(slot: Slot<T, R>, error: SerializedError): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
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
