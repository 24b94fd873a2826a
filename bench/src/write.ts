// Write throughput: each format's writer on the scene of its ~50 MB generated file, in MB/s of output,
// against a plain copy of the same number of bytes and against parsing that file (target: writing
// at least as fast as reading). Parse and write alternate round by round, so load hits both alike.
// Each round forces a full GC, then runs the parse twice and the write twice: V8 compiles the hot loops
// again after a forced GC (`--trace-opt`: 20–220 ms of compiler threads under load), which lands in
// the first run; the second run is the reported one (wall and CPU), the first is kept beside it.
//
// Standalone: `node --expose-gc --import tsx src/write.ts [--mb=50] [--formats=o3d,ms3d] [--rounds=7] [--warmup=1]`
// (`--warmup`: rounds left out first; the small skinned writes are still warming their JIT after one);
// under `--cpu-prof` it shows what bounds a writer. `pnpm bench` runs it as its "write" section.
// `--old=NAME` (standalone) times the writers from the packages' sources and, in the same rounds,
// an older copy of them in packages/<format>/NAME/src (untracked; see write-old.ts): before and
// after as write ÷ parse in one run, and whether both wrote the same bytes. `--new=NAME2` times a
// copy of the current sources instead (both copies then load alike, e.g. each with its own core).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isWriteError, type Scene, type WriteResult } from '@relic3d/core';
import { formats, writers } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { labelOf, parseOptionsOf, type Generated } from './generate.js';
import { benchInputs } from './inputs.js';
import { cpuMs, fmt, gc, median, timeCopy } from './timing.js';

export interface WriteRow {
  format: string;
  inputBytes: number;
  /** Bytes of every file the writer returned. */
  outputBytes: number;
  files: number;
  warnings: number;
  /** Medians of the second run after a GC (the first after it pays V8's recompiling: `first`). */
  parseMs: number;
  writeMs: number;
  writeCpuMs: number;
  /** Median system CPU ms of the second runs (page faults of fresh memory). */
  sysMs: { parse: number; write: number };
  /** Medians of the first run after each GC: wall and CPU ms. */
  first: { parseMs: number; parseCpuMs: number; writeMs: number; writeCpuMs: number };
  /** Output MB per second of writing. */
  writeMBPerS: number;
  /** A `Uint8Array.set` copy of as many bytes as the writer wrote. */
  copyMs: number;
  /** writeMs / parseMs (wall). */
  writeOverParse: number;
  /** writeCpuMs / parseCpuMs: ≤ 1 meets the target (CPU, so other load on the machine counts less). */
  writeOverParseCpu: number;
  /** Every round wrote the same bytes. */
  deterministic: boolean;
  /** With an older writer (`--old`): its median wall ms, its ÷ parse, its CPU ms, and whether it wrote the same bytes. */
  old?: { writeMs: number; writeOverParse: number; writeCpuMs: number; sameBytes: boolean };
  parseCpuMs: number;
  /** Why the row has no timing (the writer refused the scene, or does not exist yet). */
  skipped?: string;
  samples: { parse: number[]; write: number[] };
}

const total = (r: WriteResult) => Object.values(r.files).reduce((n, f) => n + f.length, 0);
const sameFiles = (a: WriteResult, b: WriteResult) =>
  Object.keys(a.files).length === Object.keys(b.files).length &&
  Object.entries(a.files).every(([name, bytes]) => {
    const other = b.files[name];
    return other !== undefined && other.length === bytes.length && other.every((v, i) => v === bytes[i]);
  });

type Write = (scene: Scene, options: { name: string }) => WriteResult;
export interface WriterSources {
  /** The writer to time (default: `writers` of @relic3d/formats, i.e. the packages' builds). */
  writerOf?: (format: string) => Promise<Write>;
  /** An older writer timed in the same rounds. */
  oldWriterOf?: (format: string) => Promise<Write>;
}

export async function writeBench(inputs: Generated[], rounds = 7, log: (...a: unknown[]) => void = console.log, sources: WriterSources = {}, warmup = 1): Promise<WriteRow[]> {
  await ready();
  const rows: WriteRow[] = [];
  for (const g of inputs) {
    const format = formats.find((f) => f.id === g.format)!;
    const write: Write = sources.writerOf ? await sources.writerOf(g.format) : (scene, o) => writers.find((w) => w.id === g.format)!.write(scene, o);
    const oldWrite = sources.oldWriterOf ? await sources.oldWriterOf(g.format) : undefined;
    const options = parseOptionsOf(g);
    const parse = () => format.parse(g.bytes, options);
    let scene: Scene = await parse();
    const base = {
      format: labelOf(g), inputBytes: g.bytes.length, outputBytes: 0, files: 0, warnings: 0, parseMs: 0, parseCpuMs: 0, writeMs: 0, writeCpuMs: 0,
      first: { parseMs: 0, parseCpuMs: 0, writeMs: 0, writeCpuMs: 0 }, sysMs: { parse: 0, write: 0 }, writeMBPerS: 0, copyMs: 0, writeOverParse: 0, writeOverParseCpu: 0, deterministic: true, samples: { parse: [], write: [] },
    };
    let first: WriteResult;
    try {
      first = write(scene, { name: 'bench' });
    } catch (error) {
      rows.push({ ...base, skipped: isWriteError(error) ? error.message : String(error) });
      log(`  ${labelOf(g)}: skipped (${rows[rows.length - 1].skipped})`);
      continue;
    }
    const parses = new Samples(), writes = new Samples(), olds = new Samples();
    let deterministic = true, sameAsOld = true;
    for (let r = 0; r < rounds + warmup; r++) {
      const keep = r >= warmup; // the first rounds warm up
      scene = await twiceAfterGc(parse, parses, keep);
      // With an older writer, the two take turns going first.
      const runOld = async () => oldWrite && (sameAsOld &&= sameFiles(first, await twiceAfterGc(() => oldWrite(scene, { name: 'bench' }), olds, keep)));
      if (r % 2) await runOld();
      const result = await twiceAfterGc(() => write(scene, { name: 'bench' }), writes, keep);
      if (!(r % 2)) await runOld();
      deterministic &&= sameFiles(first, result);
    }
    const outputBytes = total(first);
    const copy = timeCopy(new Uint8Array(outputBytes).fill(7));
    const writeMs = median(writes.wall), parseMs = median(parses.wall), writeCpuMs = median(writes.cpu), parseCpuMs = median(parses.cpu);
    const row: WriteRow = {
      ...base,
      outputBytes,
      files: Object.keys(first.files).length,
      warnings: first.warnings.length,
      parseMs,
      parseCpuMs,
      writeMs,
      writeCpuMs,
      sysMs: { parse: median(parses.sys), write: median(writes.sys) },
      first: { parseMs: median(parses.firstWall), parseCpuMs: median(parses.firstCpu), writeMs: median(writes.firstWall), writeCpuMs: median(writes.firstCpu) },
      ...(oldWrite ? { old: { writeMs: median(olds.wall), writeOverParse: median(olds.wall) / parseMs, writeCpuMs: median(olds.cpu), sameBytes: sameAsOld } } : {}),
      writeMBPerS: outputBytes / 1048576 / (writeMs / 1000),
      copyMs: copy.fresh,
      writeOverParse: writeMs / parseMs,
      writeOverParseCpu: writeCpuMs / parseCpuMs,
      deterministic,
      samples: { parse: parses.wall, write: writes.wall },
    };
    rows.push(row);
    log(`  ${labelOf(g)}: CPU write ÷ parse ${fmt(row.writeOverParseCpu)} (first after GC ${fmt(row.first.writeCpuMs / row.first.parseCpuMs)}; CPU ms write ${fmt(writeCpuMs, 0)}, sys ${fmt(row.sysMs.write, 0)}, parse ${fmt(parseCpuMs, 0)}, sys ${fmt(row.sysMs.parse, 0)}), write ${fmt(writeMs, 0)} ms${row.old ? ` (old ${fmt(row.old.writeMs, 0)} ms)` : ''} (${fmt(row.writeMBPerS, 1)} MB/s of ${fmt(outputBytes / 1048576, 1)} MB), parse ${fmt(parseMs, 0)} ms, copy ${fmt(copy.fresh)} ms`);
  }
  return rows;
}

/** Wall and CPU ms of the first and the second run after each forced GC. */
class Samples {
  readonly firstWall: number[] = [];
  readonly firstCpu: number[] = [];
  readonly wall: number[] = [];
  readonly cpu: number[] = [];
  /** The kernel's share of `cpu` (first touch of fresh memory: a new 50 MB output faults in ~40 ms of it). */
  readonly sys: number[] = [];
}

/** A full GC, then `job` twice, each timed; the second run's result is returned. */
async function twiceAfterGc<T>(job: () => T | Promise<T>, into: Samples, keep: boolean): Promise<T> {
  gc();
  let result!: T;
  for (const [wall, cpu] of [[into.firstWall, into.firstCpu], [into.wall, into.cpu]] as const) {
    const c = cpuMs(), s = process.cpuUsage().system, t = performance.now();
    result = await job();
    if (keep) wall.push(performance.now() - t), cpu.push(cpuMs() - c);
    if (keep && wall === into.wall) into.sys.push((process.cpuUsage().system - s) / 1000);
  }
  return result;
}

export function writeTable(rows: WriteRow[]): string {
  const withOld = rows.some((r) => r.old);
  const oldHeaders = withOld ? ['old write ms', 'old write ÷ parse', 'CPU: old ÷ parse → new ÷ parse', 'same bytes as old'] : [];
  const headers = ['format', 'input MB', 'output MB', 'files', 'write ms', 'output MB/s', 'copy ms', 'fraction of copy', 'parse ms', 'write ÷ parse', 'CPU write ÷ parse', 'first after GC: CPU write ÷ parse', ...oldHeaders, 'same bytes each run', 'target'];
  const cells = rows.map((r) =>
    r.skipped
      ? [r.format, fmt(r.inputBytes / 1048576, 1), ...headers.slice(2, -1).map(() => '-'), r.skipped]
      : [
          r.format,
          fmt(r.inputBytes / 1048576, 1),
          fmt(r.outputBytes / 1048576, 1),
          String(r.files),
          fmt(r.writeMs, 0),
          fmt(r.writeMBPerS, 1),
          fmt(r.copyMs),
          `1/${fmt(r.writeMs / r.copyMs, 0)}`,
          fmt(r.parseMs, 0),
          fmt(r.writeOverParse),
          fmt(r.writeOverParseCpu),
          fmt(r.first.writeCpuMs / r.first.parseCpuMs),
          ...(withOld ? (r.old ? [fmt(r.old.writeMs, 0), fmt(r.old.writeOverParse), `${fmt(r.old.writeCpuMs / r.parseCpuMs)} → ${fmt(r.writeCpuMs / r.parseCpuMs)}`, r.old.sameBytes ? 'yes' : 'NO'] : ['-', '-', '-', '-']) : []),
          r.deterministic ? 'yes' : 'NO',
          `write ≤ parse ${r.writeOverParseCpu <= 1 ? 'met' : 'MISSED'}`,
        ],
  );
  const all = [headers, ...cells];
  const widths = headers.map((_, i) => Math.max(...all.map((c) => c[i].length)));
  const line = (c: string[]) => '| ' + c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join(' | ') + ' |';
  return [line(headers), '|' + widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|') + '|', ...cells.map(line)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const mb = Number(args.mb ?? 50);
  const only = args.formats ? new Set(args.formats.split(',')) : undefined;
  const inputs = benchInputs(mb, Number(args['skinned-vertices'] ?? 60000), only);
  const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
  const fromSources = (folder: string) => async (format: string) =>
    ((await import(pathToFileURL(path.resolve(import.meta.dirname, '../../packages', format, folder, 'src/index.ts')).href)) as Record<string, Write>)[WRITERS[format]];
  const load = os.loadavg();
  const rows = await writeBench(inputs, Number(args.rounds ?? 7), console.log, args.old ? { writerOf: fromSources(args.new ?? '.'), oldWriterOf: fromSources(args.old) } : {}, Number(args.warmup ?? 1));
  console.log(`\n${writeTable(rows)}`);
  console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
}
