import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpuClock } from './cpu.js';
import { looksLikeFormatError, retainedBytes, type ParseFn } from './fuzz.js';

/** The hostile-input budget for any accepted input of n bytes (issue 15). */
export interface Budget {
  /** 2 s + 50 ms per MB. */
  timeMs: number;
  /** 8 × n + 64 MB, for what a parse keeps and for its peak. */
  memoryBytes: number;
}

export function budgetFor(bytes: number): Budget {
  return { timeMs: 2000 + (50 * bytes) / 1048576, memoryBytes: 8 * bytes + 64 * 1048576 };
}

export interface Measurement {
  /** Wall-clock time. */
  ms: number;
  /**
   * CPU time of this process during the parse (user + system, all threads): what the parse cost,
   * without the waiting a loaded machine adds to the wall clock.
   */
  cpuMs: number;
  /** Typed-array bytes the result holds or the parse left allocated (as `expectHardened` counts them). */
  retainedBytes: number;
  /** Growth of the resident set at its highest during the parse; undefined where it cannot be read. */
  peakBytes?: number;
  result?: unknown;
  /** What the parse threw, if anything. */
  error?: unknown;
}

const procStatus = '/proc/self/status';

function statusField(name: string): number | undefined {
  const m = new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync(procStatus, 'utf8'));
  return m ? Number(m[1]) * 1024 : undefined;
}

/**
 * Resets the kernel's peak-RSS mark (Linux ≥ 4.0: writing 5 to clear_refs), so VmHWM afterwards is
 * the peak of what runs next. False where that is not possible.
 */
function resetPeak(): boolean {
  try {
    if (!existsSync(procStatus)) return false;
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Runs one parse and measures its time, what it retains and (on Linux) its peak memory. */
export async function measureParse(parse: ParseFn, bytes: Uint8Array): Promise<Measurement> {
  const peakKnown = resetPeak();
  const rssBefore = peakKnown ? statusField('VmRSS') : undefined;
  const buffersBefore = process.memoryUsage().arrayBuffers;
  const cpuMs = cpuClock();
  const start = performance.now();
  const out: Measurement = { ms: 0, cpuMs: 0, retainedBytes: 0 };
  try {
    out.result = await parse(bytes);
  } catch (e) {
    out.error = e;
  }
  out.ms = performance.now() - start;
  out.cpuMs = cpuMs();
  const peak = peakKnown ? statusField('VmHWM') : undefined;
  if (peak !== undefined && rssBefore !== undefined) out.peakBytes = Math.max(0, peak - rssBefore);
  out.retainedBytes = Math.max(retainedBytes(out.result, bytes.buffer), process.memoryUsage().arrayBuffers - buffersBefore);
  return out;
}

/**
 * Parses within the budget or throws saying what went over: time (CPU time, so that other work on
 * a loaded machine does not count), retained or peak memory, or an error that is not a
 * FormatError. Returns the measurement (with the result).
 */
export async function expectWithinBudget(parse: ParseFn, bytes: Uint8Array, name = 'input'): Promise<Measurement> {
  const budget = budgetFor(bytes.length);
  const m = await measureParse(parse, bytes);
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  const problems: string[] = [];
  if (m.error !== undefined && !looksLikeFormatError(m.error)) {
    const e = m.error as Error;
    problems.push(`threw ${e?.name ?? typeof e}: ${String(e?.message ?? e).slice(0, 200)}`);
  }
  if (m.cpuMs > budget.timeMs) problems.push(`took ${m.cpuMs.toFixed(0)} ms of CPU (${m.ms.toFixed(0)} ms wall) > ${budget.timeMs.toFixed(0)} ms`);
  if (m.retainedBytes > budget.memoryBytes) problems.push(`retained ${mb(m.retainedBytes)} > ${mb(budget.memoryBytes)}`);
  if (m.peakBytes !== undefined && m.peakBytes > budget.memoryBytes) problems.push(`peak ${mb(m.peakBytes)} > ${mb(budget.memoryBytes)}`);
  if (problems.length) throw new Error(`${name} (${mb(bytes.length)}): ${problems.join('; ')}`);
  return m;
}
