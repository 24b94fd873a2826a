// Export cost: `toGlb` against `parse` of the same files, per format, on the ~50 MB generated files
// and on sets of small files (the corpus models with their companions, and small generated files).
// Reports files/s, input MB/s and export ÷ parse; checks the .glb bytes are the same on every run.
//
// Standalone: `node --expose-gc --import tsx src/export.ts [--mb=50] [--sets=big,corpus,small]
// [--formats=o3d,ms3d] [--rounds=7]`; under `--cpu-prof` it shows what bounds the exporter.
// `pnpm bench` runs it as its "export" section.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FolderIndex, indexResolver, o3d, parse, ready, toGlb, type Resolver, type Scene } from 'relic3d';
import { generateMs3d, generators, resolverOf, type Generated } from './generate.js';
import { benchInputs } from './inputs.js';
import { cpuMs, fmt, gc, median } from './timing.js';

export interface ExportInput {
  format: string;
  name: string;
  bytes: Uint8Array;
  resolve?: Resolver;
  /** Flyff motions to load with the model (what `relic3d convert` picks from the folder). */
  motions?: string[];
}

export interface ExportRow {
  set: string;
  format: string;
  files: number;
  inputBytes: number;
  /** CPU ms of this process for parsing every file of the set once (median over rounds). */
  parseMs: number;
  /** CPU ms for `toGlb` of every parsed scene once (median over rounds). */
  exportMs: number;
  /** The same in wall ms (a shared machine's load shows here first). */
  parseWallMs: number;
  exportWallMs: number;
  ratio: number;
  exportFilesPerS: number;
  exportMBPerS: number;
  glbBytes: number;
  /** Every round wrote the same .glb bytes. */
  deterministic: boolean;
  samples: { parse: number[]; export: number[]; parseWall: number[]; exportWall: number[] };
}

const MODEL_EXTENSIONS = /\.(ms3d|ase|o3d|mdl|lod)$/i;

/** The corpus models of one format, with a resolver over their folder (companions from memory). */
export function corpusInputs(corpus: string, format: string): ExportInput[] {
  const dir = path.join(corpus, format);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((n) => !n.endsWith('.tsv'));
  const files = new Map(names.map((n) => [n, new Uint8Array(readFileSync(path.join(dir, n)))]));
  const index = FolderIndex.fromPaths(names);
  return names
    .filter((n) => MODEL_EXTENSIONS.test(n))
    .map((name) => {
      const motions = format === 'o3d' ? Object.values(o3d.findCompanions(name, names).motions) : [];
      return { format, name, bytes: files.get(name)!, resolve: indexResolver(index, '', (found) => files.get(found)), ...(motions.length ? { motions } : {}) };
    });
}

/** Small generated files of each format (a few hundred vertices, like most game props). */
export function smallGeneratedInputs(format: string, count = 40): ExportInput[] {
  const make = (i: number): Generated => (format === 'ms3d' ? generateMs3d(0.05, 100 + i, true, 300 + (i % 7) * 50) : generators[format](0.02 + (i % 5) * 0.01));
  return Array.from({ length: count }, (_, i) => {
    const g = make(i);
    return { format, name: `${i}-${g.name}`, bytes: g.bytes };
  });
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function parseAll(inputs: ExportInput[]): Promise<Scene[]> {
  const scenes: Scene[] = [];
  for (const input of inputs) scenes.push(await parse(input.bytes, { fileName: input.name, resolve: input.resolve, motions: input.motions }));
  return scenes;
}

async function exportAll(inputs: ExportInput[], scenes: Scene[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let i = 0; i < scenes.length; i++) out.push(await toGlb(scenes[i], { resolve: inputs[i].resolve }));
  return out;
}

/** Times parse and export of one set, interleaved round by round (a shared machine disturbs both alike). */
export async function measureSet(set: string, format: string, inputs: ExportInput[], rounds: number, warm = 1): Promise<ExportRow> {
  const usable: ExportInput[] = [];
  for (const input of inputs) {
    try {
      await parse(input.bytes, { fileName: input.name, resolve: input.resolve, motions: input.motions });
      usable.push(input);
    } catch {
      // files a parser refuses (the corpus has a few on purpose) are not part of the comparison
    }
  }
  let scenes = await parseAll(usable);
  let first = (await exportAll(usable, scenes)).map(sha);
  for (let r = 1; r < warm; r++) await exportAll(usable, scenes);
  const parseSamples: number[] = [];
  const exportSamples: number[] = [];
  const parseWall: number[] = [];
  const exportWall: number[] = [];
  let deterministic = true;
  let glbBytes = 0;
  for (let r = 0; r < rounds; r++) {
    gc();
    let c = cpuMs();
    let t = performance.now();
    scenes = await parseAll(usable);
    parseWall.push(performance.now() - t);
    parseSamples.push(cpuMs() - c);
    gc();
    c = cpuMs();
    t = performance.now();
    const glbs = await exportAll(usable, scenes);
    exportWall.push(performance.now() - t);
    exportSamples.push(cpuMs() - c);
    glbBytes = glbs.reduce((s, g) => s + g.length, 0);
    if (r === rounds - 1) deterministic = glbs.every((g, i) => sha(g) === first[i]);
  }
  first = [];
  const inputBytes = usable.reduce((s, i) => s + i.bytes.length, 0);
  const parseMs = median(parseSamples);
  const exportMs = median(exportSamples);
  return {
    set,
    format,
    files: usable.length,
    inputBytes,
    parseMs,
    exportMs,
    parseWallMs: median(parseWall),
    exportWallMs: median(exportWall),
    ratio: exportMs / parseMs,
    exportFilesPerS: usable.length / (exportMs / 1000),
    exportMBPerS: inputBytes / 1048576 / (exportMs / 1000),
    glbBytes,
    deterministic,
    samples: { parse: parseSamples, export: exportSamples, parseWall, exportWall },
  };
}

export function exportTable(rows: ExportRow[]): string {
  const headers = ['set', 'format', 'files', 'input MB', 'parse CPU ms', 'toGlb CPU ms', 'wall ms parse / toGlb', 'toGlb ÷ parse', 'toGlb files/s', 'toGlb input MB/s', 'parse MB/s', 'same bytes', 'target'];
  const cells = rows.map((r) => [
    r.set,
    r.format,
    String(r.files),
    fmt(r.inputBytes / 1048576, 2),
    fmt(r.parseMs, 1),
    fmt(r.exportMs, 1),
    `${fmt(r.parseWallMs, 1)} / ${fmt(r.exportWallMs, 1)}`,
    `${fmt(r.ratio, 2)}×`,
    fmt(r.exportFilesPerS, 0),
    fmt(r.exportMBPerS, 1),
    fmt(r.inputBytes / 1048576 / (r.parseMs / 1000), 1),
    r.deterministic ? 'yes' : 'NO',
    `≤ parse ${r.ratio <= 1 ? 'met' : 'MISSED'}`,
  ]);
  const all = [headers, ...cells];
  const widths = headers.map((_, i) => Math.max(...all.map((c) => c[i].length)));
  const line = (c: string[]) => '| ' + c.map((x, i) => (i < 2 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join(' | ') + ' |';
  return [line(headers), '|' + widths.map((w, i) => (i < 2 ? ':' : '') + '-'.repeat(w + 1) + (i < 2 ? '' : ':')).join('|') + '|', ...cells.map(line)].join('\n');
}

export interface ExportBenchOptions {
  /** The ~50 MB generated files (the bench's cached inputs). */
  big: Generated[];
  corpus?: string;
  sets?: Set<string>;
  formats?: Set<string>;
  /** Rounds for the small sets (the big files take 3). */
  rounds?: number;
  log?: (...a: unknown[]) => void;
}

export async function exportBench(options: ExportBenchOptions): Promise<ExportRow[]> {
  await ready();
  const log = options.log ?? (() => {});
  const sets = options.sets ?? new Set(['big', 'corpus', 'small']);
  const wanted = (format: string) => !options.formats || options.formats.has(format);
  const rounds = options.rounds ?? 7;
  const rows: ExportRow[] = [];
  const formats = ['o3d', 'ms3d', 'ase', 'mdl', 'lod'].filter(wanted);
  const report = (row: ExportRow) => {
    rows.push(row);
    log(`  ${row.set} ${row.format}: ${row.files} files, parse ${fmt(row.parseMs, 1)} ms, toGlb ${fmt(row.exportMs, 1)} ms → ${fmt(row.ratio)}× (${fmt(row.exportFilesPerS, 0)} files/s, ${fmt(row.exportMBPerS, 1)} MB/s)${row.deterministic ? '' : ' OUTPUT DIFFERS BETWEEN RUNS'}`);
  };
  if (sets.has('corpus') && options.corpus) {
    for (const format of formats) {
      const inputs = corpusInputs(options.corpus, format);
      if (inputs.length) report(await measureSet('corpus', format, inputs, rounds, 2));
    }
  }
  if (sets.has('small')) {
    for (const format of formats) report(await measureSet('small generated', format, smallGeneratedInputs(format), rounds, 2));
  }
  if (sets.has('big')) {
    for (const g of options.big.filter((b) => wanted(b.format))) {
      const resolve = resolverOf(g);
      report(await measureSet(`~${Math.round(g.bytes.length / 1048576)} MB generated${g.kind === 'skinned' ? ' skinned' : ''}`, g.format, [{ format: g.format, name: g.name, bytes: g.bytes, ...(resolve ? { resolve } : {}) }], 3));
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const formats = args.formats ? new Set(args.formats.split(',')) : undefined;
  const sets = args.sets ? new Set(args.sets.split(',')) : undefined;
  const started = Date.now();
  const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a);
  const big = sets && !sets.has('big') ? [] : benchInputs(Number(args.mb ?? 50), Number(args['skinned-vertices'] ?? 60000), formats);
  const rows = await exportBench({
    big,
    corpus: process.env.RELIC3D_CORPUS,
    sets,
    formats,
    rounds: args.rounds ? Number(args.rounds) : undefined,
    log,
  });
  console.log(`\nLoad average ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}\n\n${exportTable(rows)}`);
}
