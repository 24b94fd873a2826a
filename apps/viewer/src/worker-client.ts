import type { FromWorker, ToWorker } from './protocol.js';

type TimingMessage = Extract<FromWorker, { type: 'timing' }>;

/**
 * The page's side of the parser worker: each request (by id) is answered once. A crash fails every
 * request still open and starts a fresh worker, so one bad file never leaves the page without one.
 */
export class ParserWorker {
  private worker!: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (message: FromWorker) => void; reject: (error: Error) => void }>();

  /**
   * `onTiming`: warm-run timings, which answer no request. `onIdleFailure`: the worker failed while
   * no request was waiting on it.
   */
  constructor(private readonly events: { onTiming(message: TimingMessage): void; onIdleFailure(reason: Error): void }) {
    this.start();
  }

  /** A fresh id for a request (or a load that will make one). */
  newId(): number {
    return this.next++;
  }

  ask(message: ToWorker, transfer: Transferable[] = []): Promise<FromWorker> {
    return new Promise<FromWorker>((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.worker.postMessage(message, transfer);
    });
  }

  /** A message that expects no answer (the e2e tests' fault injection). */
  post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  /** Stops the worker (a crash, or a parse the user cancelled), fails what it still owed, starts a fresh one. */
  restart(reason: Error): void {
    this.worker.terminate();
    const owed = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const p of owed) p.reject(reason);
    if (!owed.length) this.events.onIdleFailure(reason);
  }

  private start(): void {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'timing') {
        this.events.onTiming(message);
        return;
      }
      this.pending.get(message.id)?.resolve(message);
      this.pending.delete(message.id);
    };
    // A crash outside any request (a script error, out of memory): every request still open fails.
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.restart(new Error(`the parser worker failed: ${event.message || 'it stopped'}`));
    };
    worker.onmessageerror = () => this.restart(new Error('the parser worker sent a message that could not be read'));
  }
}
