// Write throughput: each format's writer on the scene of its ~50 MB generated file, in MB/s of output,
// against a plain copy of the same number of bytes and against parsing that file (target: writing
// at least as fast as reading). Parse and write alternate round by round, so load hits both alike.
//
// Standalone: `node --expose-gc --import tsx src/write.ts [--mb=50] [--formats=o3d,ms3d] [--rounds=7]`;
// under `--cpu-prof` it shows what bounds a writer. `pnpm bench` runs it as its "write" section.
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
  parseMs: number;
  writeMs: number;
  writeCpuMs: number;
  /** Output MB per second of writing. */
  writeMBPerS: number;
  /** A `Uint8Array.set` copy of as many bytes as the writer wrote. */
  copyMs: number;
  /** writeMs / parseMs: ≤ 1 meets the target. */
  writeOverParse: number;
  /** Every round wrote the same bytes. */
  deterministic: boolean;
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

export async function writeBench(inputs: Generated[], rounds = 7, log: (...a: unknown[]) => void = console.log): Promise<WriteRow[]> {
  await ready();
  const rows: WriteRow[] = [];
  for (const g of inputs) {
    const format = formats.find((f) => f.id === g.format)!;
    const writer = writers.find((w) => w.id === g.format)!;
    const options = parseOptionsOf(g);
    const parse = () => format.parse(g.bytes, options);
    let scene: Scene = await parse();
    const base = { format: labelOf(g), inputBytes: g.bytes.length, outputBytes: 0, files: 0, warnings: 0, parseMs: 0, writeMs: 0, writeCpuMs: 0, writeMBPerS: 0, copyMs: 0, writeOverParse: 0, deterministic: true, samples: { parse: [], write: [] } };
    let first: WriteResult;
    try {
      first = writer.write(scene, { name: 'bench' });
    } catch (error) {
      rows.push({ ...base, skipped: isWriteError(error) ? error.message : String(error) });
      log(`  ${labelOf(g)}: skipped (${rows[rows.length - 1].skipped})`);
      continue;
    }
    const parseSamples: number[] = [], writeSamples: number[] = [], writeCpu: number[] = [];
    let deterministic = true;
    for (let r = 0; r < rounds + 1; r++) {
      gc();
      let t = performance.now();
      scene = await parse();
      const parseMs = performance.now() - t;
      gc();
      const c = cpuMs();
      t = performance.now();
      const result = writer.write(scene, { name: 'bench' });
      const writeMs = performance.now() - t;
      const cpu = cpuMs() - c;
      if (r === 0) continue; // warm-up round
      parseSamples.push(parseMs);
      writeSamples.push(writeMs);
      writeCpu.push(cpu);
      deterministic &&= sameFiles(first, result);
    }
    const outputBytes = total(first);
    const copy = timeCopy(new Uint8Array(outputBytes).fill(7));
    const writeMs = median(writeSamples), parseMs = median(parseSamples);
    const row: WriteRow = {
      ...base,
      outputBytes,
      files: Object.keys(first.files).length,
      warnings: first.warnings.length,
      parseMs,
      writeMs,
      writeCpuMs: median(writeCpu),
      writeMBPerS: outputBytes / 1048576 / (writeMs / 1000),
      copyMs: copy.fresh,
      writeOverParse: writeMs / parseMs,
      deterministic,
      samples: { parse: parseSamples, write: writeSamples },
    };
    rows.push(row);
    log(`  ${g.format}: write ${fmt(writeMs, 0)} ms (${fmt(row.writeMBPerS, 1)} MB/s of ${fmt(outputBytes / 1048576, 1)} MB), parse ${fmt(parseMs, 0)} ms, copy ${fmt(copy.fresh)} ms`);
  }
  return rows;
}

export function writeTable(rows: WriteRow[]): string {
  const headers = ['format', 'input MB', 'output MB', 'files', 'write ms', 'output MB/s', 'copy ms', 'fraction of copy', 'parse ms', 'write ÷ parse', 'same bytes each run', 'target'];
  const cells = rows.map((r) =>
    r.skipped
      ? [r.format, fmt(r.inputBytes / 1048576, 1), '-', '-', '-', '-', '-', '-', '-', '-', '-', r.skipped]
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
          r.deterministic ? 'yes' : 'NO',
          `write ≤ parse ${r.writeOverParse <= 1 ? 'met' : 'MISSED'}`,
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
  const rows = await writeBench(inputs, Number(args.rounds ?? 7));
  console.log(`\n${writeTable(rows)}`);
}
