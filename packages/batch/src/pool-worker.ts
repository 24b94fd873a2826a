import { parentPort } from 'node:worker_threads';

/** A message from the pool to a worker. */
export type PoolMessage<T> = { kind: 'claims'; claims: Int32Array } | { kind: 'task'; id: number; cell: number; task: T };

/**
 * What a handler returns: the answer, or the answer in two steps (`next`: the thread may start the
 * next task; `result`: the answer), so a task's I/O can overlap the next one's computing.
 */
export type Served<R> = R | Promise<R> | { next: Promise<unknown>; result: Promise<R> };

const isPipelined = <R>(v: Served<R>): v is { next: Promise<unknown>; result: Promise<R> } =>
  !!v && typeof v === 'object' && 'next' in v && 'result' in v && typeof (v as { result: { then?: unknown } }).result?.then === 'function';

/**
 * The worker side of `WorkerPool`: runs `handler` on each task in the order sent, the next one only
 * once the last says so, and answers each in order. A task is claimed before it starts; one the
 * pool took back for another worker is skipped.
 */
export function serveTasks<T, R>(handler: (task: T) => Served<R>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  let claims: Int32Array | undefined;
  /** When the next task may start. */
  let gate: Promise<unknown> = Promise.resolve();
  /** The last answer sent, so answers go out in order. */
  let answered: Promise<unknown> = Promise.resolve();
  port.on('message', (message: PoolMessage<T>) => {
    if (message.kind === 'claims') {
      claims = message.claims;
      return;
    }
    const { id, cell, task } = message;
    const started = gate.then(() => {
      if (claims && Atomics.compareExchange(claims, cell, 0, 1) !== 0) return undefined;
      const served = handler(task);
      return isPipelined(served) ? served : { next: Promise.resolve(served), result: Promise.resolve(served) };
    });
    gate = started.then((s) => s?.next).catch(() => undefined);
    const previous = answered;
    answered = started.then(async (s) => {
      const result = s ? await s.result : undefined;
      await previous;
      port.postMessage(s ? { id, cell, result } : { id, cell, skipped: true });
    });
  });
}
