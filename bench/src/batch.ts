// Batch conversion of a whole game folder (the synthetic Flyff Model/ folder of game-folder.ts):
// `relic3d batch` (the built CLI, a child process) against the same CPU work done serially in memory.
//
//   efficiency = serial in-memory work ÷ `relic3d batch --jobs 2` wall time (target ≥ 1.5× on 2 cores)
//   serial work = every file preloaded; parse (same companions, resolved from memory through the same
//                 index and the same kind of companion cache a worker keeps) + toGlb of each model,
//                 summed in one thread
//   scaling     = throughput with 1, 2 and 4 workers, as ratios to 1 worker
//   memory      = peak RSS of the batch process (VmHWM) at two scales: < 600 MB at full, flat
//   main thread = share of the wall time the CLI's main thread was busy (event-loop utilisation)
//
// Run alone: pnpm --filter @relic3d/bench bench:batch -- --game-scale=1
// Options: --game-scale=<f> (default 1, ~400 MB), --small-scale=<f> (default game-scale / 4),
// --jobs=1,2,4, --keep (keep the outputs), --memory-out=<dir> (a memory-backed folder for one more
// --jobs 2 run that leaves the disk's cost out; default /dev/shm when it exists), --compare-cli=<cli.js> (another
// build, e.g. main's, run interleaved with this one), --profile=false (skip the in-process profile),
// --cold (one more --jobs 2 run after dropping the page cache; root only).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FolderIndex, indexResolver, lruCache, requireFormat, type Scene } from '@relic3d/core';
import { toGlb } from 'relic3d';
import { formats } from '@relic3d/formats';
import { DEFAULT_CACHE_BYTES, scanFolder, sharedOnlyCache, threadCpuMs } from '@relic3d/batch/node';
import { ready } from '@relic3d/kernels';
import { describeProfile, profileBatch } from './batch-profile.js';
import { writeGameFolder, type GameFolderManifest } from './game-folder.js';
import { fmt, gc } from './timing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../packages/relic3d/dist/cli.js');
const GAME_VERSION = 1;
/** Issue 25's batch targets: --jobs 2 ≥ 1.6× --jobs 1, and twice the 436 files/s measured when it was filed. */
const JOBS_SCALING = 1.6;
const FILES_PER_SECOND = 2 * 436;

/** The generated folder for a scale, cached in the temp folder (generation is deterministic). */
export function gameFolder(scale: number): { dir: string; manifest: GameFolderManifest } {
  const dir = path.join(os.tmpdir(), 'relic3d-bench', `game-v${GAME_VERSION}-s${scale}`);
  const meta = `${dir}.json`;
  if (existsSync(meta) && existsSync(dir)) return { dir, manifest: JSON.parse(readFileSync(meta, 'utf8')) };
  rmSync(dir, { recursive: true, force: true });
  const manifest = writeGameFolder(dir, { scale });
  writeFileSync(meta, JSON.stringify(manifest));
  return { dir, manifest };
}

/**
 * A folder of `count` small models (copies of one generated static object under different names,
 * in folders of 1,000) and their texture: what memory does with the number of files alone.
 */
export function manyFilesFolder(count: number): string {
  const dir = path.join(os.tmpdir(), 'relic3d-bench', `many-v${GAME_VERSION}-${count}`);
  const done = `${dir}.done`;
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  const sample = gameFolder(0.005);
  const model = sample.manifest.models.find((m) => m.kind === 'item' && !m.missingTextures?.length)!;
  const bytes = readFileSync(path.join(sample.dir, ...model.file.split('/')));
  const texture = model.textures![0];
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, `Part${String(Math.floor(i / 1000)).padStart(3, '0')}`);
    if (i % 1000 === 0) {
      mkdirSync(path.join(folder, 'Texture'), { recursive: true });
      writeFileSync(path.join(folder, 'Texture', texture), readFileSync(path.join(sample.dir, 'Model', 'Texture', readdirSync(path.join(sample.dir, 'Model', 'Texture')).find((t) => t.toLowerCase() === texture.toLowerCase())!)));
    }
    // The name inside an .o3d must match its file name, so each copy keeps the sample's name in a folder of its own name.
    writeFileSync(path.join(folder, `${String(i).padStart(6, '0')}_${path.posix.basename(model.file)}`), bytes);
  }
  writeFileSync(done, '');
  return dir;
}

function allFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

export interface SerialResult {
  models: number;
  failed: number;
  inputBytes: number;
  /** Wall ms of the whole loop (parse + export of every model, one thread, all bytes in memory). */
  ms: number;
  /** CPU ms of the loop (this process; the loop is its only work). */
  cpuMs: number;
  /** Of which on the loop's own thread (Linux); the rest is V8's GC and compiler threads. */
  threadCpuMs?: number;
  parseMs: number;
  exportMs: number;
}

/** The batch's CPU work, serially, with every byte preloaded (nothing read or written in the loop). */
export async function serialInMemory(dir: string): Promise<SerialResult> {
  await ready();
  const bytes = new Map<string, Uint8Array>();
  for (const file of allFiles(dir)) bytes.set(file, new Uint8Array(readFileSync(path.join(dir, ...file.split('/')))));
  const index = FolderIndex.fromPaths(bytes.keys());
  const inputs = scanFolder(dir).inputs; // the same models the batch converts
  const cache = sharedOnlyCache(lruCache(DEFAULT_CACHE_BYTES)); // what each batch worker keeps
  const read = (relative: string) => bytes.get(relative);
  let parseMs = 0;
  let exportMs = 0;
  let failed = 0;
  let inputBytes = 0;
  gc();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const threadCpu = threadCpuMs();
  for (const { file } of inputs) {
    const data = bytes.get(file)!;
    inputBytes += data.length;
    const dirOf = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    const resolve = indexResolver(index, dirOf, read);
    const fileName = file.slice(file.lastIndexOf('/') + 1);
    let t = performance.now();
    let scene: Scene;
    try {
      scene = await requireFormat(data, fileName, formats, { byExtension: true }).parse(data, { fileName, resolve, cache });
    } catch {
      failed++;
      parseMs += performance.now() - t;
      continue;
    }
    parseMs += performance.now() - t;
    t = performance.now();
    await toGlb(scene, { resolve, cache });
    exportMs += performance.now() - t;
  }
  const used = process.cpuUsage(cpu);
  const threadAfter = threadCpuMs();
  const thread = threadCpu !== undefined && threadAfter !== undefined ? threadAfter - threadCpu : undefined;
  return { models: inputs.length, failed, inputBytes, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, threadCpuMs: thread, parseMs, exportMs };
}

export interface BatchRun {
  jobs: number;
  wallMs: number;
  code: number | null;
  files: number;
  converted: number;
  failed: number;
  peakRssMB: number;
  mainThreadBusy: number;
  mainThreadCpu: number | null;
  /** CPU ms of the batch process, all threads. */
  cpuMs: number;
  filesPerSecond: number;
  megabytesPerSecond: number;
}

/**
 * `relic3d batch DIR --out OUT --jobs N --json R` as a child process; wall time from spawn to exit.
 * `outBase`: where the output folder goes (default the temp folder; /dev/shm to leave the disk out).
 */
export async function cliBatch(dir: string, jobs: number, keep = false, outBase = path.join(os.tmpdir(), 'relic3d-bench'), cliFile = cli): Promise<BatchRun> {
  mkdirSync(outBase, { recursive: true });
  const out = path.join(outBase, `batch-out-${process.pid}-${jobs}`);
  const reportFile = `${out}.json`;
  rmSync(out, { recursive: true, force: true });
  // A report left by an earlier run (same pid and jobs) would be read as this run's: the CLI refuses
  // to replace a file it did not write, so without this a refused run looked like a 0.6 s batch.
  rmSync(reportFile, { force: true });
  let stderr = '';
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [cliFile, '--quiet', 'batch', dir, '--out', out, '--jobs', String(jobs), '--json', reportFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('exit', resolve);
  });
  const wallMs = performance.now() - started;
  if (!existsSync(reportFile)) throw new Error(`relic3d batch --jobs ${jobs} exited with ${code} and wrote no report: ${stderr}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile, { force: true });
  if (!keep) rmSync(out, { recursive: true, force: true });
  const s = report.summary;
  return { jobs, wallMs, code, files: s.files, converted: s.converted, failed: s.failed, peakRssMB: s.peakRssMB, mainThreadBusy: s.mainThreadBusy, mainThreadCpu: s.mainThreadCpu, cpuMs: s.cpuSeconds * 1000, filesPerSecond: s.files / (wallMs / 1000), megabytesPerSecond: s.inputBytes / 1048576 / (wallMs / 1000) };
}

/** Empties the kernel's page cache (needs root on Linux); false where it cannot. */
function dropPageCache(): boolean {
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

const loadNote = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => '| ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [line(cells[0]), '|' + widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

export interface GameBenchOptions {
  scale: number;
  smallScale: number;
  jobs: number[];
  keep?: boolean;
  /** Also run --jobs 2 with its output on this memory-backed folder (e.g. /dev/shm), to separate the disk's cost. */
  memoryOut?: string;
  /** Another build of the CLI (e.g. main's, before a change): each --jobs run is repeated with it, interleaved. */
  compareCli?: string;
  /** Also run --jobs 2 right after dropping the page cache (root on Linux; it slows every process on the machine, so opt-in). */
  cold?: boolean;
  /** Also run convertBatch in this process with the pool's accounting (boot, busy, idle per worker); default true. */
  profile?: boolean;
  log?: (...a: unknown[]) => void;
}

/** Runs every measurement; returns the JSON results and the Markdown section. */
export async function gameBench(options: GameBenchOptions): Promise<{ results: Record<string, unknown>; markdown: string }> {
  const log = options.log ?? console.log;
  const loadBefore = os.loadavg();
  log(`game folder: generating/caching scale ${options.scale} and ${options.smallScale}…`);
  const full = gameFolder(options.scale);
  const small = gameFolder(options.smallScale);
  const describe = (g: typeof full) => `${g.manifest.models.length} models, ${g.manifest.totalFiles} files, ${fmt(g.manifest.totalBytes / 1048576, 0)} MB`;
  log(`  scale ${options.scale}: ${describe(full)}; scale ${options.smallScale}: ${describe(small)}`);

  log('  serial in-memory parse + toGlb (one thread, every file preloaded)…');
  const serial = await serialInMemory(full.dir);
  log(`  serial: ${fmt(serial.ms, 0)} ms (parse ${fmt(serial.parseMs, 0)}, toGlb ${fmt(serial.exportMs, 0)}) for ${serial.models} models`);

  // Warm the page cache and the CLI's code once, then interleave the worker counts.
  await cliBatch(small.dir, 2);
  const runs: BatchRun[] = [];
  const oldRuns: BatchRun[] = [];
  const describeRun = (r: BatchRun) => `${fmt(r.wallMs, 0)} ms, ${fmt(r.filesPerSecond, 0)} files/s, ${fmt(r.megabytesPerSecond, 1)} MB/s, CPU ${fmt(r.cpuMs, 0)} ms (÷ wall ${fmt(r.cpuMs / r.wallMs)}), peak RSS ${fmt(r.peakRssMB, 0)} MB, main thread CPU ${fmt((r.mainThreadCpu ?? NaN) * 100, 1)}% (event loop busy ${fmt(r.mainThreadBusy * 100, 1)}%)`;
  for (const jobs of options.jobs) {
    const r = await cliBatch(full.dir, jobs, options.keep);
    runs.push(r);
    log(`  relic3d batch --jobs ${jobs}: ${describeRun(r)}`);
    if (options.compareCli) {
      const old = await cliBatch(full.dir, jobs, false, undefined, options.compareCli);
      oldRuns.push(old);
      log(`  (compared CLI) --jobs ${jobs}: ${describeRun(old)}`);
    }
  }
  const profile = options.profile === false ? undefined : await profileBatch(full.dir, 2);
  if (profile) for (const line of describeProfile(profile)) log(line);
  const memoryRun = options.memoryOut && existsSync(options.memoryOut) ? await cliBatch(full.dir, 2, false, path.join(options.memoryOut, 'relic3d-bench')) : undefined;
  if (memoryRun) log(`  relic3d batch --jobs 2, output in ${options.memoryOut}: ${fmt(memoryRun.wallMs, 0)} ms, CPU ${fmt(memoryRun.cpuMs, 0)} ms, CPU ÷ wall ${fmt(memoryRun.cpuMs / memoryRun.wallMs)}`);
  // A folder that is not in memory yet (the first batch over a copied game): only where the page cache can be dropped (root on Linux).
  const coldRun = options.cold && dropPageCache() ? await cliBatch(full.dir, 2) : undefined;
  if (coldRun) log(`  relic3d batch --jobs 2, page cache dropped first: ${fmt(coldRun.wallMs, 0)} ms, CPU ÷ wall ${fmt(coldRun.cpuMs / coldRun.wallMs)}`);
  const smallRun = await cliBatch(small.dir, 2);
  log(`  relic3d batch --jobs 2 at scale ${options.smallScale}: ${fmt(smallRun.wallMs, 0)} ms, peak RSS ${fmt(smallRun.peakRssMB, 0)} MB`);
  const loadAfter = os.loadavg();

  const byJobs = (j: number) => runs.find((r) => r.jobs === j);
  const one = byJobs(1);
  const two = byJobs(2);
  const efficiency = two ? serial.ms / two.wallMs : NaN;
  const results = {
    scale: options.scale,
    smallScale: options.smallScale,
    folder: { models: full.manifest.models.length, files: full.manifest.totalFiles, bytes: full.manifest.totalBytes, counts: full.manifest.counts },
    smallFolder: { models: small.manifest.models.length, files: small.manifest.totalFiles, bytes: small.manifest.totalBytes },
    serial,
    exportOverParse: serial.exportMs / serial.parseMs,
    runs,
    oldRuns,
    profile,
    smallRun,
    memoryRun,
    coldRun,
    efficiency,
    /** What the efficiency would be with both cores to itself: 2 × serial CPU ÷ batch CPU (main thread ~2%). */
    projectedEfficiency: two ? (2 * serial.cpuMs) / two.cpuMs : NaN,
    projectedEfficiencyMemoryOut: memoryRun ? (2 * serial.cpuMs) / memoryRun.cpuMs : NaN,
    scaling: Object.fromEntries(runs.map((r) => [r.jobs, one ? one.wallMs / r.wallMs : NaN])),
    loadAverage: { before: loadBefore, after: loadAfter },
    cpus: os.cpus().length,
  };

  const cores = os.cpus().length;
  const out: string[] = [];
  out.push(`\n## Batch conversion of a generated game folder (\`relic3d batch\`, the built CLI; scale ${options.scale}: ${describe(full)})\n`);
  out.push(`Load average ${loadNote(loadBefore)} before, ${loadNote(loadAfter)} after (${os.cpus().length} CPUs).\n`);
  out.push(
    table(
      ['measure', 'value', 'target'],
      [
        ['serial in-memory parse + toGlb ms (CPU ms)', `${fmt(serial.ms, 0)} (${fmt(serial.cpuMs, 0)})`, ''],
        ['  of which parse / toGlb ms', `${fmt(serial.parseMs, 0)} / ${fmt(serial.exportMs, 0)}`, ''],
        ...(serial.threadCpuMs !== undefined ? [['  CPU ms on the loop thread / on V8 GC + compiler threads', `${fmt(serial.threadCpuMs, 0)} / ${fmt(serial.cpuMs - serial.threadCpuMs, 0)}`, '']] : []),
        ['toGlb ÷ parse', `${fmt(serial.exportMs / serial.parseMs)}×`, '≤ 1× (issue 25)'],
        ['batch --jobs 2 wall ms (CPU ms, all threads)', two ? `${fmt(two.wallMs, 0)} (${fmt(two.cpuMs, 0)})` : '-', ''],
        ['batch --jobs 2 CPU ÷ wall (cores it got; 2 on an idle machine)', two ? fmt(two.cpuMs / two.wallMs) : '-', ''],
        ['batch overhead in CPU (batch --jobs 2 CPU ÷ serial CPU)', two ? `${fmt(two.cpuMs / serial.cpuMs)}×` : '-', ''],
        ['efficiency (serial ÷ batch --jobs 2)', `${fmt(efficiency)}×`, `≥ 1.5× ${efficiency >= 1.5 ? 'met' : 'MISSED'}`],
        ['  with both cores to itself (2 × serial CPU ÷ batch CPU)', two ? `${fmt((2 * serial.cpuMs) / two.cpuMs)}×` : '-', ''],
        // What bounds the targets on this machine: no batch beats its jobs 1 CPU spread over every core.
        ['  bound: serial ÷ (batch --jobs 1 CPU ÷ cores)', one ? `${fmt(serial.ms / (one.cpuMs / cores))}×` : '-', ''],
        ['batch --jobs 2 ÷ --jobs 1 (wall)', one && two ? `${fmt(one.wallMs / two.wallMs)}×` : '-', one && two ? `≥ ${JOBS_SCALING}× ${one.wallMs / two.wallMs >= JOBS_SCALING ? 'met' : 'MISSED'}` : ''],
        ['  bound: cores ÷ (batch --jobs 1 CPU ÷ wall), the cores jobs 1 leaves', one ? `${fmt(cores / (one.cpuMs / one.wallMs))}×` : '-', ''],
        ['batch --jobs 2 files/s', two ? fmt(two.filesPerSecond, 0) : '-', two ? `≥ ${FILES_PER_SECOND} ${two.filesPerSecond >= FILES_PER_SECOND ? 'met' : 'MISSED'}` : ''],
        ...(memoryRun
          ? [
              [`batch --jobs 2, output in ${options.memoryOut}: wall ms (CPU ms)`, `${fmt(memoryRun.wallMs, 0)} (${fmt(memoryRun.cpuMs, 0)})`, ''],
              ['  efficiency, and with both cores to itself', `${fmt(serial.ms / memoryRun.wallMs)}×, ${fmt((2 * serial.cpuMs) / memoryRun.cpuMs)}×`, ''],
            ]
          : []),
        ...(coldRun ? [['batch --jobs 2, page cache dropped first: wall ms (CPU ÷ wall), efficiency', `${fmt(coldRun.wallMs, 0)} (${fmt(coldRun.cpuMs / coldRun.wallMs)}), ${fmt(serial.ms / coldRun.wallMs)}×`, '']] : []),
        ...runs.map((r) => [`batch --jobs ${r.jobs}: files/s, MB/s, × jobs 1`, `${fmt(r.filesPerSecond, 0)}, ${fmt(r.megabytesPerSecond, 1)}, ${one ? fmt(one.wallMs / r.wallMs) : '-'}×`, '']),
        ['peak RSS, full scale (jobs 2)', two ? `${fmt(two.peakRssMB, 0)} MB` : '-', two ? `< 600 MB ${two.peakRssMB < 600 ? 'met' : 'MISSED'}` : ''],
        [`peak RSS, scale ${options.smallScale} (jobs 2)`, `${fmt(smallRun.peakRssMB, 0)} MB`, 'flat with file count'],
        ['main thread CPU ÷ wall (jobs 2)', two ? `${fmt((two.mainThreadCpu ?? NaN) * 100, 1)}%` : '-', two && two.mainThreadCpu !== null ? `< 10% ${two.mainThreadCpu < 0.1 ? 'met' : 'MISSED'}` : ''],
        ['main event loop busy ÷ wall (jobs 2; counts waits for a CPU)', two ? `${fmt(two.mainThreadBusy * 100, 1)}%` : '-', ''],
        ...oldRuns.map((o) => {
          const n = runs.find((r) => r.jobs === o.jobs)!;
          return [`compared CLI --jobs ${o.jobs}: wall ms, CPU ms (this build ÷ it)`, `${fmt(o.wallMs, 0)}, ${fmt(o.cpuMs, 0)} (${fmt(n.wallMs / o.wallMs)}×, ${fmt(n.cpuMs / o.cpuMs)}×)`, ''];
        }),
      ],
    ),
  );
  if (profile) out.push(`\nWhere the time goes (convertBatch --jobs 2 in the bench's process, the pool's own accounting):\n\n${describeProfile(profile).join('\n')}`);
  return { results, markdown: out.join('\n') };
}

// Alone: pnpm --filter @relic3d/bench bench:batch
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  if (args.many) {
    // --many=<n>[,<m>...]: peak RSS of `relic3d batch --jobs 2` over folders of n small files.
    for (const count of args.many.split(',').map(Number)) {
      const t = performance.now();
      const dir = manyFilesFolder(count);
      console.log(`${count} files: folder ready in ${fmt((performance.now() - t) / 1000, 0)} s`);
      const r = await cliBatch(dir, 2);
      console.log(`  relic3d batch --jobs 2: ${fmt(r.wallMs / 1000, 1)} s, ${r.converted} converted, ${r.failed} failed, ${fmt(r.filesPerSecond, 0)} files/s, peak RSS ${fmt(r.peakRssMB, 0)} MB, main thread CPU ${fmt((r.mainThreadCpu ?? NaN) * 100, 1)}%; load ${loadNote(os.loadavg())}`);
    }
    process.exit(0);
  }
  const scale = Number(args['game-scale'] ?? 1);
  const started = Date.now();
  const { results, markdown } = await gameBench({
    scale,
    smallScale: Number(args['small-scale'] ?? scale / 4),
    jobs: (args.jobs ?? '1,2,4').split(',').map(Number),
    keep: 'keep' in args,
    memoryOut: args['memory-out'] ?? '/dev/shm',
    compareCli: args['compare-cli'],
    profile: args.profile !== 'false',
    cold: 'cold' in args,
    log: (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a),
  });
  const dir = path.resolve(here, '../results');
  mkdirSync(dir, { recursive: true });
  const json = { date: new Date().toISOString(), node: process.version, game: results };
  const file = path.join(dir, `batch-${json.date}.json`.replace(/:/g, '-'));
  writeFileSync(file, JSON.stringify(json, null, 2));
  writeFileSync(path.join(dir, 'batch-latest.json'), JSON.stringify(json, null, 2));
  console.log(`${markdown}\n\nJSON: ${path.relative(process.cwd(), file)}`);
}
