import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SerializedError } from '@relic3d/core';

export interface PoolOptions<T> {
  /** Worker entry (a built .js/.cjs file). */
  script: string | URL;
  /** Most workers alive at once. */
  size: number;
  /** Sent once to every worker, the replacements too (`workerData`). */
  init: unknown;
  /** Heap limits per worker: a file that exhausts them fails alone instead of the process. */
  resourceLimits?: ResourceLimits;
  /** Milliseconds one task may run before its worker is terminated and replaced. */
  timeout?: number;
  /** Called after a worker was terminated or died with `task` in it (clean up what it left). */
  onLost?(task: T): void;
  /** Extra environment for the workers; default: the process's. */
  env?: NodeJS.ProcessEnv;
}

interface Job<T, R> {
  task: T;
  resolve(result: R): void;
  reject(error: SerializedError): void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot<T, R> {
  worker: Worker;
  job?: Job<T, R>;
  /** Set once the worker is being terminated or has died: it takes no more work. */
  gone?: boolean;
}

/**
 * A small pool of worker_threads: one task per worker at a time, so a timeout or a crash loses
 * exactly that task. A worker that times out, runs out of memory or exits is terminated and
 * replaced on the next task; `close()` terminates every worker and fails the tasks in flight.
 */
export class WorkerPool<T, R> {
  private readonly slots = new Set<Slot<T, R>>();
  private readonly queue: Job<T, R>[] = [];
  private closed = false;
  /** Workers being terminated; `close()` waits for them. */
  private readonly exiting = new Set<Promise<unknown>>();

  constructor(private readonly options: PoolOptions<T>) {
    if (!(options.size >= 1)) throw new RangeError('a worker pool needs at least one worker');
  }

  /** Tasks started and not finished. */
  get running(): number {
    let n = 0;
    for (const slot of this.slots) if (slot.job) n++;
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
      let slot: Slot<T, R> | undefined;
      for (const s of this.slots) if (!s.job && !s.gone) slot = s;
      if (!slot) {
        if (this.slots.size >= this.options.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
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
    const slot: Slot<T, R> = { worker };
    this.slots.add(slot);
    worker.on('message', (result: R) => {
      const job = slot.job;
      if (!job) return;
      clearTimeout(job.timer);
      slot.job = undefined;
      slot.worker.unref();
      job.resolve(result);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.lose(slot, {
        name: 'WorkerError',
        code: outOfMemory ? 'OUT_OF_MEMORY' : 'WORKER_FAILED',
        message: outOfMemory ? 'the worker ran out of memory on this file (it was replaced)' : `the worker failed: ${error?.message ?? String(error)}`,
      });
    });
    worker.on('exit', (code) => {
      this.lose(slot, { name: 'WorkerError', code: 'WORKER_FAILED', message: `the worker exited (code ${code}) during this file` });
    });
    // An idle worker must not keep the process alive.
    worker.unref();
    return slot;
  }

  private start(slot: Slot<T, R>, job: Job<T, R>): void {
    slot.job = job;
    slot.worker.ref();
    if (this.options.timeout !== undefined) {
      const ms = this.options.timeout;
      job.timer = setTimeout(() => {
        if (slot.job !== job) return;
        this.terminate(slot, { name: 'TimeoutError', code: 'TIMEOUT', message: `no result within ${ms} ms (the worker was stopped and replaced)` });
      }, ms);
    }
    slot.worker.postMessage(job.task);
  }

  /** A worker died by itself (error or exit): fail its task, forget it, carry on. */
  private lose(slot: Slot<T, R>, error: SerializedError): void {
    // An errored worker may still be finishing its exit; terminating it again is harmless.
    this.terminate(slot, error);
  }

  /** Stops a worker (timeout, crash, close), fails its task, and lets another take its place. */
  private terminate(slot: Slot<T, R>, error: SerializedError): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    slot.gone = true;
    const job = slot.job;
    slot.job = undefined;
    if (job) clearTimeout(job.timer);
    this.track(
      slot.worker.terminate().then(() => {
        // Only once the thread is gone can nothing write behind the cleanup.
        if (job) {
          this.cleanUp(job.task);
          job.reject(error);
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
