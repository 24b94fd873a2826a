/** One worker's time, in milliseconds of the pool's clock (`performance.now()` of the main thread). */
export interface WorkerStats {
  /** Spawn to the end of its warm-up (module loading, kernels, one tiny model per format). */
  bootMs: number;
  /** Of which the warm-up parses and exports, measured inside the worker. */
  warmMs: number;
  /** Time inside its tasks, measured inside the worker. */
  busyMs: number;
  /** Its life after boot minus busy: waiting for tasks, for messages, or for a CPU. */
  idleMs: number;
  /** Of which before its first task (the setup waits for the scan) and after its last one (the batch's tail). */
  startWaitMs: number;
  tailMs: number;
  tasks: number;
  /** Messages carrying tasks to it (tasks ÷ messages = the chunk size). */
  messages: number;
  /**
   * CPU ms of its own thread (Linux schedstat; undefined elsewhere): at boot (module loading, kernels,
   * warm-up) and in all by its last answer. The process's rest is the main thread and V8's GC and
   * compiler threads.
   */
  bootCpuMs?: number;
  cpuMs?: number;
}

export interface PoolStats {
  workers: WorkerStats[];
  /** Main-thread milliseconds spent sending tasks and handling the workers' answers. */
  mainThreadMessageMs: number;
}

interface Entry {
  spawnedAt: number;
  readyAt?: number;
  endedAt?: number;
  warmMs: number;
  busyMs: number;
  tasks: number;
  messages: number;
  firstStartAt?: number;
  lastAnswerAt?: number;
  bootCpuMs?: number;
  cpuMs?: number;
}

/** Collects `PoolStats` as the pool runs (a few additions per message). */
export class PoolStatsRecorder {
  private readonly entries: Entry[] = [];
  private messageMs = 0;

  spawned(): number {
    this.entries.push({ spawnedAt: performance.now(), warmMs: 0, busyMs: 0, tasks: 0, messages: 0 });
    return this.entries.length - 1;
  }

  ready(worker: number, warmMs: number, cpuMs?: number): void {
    const e = this.entries[worker];
    e.readyAt = performance.now();
    e.warmMs = warmMs;
    e.bootCpuMs = e.cpuMs = cpuMs;
  }

  task(worker: number, ms: number, cpuMs?: number): void {
    const e = this.entries[worker];
    if (cpuMs !== undefined) e.cpuMs = cpuMs;
    const now = performance.now();
    e.firstStartAt ??= now - ms;
    e.lastAnswerAt = now;
    e.busyMs += ms;
    e.tasks++;
  }

  sent(worker: number, since: number): void {
    this.entries[worker].messages++;
    this.messageMs += performance.now() - since;
  }

  mainThread(since: number): void {
    this.messageMs += performance.now() - since;
  }

  ended(worker: number): void {
    this.entries[worker].endedAt ??= performance.now();
  }

  snapshot(): PoolStats {
    const now = performance.now();
    return {
      mainThreadMessageMs: this.messageMs,
      workers: this.entries.map((e) => {
        const ready = e.readyAt ?? e.endedAt ?? now;
        const end = e.endedAt ?? now;
        return {
          bootMs: ready - e.spawnedAt,
          warmMs: e.warmMs,
          busyMs: e.busyMs,
          idleMs: Math.max(0, end - ready - e.busyMs),
          startWaitMs: Math.max(0, (e.firstStartAt ?? end) - ready),
          tailMs: Math.max(0, end - (e.lastAnswerAt ?? end)),
          tasks: e.tasks,
          messages: e.messages,
          bootCpuMs: e.bootCpuMs,
          cpuMs: e.cpuMs,
        };
      }),
    };
  }
}
