// Long jobs on the page's thread in parts: each part a task of its own, so none is a long task.

/**
 * Settles in a later task: `scheduler.yield()` where the browser has it (the job goes on before
 * other queued work, after input and a frame), else a zero timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The next part's size for work done in parts whose cost per item varies with the machine's load (a
 * picked File's first stat, posting Files): the last part's size scaled to `budgetMs` by the time it
 * took, at most doubled, between 1 and `most`.
 */
export function nextPartSize(size: number, tookMs: number, budgetMs: number, most: number): number {
  const scaled = Math.floor((size * budgetMs) / Math.max(tookMs, 0.01));
  return Math.max(1, Math.min(most, 2 * size, scaled));
}
