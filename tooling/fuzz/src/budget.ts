/**
 * Budgets for one parse of an n-byte input (issue 15): time ≤ 2 s + 50 ms per MB, peak memory
 * ≤ 8 × n + 64 MB. Both apply to every input, accepted or rejected. Time is CPU time (see measure.ts).
 */
const MB = 1 << 20;

export function timeBudgetMs(bytes: number): number {
  return 2000 + (50 * bytes) / MB;
}

export function memoryBudgetBytes(bytes: number): number {
  return 8 * bytes + 64 * MB;
}

/** Which budgets a measurement breaks. */
export function overBudget(bytes: number, cpuMs: number, peak: number): ('time' | 'memory')[] {
  const over: ('time' | 'memory')[] = [];
  if (cpuMs > timeBudgetMs(bytes)) over.push('time');
  if (peak > memoryBudgetBytes(bytes)) over.push('memory');
  return over;
}
