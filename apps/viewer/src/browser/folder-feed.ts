// A folder's files handed to one thumbnail worker in parts, a task each: posting a File clones it on
// the page's thread. Open folder's input hands over all 9,665 at once, and 1,000 per message were
// 131–289-ms tasks under load (issue 31); the files a drawing waits on are posted first.
import type { ToThumbWorker } from './thumb-protocol.js';
import { nextPartSize, nextTask } from '../tasks.js';

/**
 * Files per message at most, and at first: each part's size then follows the time the last one took
 * to post (a fixed 32 were 50–330-ms tasks with the machine loaded 15× over, issue 31).
 */
const FILES_PER_PART = 32;
const FIRST_PART = 8;
const POST_BUDGET_MS = 6;

export class FolderFeed {
  /** Paths to post, in order; `urgent` ones go before them. */
  private readonly queue: string[] = [];
  private at = 0;
  private readonly posted = new Set<string>();
  private running = false;
  private stopped = false;
  private completeAsked = false;
  private partSize = FIRST_PART;

  /**
   * Tells `worker` of a new folder: every path in `names` (those not posted yet are waited on), then
   * `paths` of `files` in parts, in this order.
   */
  constructor(private readonly worker: Worker, private readonly files: Record<string, Blob>, names: readonly string[], paths: readonly string[]) {
    worker.postMessage({ type: 'folder', files: {}, more: false, names } satisfies ToThumbWorker);
    this.add(paths);
  }

  /** Files that arrived (or were there): posted in turn; a few with nothing queued, at once. */
  add(paths: Iterable<string>): void {
    for (const p of paths) if (!this.posted.has(p)) this.queue.push(p);
    if (!this.running && this.queue.length - this.at <= this.partSize) this.postPart();
    this.run();
  }

  /** Files a drawing waits on: posted now, before the queue. */
  urgent(paths: readonly string[]): void {
    const part = paths.filter((p) => this.files[p] && !this.posted.has(p));
    this.post(part);
  }

  /** Every file is in: the worker is told once the queue is posted. */
  complete(): void {
    this.completeAsked = true;
    this.run();
  }

  /** Another folder opened: nothing more is posted. */
  stop(): void {
    this.stopped = true;
  }

  private run(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    void (async () => {
      while (!this.stopped && this.at < this.queue.length) {
        this.postPart();
        await nextTask();
      }
      this.running = false;
      if (!this.stopped && this.completeAsked && this.at >= this.queue.length) {
        this.completeAsked = false;
        this.worker.postMessage({ type: 'complete' } satisfies ToThumbWorker);
      }
    })();
  }

  private postPart(): void {
    const part: string[] = [];
    while (part.length < this.partSize && this.at < this.queue.length) {
      const p = this.queue[this.at++];
      if (!this.posted.has(p) && this.files[p]) part.push(p);
    }
    if (!part.length) return;
    const t0 = performance.now();
    this.post(part);
    // Scaled per file: the queue's last part may be short.
    this.partSize = nextPartSize(this.partSize, ((performance.now() - t0) * this.partSize) / part.length, POST_BUDGET_MS, FILES_PER_PART);
  }

  private post(paths: readonly string[]): void {
    if (!paths.length || this.stopped) return;
    for (const p of paths) this.posted.add(p);
    const files = Object.fromEntries(paths.map((p) => [p, this.files[p]]));
    this.worker.postMessage({ type: 'folder', files, more: true } satisfies ToThumbWorker);
  }
}
