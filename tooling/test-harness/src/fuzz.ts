import { cpuClock } from './cpu.js';
import { hashSeed, randInt, rng } from './random.js';

/** A parser under test: bytes in, anything out; may be async. */
export type ParseFn = (bytes: Uint8Array) => unknown;

export interface HardeningOptions {
  /** Seed; defaults to a hash of `name`, so runs are reproducible. */
  seed?: number;
  /** Label used in failure messages and to derive the seed. */
  name?: string;
  /** Mutations per input. Default 48, or 1500 with RELIC3D_FUZZ=long (`RELIC3D_FUZZ=long pnpm vitest run hardening`). */
  iterations?: number;
  /** Inputs up to this size get every prefix length. Default 2048 (32768 long). */
  fullSweepUpTo?: number;
  /** Prefix lengths sampled from larger inputs. Default 96 (1500 long). */
  samples?: number;
  /**
   * Limit for one call, in ms of this process's CPU time (user + system), not wall time: a loaded
   * machine stretches the wall clock, not the work. Default 2000 + 1 ms per KB of input.
   */
  timeBudgetMs?: number;
  /** The result may hold at most this many bytes per input byte (+ 1 MiB). Default 64. */
  memoryFactor?: number;
}

export interface HardeningFailure {
  kind: 'escaped' | 'slow' | 'memory';
  /** How the input was made, e.g. `truncate 1234` or `flip@77`. */
  input: string;
  detail: string;
}

export interface HardeningReport {
  runs: number;
  /** Inputs the parser accepted. */
  accepted: number;
  /** Inputs rejected with a FormatError. */
  rejected: number;
  failures: HardeningFailure[];
}

export const longFuzz = (): boolean => process.env.RELIC3D_FUZZ === 'long';

/** A FormatError by shape, so the harness does not depend on core's class identity. */
export function looksLikeFormatError(e: unknown): boolean {
  return (
    e instanceof Error &&
    e.name === 'FormatError' &&
    typeof (e as { offset?: unknown }).offset === 'number' &&
    typeof (e as { format?: unknown }).format === 'string' &&
    typeof (e as { expected?: unknown }).expected === 'string'
  );
}

/** Bytes held by typed arrays reachable from a result, not counting views of the input. */
export function retainedBytes(value: unknown, input: ArrayBufferLike, seen = new Set<unknown>()): number {
  if (value === null || typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return value.buffer === input ? 0 : value.byteLength;
  let total = 0;
  if (value instanceof Map) {
    for (const v of value.values()) total += retainedBytes(v, input, seen);
    return total;
  }
  for (const v of Object.values(value as object)) total += retainedBytes(v, input, seen);
  return total;
}

function budgetFor(bytes: Uint8Array, options: HardeningOptions): number {
  return options.timeBudgetMs ?? 2000 + bytes.length / 1024;
}

async function runOne(parse: ParseFn, bytes: Uint8Array, label: string, options: HardeningOptions, report: HardeningReport): Promise<void> {
  report.runs++;
  const budget = budgetFor(bytes, options);
  const limit = (options.memoryFactor ?? 64) * bytes.length + (1 << 20);
  const before = process.memoryUsage().arrayBuffers;
  const cpuMs = cpuClock();
  const start = performance.now();
  let result: unknown;
  try {
    result = await parse(bytes);
    report.accepted++;
  } catch (e) {
    if (looksLikeFormatError(e)) report.rejected++;
    else {
      const err = e as Error;
      report.failures.push({ kind: 'escaped', input: label, detail: `${err?.name ?? typeof e}: ${err?.message ?? String(e)}`.slice(0, 300) });
    }
  }
  const wallMs = performance.now() - start;
  const usedMs = cpuMs();
  if (usedMs > budget) report.failures.push({ kind: 'slow', input: label, detail: `${usedMs.toFixed(0)} ms of CPU (${wallMs.toFixed(0)} ms wall) > ${budget.toFixed(0)} ms budget` });
  const held = Math.max(retainedBytes(result, bytes.buffer), process.memoryUsage().arrayBuffers - before);
  if (held > limit) report.failures.push({ kind: 'memory', input: label, detail: `${held} bytes held for a ${bytes.length}-byte input (limit ${limit})` });
}

/**
 * Fewer sampled prefixes and mutations for a corpus file over 100 KB (16 each; 8 over 500 KB): each
 * of its runs is a full parse, and the parser code the runs reach is reached as well with fewer (the
 * same V8 block coverage of the reader and core, measured for ms3d, o3d and mdl when they took it;
 * lod's one corpus file lost two skeleton branches, so it keeps the defaults).
 * Smaller inputs keep the defaults.
 */
export function largeInputRuns(size: number): Pick<HardeningOptions, 'samples' | 'iterations'> {
  if (longFuzz()) return {};
  return size > 500_000 ? { samples: 8, iterations: 8 } : size > 100_000 ? { samples: 16, iterations: 16 } : {};
}

/** Feeds every prefix of small inputs, and sampled prefixes of large ones, to the parser. */
export async function truncationSweep(bytes: Uint8Array, parse: ParseFn, options: HardeningOptions = {}): Promise<HardeningReport> {
  const report: HardeningReport = { runs: 0, accepted: 0, rejected: 0, failures: [] };
  const long = longFuzz();
  const full = options.fullSweepUpTo ?? (long ? 32768 : 2048);
  const lengths = new Set<number>();
  if (bytes.length <= full) for (let n = 0; n < bytes.length; n++) lengths.add(n);
  else {
    const random = rng(options.seed ?? hashSeed(`${options.name ?? ''}:truncate`));
    const samples = options.samples ?? (long ? 1500 : 96);
    for (let n = 0; n < 64; n++) lengths.add(n); // headers
    for (let k = 0; k < samples; k++) lengths.add(randInt(random, bytes.length));
    lengths.add(bytes.length - 1);
  }
  for (const n of [...lengths].sort((a, b) => a - b)) {
    // A fresh copy, so a parser cannot read past the prefix through the shared buffer.
    await runOne(parse, bytes.slice(0, n), `truncate ${n}/${bytes.length}`, options, report);
  }
  return report;
}

const FORCED_COUNTS = [0x7fffffff, 0xffffffff, 0x80000000, 0x40000000, 0x10000000, 0x00ffffff, 65535, 65536];

/** Bit flips, overwritten byte runs and count fields forced to huge or negative values. */
export async function mutationFuzz(bytes: Uint8Array, parse: ParseFn, options: HardeningOptions = {}): Promise<HardeningReport> {
  const report: HardeningReport = { runs: 0, accepted: 0, rejected: 0, failures: [] };
  if (bytes.length === 0) return report;
  const random = rng(options.seed ?? hashSeed(`${options.name ?? ''}:mutate`));
  const iterations = options.iterations ?? (longFuzz() ? 1500 : 48);
  for (let it = 0; it < iterations; it++) {
    const copy = bytes.slice();
    const view = new DataView(copy.buffer);
    const kind = it % 3;
    let label: string;
    if (kind === 0) {
      const flips = 1 + randInt(random, 8);
      const at = randInt(random, copy.length);
      for (let f = 0; f < flips; f++) {
        const p = Math.min(copy.length - 1, at + randInt(random, 64));
        copy[p] ^= 1 << randInt(random, 8);
      }
      label = `flip×${flips}@${at}`;
    } else if (kind === 1) {
      const at = randInt(random, copy.length);
      const len = 1 + randInt(random, 16);
      const fill = randInt(random, 3);
      for (let p = at; p < Math.min(copy.length, at + len); p++) copy[p] = fill === 0 ? 0 : fill === 1 ? 0xff : randInt(random, 256);
      label = `overwrite ${len}@${at} (${['zero', 'ones', 'random'][fill]})`;
    } else {
      // Counts sit early in headers more often than not: bias towards the first KB.
      const span = random() < 0.5 ? Math.min(1024, copy.length) : copy.length;
      const at = Math.max(0, Math.min(copy.length - 4, randInt(random, span)));
      const value = random() < 0.8 ? FORCED_COUNTS[randInt(random, FORCED_COUNTS.length)] : randInt(random, 0x100000000);
      if (copy.length >= 4) view.setUint32(at, value >>> 0, true);
      label = `count 0x${(value >>> 0).toString(16)}@${at}`;
    }
    await runOne(parse, copy, label, options, report);
  }
  return report;
}

/** Throws with the first failures listed when a report has any. */
export function assertHardened(report: HardeningReport, name = 'input'): void {
  if (!report.failures.length) return;
  const lines = report.failures.slice(0, 10).map((f) => `  [${f.kind}] ${f.input}: ${f.detail}`);
  throw new Error(`${name}: ${report.failures.length} of ${report.runs} hardening runs failed\n${lines.join('\n')}`);
}

/** Truncation sweep and mutation fuzz together; throws on any failure. */
export async function expectHardened(parse: ParseFn, bytes: Uint8Array, options: HardeningOptions = {}): Promise<HardeningReport> {
  const name = options.name ?? 'input';
  const t = await truncationSweep(bytes, parse, options);
  assertHardened(t, `${name} (truncation)`);
  const m = await mutationFuzz(bytes, parse, options);
  assertHardened(m, `${name} (mutation)`);
  return {
    runs: t.runs + m.runs,
    accepted: t.accepted + m.accepted,
    rejected: t.rejected + m.rejected,
    failures: [],
  };
}
