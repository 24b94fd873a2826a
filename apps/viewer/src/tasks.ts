// Long jobs on the page's thread in parts: each part a task of its own, so none is a long task.

/**
 * Settles in a later task: `scheduler.yield()` where the browser has it (the job goes on before
 * other queued work, after input and a frame), else a zero timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
