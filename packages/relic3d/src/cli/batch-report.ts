import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { BatchError } from '@relic3d/batch';
import type { BatchFileResult, FolderScan } from '@relic3d/batch/node';
import { jsonText } from './json-output.js';

/** One model in the report, in input order. */
export interface BatchReportFile {
  file: string;
  format: string | null;
  ok: boolean;
  /** converted, failed, up-to-date (--resume), interrupted (in flight at Ctrl-C) or not-run. */
  status: BatchFileResult['status'] | 'not-run';
  output?: string;
  /** Milliseconds in the worker: read + parse + export + write. */
  ms: number;
  warnings: number;
  error?: BatchError;
}

/** The report `relic3d batch --json` writes (schema in the README). */
export interface BatchReport {
  root: string;
  out: string;
  /** False while the batch runs (the report is rewritten as it goes) and after Ctrl-C. */
  complete: boolean;
  interrupted: boolean;
  summary: {
    files: number;
    converted: number;
    failed: number;
    upToDate: number;
    notRun: number;
    skipped: number;
    unreadableFolders: number;
    seconds: number;
    warnings: number;
    formats: Record<string, { files: number; converted: number; failed: number }>;
    /** Input bytes of the models handled, and the throughput over the whole run. */
    inputBytes: number;
    filesPerSecond: number;
    megabytesPerSecond: number;
    /** Peak resident memory of the process (workers included), MiB. */
    peakRssMB: number;
    /**
     * Fraction of the wall time the main thread was busy (scheduling, reporting): its event loop's
     * utilisation, an upper bound (time waiting for a CPU counts) ...
     */
    mainThreadBusy: number;
    /** ... and its CPU time over the wall time (Linux; null elsewhere). */
    mainThreadCpu: number | null;
    /** CPU seconds of the whole process (every thread) during the batch; ÷ seconds = cores kept busy. */
    cpuSeconds: number;
  };
  /** Warning code → how many, in how many files, and the first file and message met. */
  warnings: Record<string, { count: number; files: number; example: { file: string; message: string } }>;
  /** The slowest files, slowest first, with where their time went (ms). */
  slowest: { file: string; ms: number; read: number; parse: number; export: number; write: number }[];
  files: BatchReportFile[];
  /** Entries not converted, and why (companions, unknown content, special files, links leaving the folder). */
  skipped: { file: string; reason: string }[];
  unreadableFolders: string[];
}

/** The skipped entries worth a line of their own: not the companions and unknown files every folder has. */
export const unusualSkipped = (report: Pick<BatchReport, 'skipped'>) => report.skipped.filter((s) => !/^(a companion|not a model)/.test(s.reason));

const SLOWEST = 10;
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

/**
 * Builds the batch report as results arrive (any order) and keeps it small per file: one row per
 * model, warnings aggregated by code, the slowest files in a short list. `write()` replaces the
 * JSON file atomically, so a reader never sees half a report.
 */
export class BatchReportBuilder {
  private readonly rows: (BatchReportFile | undefined)[];
  /** Per code; the example is the first file in input order that has it (whatever finished first). */
  private readonly warnings = new Map<string, { count: number; files: number; at: number; example: { file: string; message: string } }>();
  private slowest: BatchReport['slowest'] = [];
  private readonly formats = new Map<string, { files: number; converted: number; failed: number }>();
  private readonly counts = { converted: 0, failed: 0, upToDate: 0, interrupted: 0, warnings: 0, inputBytes: 0, done: 0 };
  interrupted = false;

  constructor(
    private readonly scan: FolderScan,
    private readonly out: string,
    private readonly started = performance.now(),
    private readonly elu = performance.eventLoopUtilization(),
    private readonly cpu = mainThreadCpuMs(),
    private readonly processCpu = process.cpuUsage(),
  ) {
    this.rows = new Array(scan.inputs.length);
  }

  get done(): number {
    return this.counts.done;
  }

  get failed(): number {
    return this.counts.failed + this.counts.interrupted;
  }

  /** Records one result; returns its report row. */
  add(result: BatchFileResult): BatchReportFile {
    const warningCount = result.warnings.reduce((n, w) => n + w.count, 0);
    const ms = result.ms.read + result.ms.parse + result.ms.export + result.ms.write;
    const ok = result.status === 'converted' || result.status === 'up-to-date';
    const row: BatchReportFile = { file: result.file, format: result.format ?? null, ok, status: result.status, ms: round(ms), warnings: warningCount };
    if (ok) row.output = result.output;
    if (result.error) row.error = result.error;
    this.rows[result.index] = row;
    this.counts.done++;
    if (result.size > 0) this.counts.inputBytes += result.size;
    if (result.status === 'converted') this.counts.converted++;
    else if (result.status === 'up-to-date') this.counts.upToDate++;
    else if (result.status === 'interrupted') this.counts.interrupted++;
    else this.counts.failed++;
    if (result.status !== 'interrupted') {
      const key = row.format ?? '(unknown)';
      let f = this.formats.get(key);
      if (!f) this.formats.set(key, (f = { files: 0, converted: 0, failed: 0 }));
      f.files++;
      if (ok) f.converted++;
      else f.failed++;
    }
    for (const w of result.warnings) {
      this.counts.warnings += w.count;
      const entry = this.warnings.get(w.code);
      if (entry) {
        entry.count += w.count;
        entry.files++;
        if (result.index < entry.at) {
          entry.at = result.index;
          entry.example = { file: result.file, message: w.message };
        }
      } else this.warnings.set(w.code, { count: w.count, files: 1, at: result.index, example: { file: result.file, message: w.message } });
    }
    if (result.status === 'converted' && (this.slowest.length < SLOWEST || ms > this.slowest[this.slowest.length - 1].ms)) {
      this.slowest.push({ file: result.file, ms: round(ms), read: round(result.ms.read), parse: round(result.ms.parse), export: round(result.ms.export), write: round(result.ms.write) });
      this.slowest.sort((a, b) => b.ms - a.ms);
      if (this.slowest.length > SLOWEST) this.slowest.length = SLOWEST;
    }
    return row;
  }

  /** The report as it stands; files not reported yet are `not-run` (after Ctrl-C) rows. */
  report(complete: boolean): BatchReport {
    const seconds = (performance.now() - this.started) / 1000;
    const files = this.scan.inputs.map((input, i): BatchReportFile => this.rows[i] ?? { file: input.file, format: null, ok: false, status: 'not-run', ms: 0, warnings: 0 });
    const elu = performance.eventLoopUtilization(this.elu);
    return {
      root: this.scan.root,
      out: this.out,
      complete,
      interrupted: this.interrupted,
      summary: {
        files: this.scan.inputs.length,
        converted: this.counts.converted,
        failed: this.counts.failed + this.counts.interrupted,
        upToDate: this.counts.upToDate,
        notRun: this.scan.inputs.length - this.counts.done,
        skipped: this.scan.skipped.length,
        unreadableFolders: this.scan.unreadableFolders.length,
        seconds: round(seconds, 2),
        warnings: this.counts.warnings,
        formats: Object.fromEntries([...this.formats].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
        inputBytes: this.counts.inputBytes,
        filesPerSecond: round(this.counts.done / Math.max(seconds, 1e-3)),
        megabytesPerSecond: round(this.counts.inputBytes / 1048576 / Math.max(seconds, 1e-3), 2),
        peakRssMB: round(peakRss() / 1048576),
        mainThreadBusy: round(elu.utilization, 3),
        mainThreadCpu: this.cpu === undefined ? null : round(((mainThreadCpuMs() ?? this.cpu) - this.cpu) / 1000 / Math.max(seconds, 1e-3), 3),
        cpuSeconds: round(cpuSeconds(process.cpuUsage(this.processCpu)), 2),
      },
      warnings: Object.fromEntries([...this.warnings].sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : 1)).map(([code, { count, files, example }]) => [code, { count, files, example }])),
      slowest: this.slowest,
      files,
      skipped: this.scan.skipped,
      unreadableFolders: this.scan.unreadableFolders,
    };
  }
}

/**
 * The report's JSON text in pieces: the summary indented, `files` and `skipped` one entry per line,
 * a thousand lines a piece, so a report of a million files is never one string.
 */
export function* reportChunks(report: BatchReport): Generator<string> {
  const { files, skipped, unreadableFolders, ...head } = report;
  const indent = (text: string) => text.replace(/\n/g, '\n  ');
  const entries = Object.entries(head).map(([k, v]) => `  ${jsonText(k)}: ${indent(jsonText(v, 2))}`);
  yield `{\n${entries.join(',\n')},\n`;
  function* list(name: string, items: readonly unknown[], last: boolean) {
    yield `  ${jsonText(name)}: [${items.length ? '\n' : ''}`;
    for (let i = 0; i < items.length; i += 1000) {
      const chunk = items.slice(i, i + 1000).map((item) => `    ${jsonText(item)}`);
      yield chunk.join(',\n') + (i + 1000 < items.length ? ',\n' : '\n');
    }
    yield `${items.length ? '  ' : ''}]${last ? '\n' : ',\n'}`;
  }
  yield* list('files', files, false);
  yield* list('skipped', skipped, false);
  yield* list('unreadableFolders', unreadableFolders, true);
  yield '}\n';
}

/**
 * Peak resident memory of this process in bytes: Linux VmHWM (getrusage's maxRSS survives exec, so
 * a child would report its parent's peak), elsewhere maxRSS.
 */
export function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS * 1024;
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/** CPU milliseconds of the main thread so far (Linux /proc, 10 ms resolution), or undefined. */
export function mainThreadCpuMs(): number | undefined {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Writes the report as JSON, replacing `file` atomically (a temporary file beside it, then a
 * rename). The summary is indented; `files` and `skipped` hold one entry per line, written in
 * chunks, so a 100,000-file report is neither one huge string nor a 40 MB pretty print.
 */
export function writeReportFile(file: string, report: BatchReport): void {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.relic3d-tmp`);
  try {
    unlinkSync(temp);
  } catch {
    /* no leftover */
  }
  const fd = openSync(temp, 'wx', 0o644);
  try {
    for (const chunk of reportChunks(report)) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, target);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {
      /* gone */
    }
    throw e;
  }
}
