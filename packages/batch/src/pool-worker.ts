import { parentPort } from 'node:worker_threads';

/** A message from the pool to a worker. */
export type PoolMessage<T> = { kind: 'claims'; claims: Int32Array } | { kind: 'task'; id: number; cell: number; task: T };

/**
 * The worker side of `WorkerPool`: runs `handler` on each task in the order sent, one at a time,
 * and answers each in order. A task is claimed before it starts; one the pool took back for
 * another worker is skipped.
 */
export function serveTasks<T, R>(handler: (task: T) => R | Promise<R>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  let claims: Int32Array | undefined;
  /** The last task started: the next one starts when it is answered. */
  let last: Promise<unknown> = Promise.resolve();
  port.on('message', (message: PoolMessage<T>) => {
    if (message.kind === 'claims') {
      claims = message.claims;
      return;
    }
    const { id, cell, task } = message;
    last = last.then(async () => {
      if (claims && Atomics.compareExchange(claims, cell, 0, 1) !== 0) {
        port.postMessage({ id, cell, skipped: true });
        return;
      }
      const result = await handler(task);
      port.postMessage({ id, cell, result });
    }).catch((error: unknown) => {
      // A handler that throws ends its thread: the pool fails that task and starts another worker.
      setImmediate(() => {
        throw error;
      });
    });
  });
}
