import { existsSync, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import { codePage, isFormatError, requireFormat, type Resolver, type Scene, type Warning } from '@relic3d/core';
import { isInside, readHead } from '@relic3d/core/node';
import { toDocument, toGlb, toGltf } from '@relic3d/gltf';
import { BatchReportBuilder, convertBatch, mainThreadCpuMs, scanFolder, writeReportFile, type BatchReport, type BatchReportFile } from '../batch.js';
import { formats } from '../index.js';
import { checkTextureFiles, describeScene, type SceneInfo } from '../info.js';
import { folderResolver, parseFile } from '../node.js';
import packageJson from '../../package.json';

export type { BatchReport, BatchReportFile };

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Progress bar on a TTY, plain lines otherwise. */
  isTTY: boolean;
  /** Where the progress bar draws when `isTTY`; default `process.stderr`. */
  progress?: NodeJS.WritableStream;
  /** Stops a running batch as Ctrl-C does (tests; the bin listens to SIGINT itself). */
  signal?: AbortSignal;
}

export const processIO = (): CliIO => {
  // A reader that stops early (`relic3d --help | head`) closes the pipe: end quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') === 0) {
      stream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw e;
      });
    }
  }
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    isTTY: !!process.stderr.isTTY,
    progress: process.stderr,
  };
};

/** Exit codes: 0 success, 1 a file could not be read or converted, 2 a usage error, 130 interrupted (Ctrl-C). */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, INTERRUPTED: 130 } as const;

/**
 * Control characters (C0 but newline and tab, DEL, C1) and bidirectional overrides, written as
 * escapes: names and messages come from the files, and a crafted name must not clear the screen or
 * rewrite a line of the terminal.
 */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** The same IO with every printed text escaped. */
function safeIO(io: CliIO): CliIO {
  return { ...io, out: (t) => io.out(escapeControls(t)), err: (t) => io.err(escapeControls(t)) };
}

const EXAMPLES = `
Examples:
  $ relic3d detect model.o3d
  $ relic3d info model.ms3d               counts, textures, clips, LODs, bounds, warnings
  $ relic3d info model.ase --json         the same as JSON (schema in the README)
  $ relic3d convert model.ms3d            writes model.glb beside the model
  $ relic3d convert model.o3d out/        writes out/model.glb
  $ relic3d convert model.o3d bat.gltf --animation walk --lod 0
  $ relic3d convert models/tree.ase --root .
  $ relic3d batch assets --out glb --jobs 4 --json report.json
  $ relic3d batch Model --out glb --resume --timeout 30000

Textures, .chr skeletons, .ani motions and .mat files are found beside the model
(either slash, any case, relative folders such as ..\\Textures\\wood.bmp, and
Texture/ beside it), never outside the root: the model's folder (--root widens
it) or the batch folder.
Exit codes: 0 success, 1 a file failed, 2 usage error, 130 interrupted.
`;

/** `OUT` for `convert IN [OUT]`: given, a folder (existing or ending in a slash), or beside IN. */
export function defaultOutput(input: string, output?: string): string {
  const stem = path.basename(input).replace(/\.[^.]*$/, '') || path.basename(input);
  if (output === undefined) return path.join(path.dirname(input), `${stem}.glb`);
  const isFolder = /[\\/]$/.test(output) || (existsSync(output) && statSync(output).isDirectory());
  return isFolder ? path.join(output, `${stem}.glb`) : output;
}

/** Thrown inside commands to end with an exit code after the message was printed. */
class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** One error as the CLI prints it: format, byte offset, expectation; a stack only with --verbose. */
export function formatError(subject: string, e: unknown, verbose = false): string {
  const lines: string[] = [];
  if (isFormatError(e)) {
    lines.push(`error: ${subject}: ${e.message}`);
    lines.push(`  format ${e.format}, at byte ${e.offset} (${hex(e.offset)}): expected ${e.expected}, found ${e.found} [${e.code}]`);
  } else {
    lines.push(`error: ${subject}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (verbose && e instanceof Error && e.stack) lines.push(e.stack);
  return lines.join('\n') + '\n';
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const vec = (v: number[]) => `[${v.map((x) => round(x)).join(', ')}]`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printInfo(io: CliIO, file: string, info: SceneInfo): void {
  const rows: [string, string][] = [
    ['file', file],
    ['format', `${info.format}${info.version !== null ? ` (version ${info.version})` : ''}`],
    ['meshes', `${info.meshes} (${plural(info.primitives, 'primitive')}, ${plural(info.vertices, 'vertex').replace('vertexs', 'vertices')}, ${plural(info.triangles, 'triangle')})`],
    ['materials', `${info.materials} (${plural(info.textures, 'texture')})`],
    ...info.textureFiles.map((t): [string, string] => ['  texture', `${t.name}${t.embedded ? ' (embedded)' : t.found === false ? ' (missing)' : ''}`]),
    ['joints', String(info.joints)],
    ['animations', info.animations.length ? info.animations.map((a) => `${a.name} (${round(a.duration, 3)} s, ${plural(a.channels, 'channel')})`).join(', ') : '0'],
    ['lods', String(info.lods)],
    ['colliders', String(info.colliders)],
    ['cameras', String(info.cameras)],
    ['lights', String(info.lights)],
    ['bounds', info.bounds ? `min ${vec(info.bounds.min)} max ${vec(info.bounds.max)}` : 'empty'],
    ['warnings', String(info.warnings.length)],
  ];
  for (const [k, v] of rows) io.out(`${k.padEnd(11)}${v}\n`);
  for (const w of info.warnings) io.out(`  ${w.code}${w.offset !== undefined ? ` @${w.offset}` : ''}: ${w.message}\n`);
}

function parseIntOption(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

function parsePositiveOption(value: string): number {
  const n = parseIntOption(value);
  if (n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

function parseCodePage(value: string): string {
  try {
    codePage(value);
  } catch {
    throw new InvalidArgumentError(`unknown code page (try windows-1252, windows-1251, gbk, shift_jis, utf-8)`);
  }
  return value;
}

type Motions = 'auto' | 'all' | 'none' | string[];

function parseMotions(value: string): Motions {
  const v = value.trim();
  if (v === 'all' || v === 'none' || v === 'auto') return v;
  const names = v.split(',').map((n) => n.trim()).filter(Boolean);
  if (!names.length) throw new InvalidArgumentError("expected 'all', 'none', 'auto' or clip names separated by commas");
  return names;
}

/** Options every command that reads a model takes. */
interface ReadOptions {
  root?: string;
  codePage?: string;
  motions?: Motions;
}

const codePageOption = () => new Option('--code-page <name>', 'code page of names in the file (windows-1252 default; gbk, windows-1251, shift_jis, utf-8, ...)').argParser(parseCodePage);
const motionsOption = () => new Option('--motions <which>', "Flyff .ani motions: 'auto' (the model's own; player parts none), 'all', 'none' or names (walk,run)").argParser(parseMotions);
const rootOption = () => new Option('--root <dir>', "folder companion lookups may not leave (default: the model's folder); widen it for ..\\Textures\\ paths");

/** The contained resolver and parse options for one model file, as info and convert use them. */
function readSetup(file: string, opts: ReadOptions): { resolve: Resolver; parse: Record<string, unknown> } {
  const dir = path.dirname(path.resolve(file));
  if (opts.root !== undefined) {
    let inside = false;
    try {
      inside = isInside(realpathSync(opts.root), realpathSync(dir));
    } catch {
      inside = false;
    }
    if (!inside) throw new UsageError(`--root ${opts.root}: the folder must exist and contain ${file}`);
  }
  const resolve = folderResolver(dir, { root: opts.root ?? dir });
  const parse: Record<string, unknown> = { resolve };
  if (opts.codePage) parse.codePage = opts.codePage;
  if (opts.motions !== undefined) parse.motions = opts.motions;
  return { resolve, parse };
}

/** A usage error found after parsing the command line (exit code 2). */
class UsageError extends Error {}

async function writeOutput(scene: Scene, out: string, options: { lod?: number; animation?: string; resolve: Resolver; onWarning: (w: Warning) => void }) {
  const common = { resolve: options.resolve, onWarning: options.onWarning, lod: options.lod, animation: options.animation };
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  if (/\.gltf$/i.test(out)) {
    const basename = path.basename(out).replace(/\.gltf$/i, '');
    const { json, resources } = await toGltf(scene, { ...common, basename });
    writeFileSync(out, JSON.stringify(json, null, 2));
    for (const [uri, data] of Object.entries(resources)) writeFileSync(path.join(path.dirname(out), decodeURIComponent(uri)), data);
    return { bytes: Buffer.byteLength(JSON.stringify(json)), files: 1 + Object.keys(resources).length };
  }
  const glb = await toGlb(scene, common);
  writeFileSync(out, glb);
  return { bytes: glb.byteLength, files: 1 };
}

/** Runs the CLI with the arguments after `relic3d`; resolves to the exit code. */
export async function runCli(argv: string[], rawIO: CliIO = processIO()): Promise<number> {
  const io = safeIO(rawIO);
  const program = new Command('relic3d');
  let verbose = false;
  let quiet = false;
  program
    .description('Read MilkShape 3D, 3ds Max ASE, Flyff O3D, Ultra Engine MDL and LODka3D models; convert them to glTF.')
    .version(packageJson.version, '-V, --version')
    .option('-v, --verbose', 'print stack traces with errors')
    .option('-q, --quiet', 'print only errors and requested output (no progress, summaries or warnings)')
    .addHelpText('after', EXAMPLES)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .hook('preAction', (cmd) => {
      verbose = !!cmd.opts().verbose;
      quiet = !!cmd.opts().quiet;
    });

  program
    .command('detect')
    .description('name the format of a file (by content)')
    .argument('<file>')
    .action(async (file: string) => {
      // The first bytes decide; a 3 GB file is not read whole to say it is not a model.
      const bytes = readHead(file, 4096);
      try {
        const format = requireFormat(bytes, path.basename(file), formats);
        io.out(`${file}: ${format.id} (${format.name})\n`);
      } catch (e) {
        io.err(formatError(file, e, verbose));
        throw new Exit(EXIT.FAILED);
      }
    });

  program
    .command('info')
    .description('print what a model holds: counts, textures (found or missing), clips, LODs, bounds, warnings')
    .argument('<file>')
    .option('--json', 'print JSON (schema in the README)')
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(motionsOption())
    .action(async (file: string, opts: { json?: boolean } & ReadOptions) => {
      const { resolve, parse } = readSetup(file, opts);
      const scene = await parseFile(file, parse).catch((e) => {
        io.err(formatError(file, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      // The export's warnings too (a missing texture), so info counts what convert reports.
      const warnings: Warning[] = [...scene.warnings];
      await toDocument(scene, { resolve, onWarning: (w) => warnings.push(w) }).catch((e) => {
        io.err(formatError(file, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      const info = await checkTextureFiles(describeScene({ ...scene, warnings }), scene, resolve);
      if (opts.json) io.out(JSON.stringify(info, null, 2) + '\n');
      else printInfo(io, file, info);
    });

  program
    .command('convert')
    .description('convert a model to .glb (textures embedded) or .gltf (+ .bin and images)')
    .argument('<input>')
    .argument('[output]', 'OUT.glb, OUT.gltf or a folder; default: <input name>.glb beside the input')
    .option('--lod <n>', 'export only this level of detail (0 = most detailed)', parseIntOption)
    .option('--animation <name>', 'export only this clip')
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(motionsOption())
    .action(async (input: string, requested: string | undefined, opts: { lod?: number; animation?: string } & ReadOptions) => {
      const output = defaultOutput(input, requested);
      if (!/\.(glb|gltf)$/i.test(output)) {
        io.err(`error: ${output}: the output must end in .glb or .gltf (or be a folder)\n`);
        throw new Exit(EXIT.USAGE);
      }
      const { resolve, parse } = readSetup(input, opts);
      const scene = await parseFile(input, parse).catch((e) => {
        io.err(formatError(input, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      if (opts.lod !== undefined) {
        const levels = describeScene(scene).lods;
        if (opts.lod >= levels) {
          io.err(`error: --lod ${opts.lod}: ${input} has ${plural(levels, 'level')} of detail (${levels === 1 ? 'only 0' : `0 to ${levels - 1}`})\n`);
          throw new Exit(EXIT.USAGE);
        }
      }
      const warnings: Warning[] = [...scene.warnings];
      const written = await writeOutput(scene, output, {
        lod: opts.lod,
        animation: opts.animation,
        resolve,
        onWarning: (w) => warnings.push(w),
      }).catch((e) => {
        io.err(formatError(input, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      if (quiet) return;
      const info = describeScene(scene, { lod: opts.lod });
      io.out(
        `${input} (${scene.format}) → ${output}: ${written.bytes} bytes; ${plural(info.meshes, 'mesh').replace('meshs', 'meshes')}, ` +
          `${plural(info.triangles, 'triangle')}, ${plural(opts.animation ? 1 : info.animations.length, 'clip')}` +
          `${opts.lod !== undefined ? ` (LOD ${opts.lod})` : ''}, ${plural(warnings.length, 'warning')}\n`,
      );
      for (const w of warnings) io.out(`  ${w.format ?? ''} ${w.code}: ${w.message}\n`);
    });

  program
    .command('batch')
    .description('convert every model under a folder (recursive) to .glb, in parallel')
    .argument('<dir>')
    .requiredOption('--out <dir>', 'output folder (mirrors the input tree)')
    .option('--jobs <n>', 'worker threads (default: one per core; 0 converts on the main thread)', parseIntOption)
    .option('--json <file>', 'write a JSON report (rewritten as the batch goes, final at the end or on Ctrl-C)')
    .option('--resume', 'skip models whose .glb is newer than the model')
    .option('--force', 'replace existing files in --out that relic3d did not write')
    .option('--timeout <ms>', 'stop a file after this long (its worker is replaced); needs --jobs ≥ 1', parsePositiveOption)
    .option('--worker-memory <MiB>', 'heap limit of each worker (default 2048): a file that exhausts it fails alone', parsePositiveOption)
    .addOption(codePageOption())
    .addOption(motionsOption())
    .action(async (dir: string, opts: BatchOptions) => {
      const code = await runBatch(io, dir, opts, quiet, rawIO);
      if (code) throw new Exit(code);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.OK;
  } catch (e) {
    if (e instanceof Exit) return e.code;
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n`);
      return EXIT.USAGE;
    }
    // Help and --version end with 0; everything else commander rejects is a usage error.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    io.err(formatError('relic3d', e, verbose));
    return 1;
  }
}

interface BatchOptions {
  out: string;
  jobs?: number;
  json?: string;
  resume?: boolean;
  force?: boolean;
  timeout?: number;
  workerMemory?: number;
  codePage?: string;
  motions?: Motions;
}

async function runBatch(io: CliIO, dir: string, opts: BatchOptions, quiet: boolean, rawIO: CliIO): Promise<number> {
  const started = performance.now();
  const elu = performance.eventLoopUtilization();
  const cpu = mainThreadCpuMs();
  const processCpu = process.cpuUsage();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    io.err(`error: ${dir}: not a folder\n`);
    return EXIT.USAGE;
  }
  const jobs = opts.jobs ?? (os.availableParallelism?.() || os.cpus().length || 1);
  if (opts.timeout !== undefined && jobs === 0) {
    io.err('error: --timeout needs worker threads (--jobs 1 or more)\n');
    return EXIT.USAGE;
  }
  mkdirSync(opts.out, { recursive: true });
  const outRoot = realpathSync(opts.out);
  const scan = scanFolder(dir, outRoot);
  const builder = new BatchReportBuilder(scan, outRoot, started, elu, cpu, processCpu);
  const total = scan.inputs.length;

  const controller = new AbortController();
  const interrupt = () => {
    builder.interrupted = true;
    controller.abort();
  };
  // The first Ctrl-C stops cleanly; a second one, with the listener gone, ends the process at once.
  const onSigint = () => {
    process.removeListener('SIGINT', onSigint);
    interrupt();
  };
  process.on('SIGINT', onSigint);
  rawIO.signal?.addEventListener('abort', interrupt, { once: true });
  if (rawIO.signal?.aborted) interrupt();

  // The report is rewritten while the batch runs (atomically; at most ~5% of the time goes to it),
  // so a reader, or a run that is killed, always has one that is at most a few seconds old.
  let dirty = false;
  let writeCost = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writeReport = (complete: boolean) => {
    if (!opts.json) return;
    const t = performance.now();
    writeReportFile(opts.json, builder.report(complete));
    writeCost = performance.now() - t;
    dirty = false;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      if (dirty) writeReport(false);
      schedule();
    }, Math.max(1000, writeCost * 20));
    timer.unref();
  };
  writeReport(false);
  if (opts.json) schedule();

  const bar =
    io.isTTY && !quiet
      ? new cliProgress.SingleBar(
          { format: 'relic3d batch {bar} {value}/{total} {file}', stream: io.progress ?? process.stderr, hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(total, 0, { file: '' });
  const width = String(total).length;
  try {
    for await (const result of convertBatch(dir, {
      out: outRoot,
      scan,
      jobs,
      resume: opts.resume,
      force: opts.force,
      timeout: opts.timeout,
      maxMemoryMb: opts.workerMemory,
      codePage: opts.codePage,
      motions: opts.motions,
      signal: controller.signal,
    })) {
      const row = builder.add(result);
      if (bar) bar.update(builder.done, { file: escapeControls(result.file) });
      else if (quiet) {
        if (!row.ok && row.status !== 'interrupted') io.err(`FAIL ${row.file}: ${row.error?.message}\n`);
      } else {
        const status = row.status === 'up-to-date' ? 'up  ' : row.ok ? 'ok  ' : row.status === 'interrupted' ? 'INT ' : 'FAIL';
        const detail =
          row.status === 'up-to-date'
            ? `→ ${row.output} (up to date)`
            : row.ok
              ? `→ ${row.output} (${Math.round(row.ms)} ms${row.warnings ? `, ${plural(row.warnings, 'warning')}` : ''})`
              : `: ${row.error?.message}`;
        io.err(`[${String(builder.done).padStart(width)}/${total}] ${status} ${(row.format ?? '?').padEnd(4)} ${row.file} ${detail}\n`);
      }
      dirty = true;
    }
  } finally {
    clearTimeout(timer);
    process.removeListener('SIGINT', onSigint);
    rawIO.signal?.removeEventListener('abort', interrupt);
    bar?.stop();
  }
  const report = builder.report(!builder.interrupted);
  writeReport(!builder.interrupted);
  if (!quiet) printSummary(io, report);
  if (builder.interrupted) {
    const stopped = report.files.filter((f) => f.status === 'interrupted' || f.status === 'not-run').length;
    io.err(`relic3d batch: interrupted; ${stopped} of ${total} models not converted${opts.json ? `, report in ${opts.json}` : ''}\n`);
    return EXIT.INTERRUPTED;
  }
  return report.summary.failed || report.summary.unreadableFolders ? EXIT.FAILED : EXIT.OK;
}

function printSummary(io: CliIO, report: BatchReport): void {
  const s = report.summary;
  const extra = [s.upToDate ? `${s.upToDate} up to date` : '', s.notRun ? `${s.notRun} not run` : ''].filter(Boolean).map((t) => `, ${t}`).join('');
  io.out(
    `relic3d batch: ${plural(s.files, 'model')}, ${s.converted} converted, ${s.failed} failed${extra}, ` +
      `${s.skipped} other files skipped (companions, images, unknown) in ${s.seconds} s\n\n`,
  );
  const rows = Object.entries(s.formats);
  io.out(`${'format'.padEnd(10)}${'files'.padStart(7)}${'converted'.padStart(11)}${'failed'.padStart(8)}\n`);
  for (const [format, r] of rows) io.out(`${format.padEnd(10)}${String(r.files).padStart(7)}${String(r.converted).padStart(11)}${String(r.failed).padStart(8)}\n`);
  const totals = rows.reduce((t, [, r]) => ({ files: t.files + r.files, converted: t.converted + r.converted, failed: t.failed + r.failed }), { files: 0, converted: 0, failed: 0 });
  io.out(`${'total'.padEnd(10)}${String(totals.files).padStart(7)}${String(totals.converted).padStart(11)}${String(totals.failed).padStart(8)}\n`);
  const codes = Object.entries(report.warnings);
  if (codes.length) {
    io.out(`\nwarnings by code:\n`);
    for (const [code, w] of codes) io.out(`  ${code}: ${w.count} in ${plural(w.files, 'file')}, e.g. ${w.example.file}: ${w.example.message}\n`);
  }
  if (report.unreadableFolders.length) {
    io.out(`\nfolders that could not be read:\n`);
    for (const f of report.unreadableFolders) io.out(`  ${f || '.'}\n`);
  }
  const failures = report.files.filter((f) => !f.ok && f.status !== 'not-run');
  if (failures.length) {
    io.out(`\nfailures:\n`);
    for (const f of failures) {
      const e = f.error!;
      const where = e.offset !== undefined ? ` at byte ${e.offset}` : '';
      io.out(`  ${f.file}\n    ${e.format ?? f.format ?? '?'}${where}${e.code ? ` [${e.code}]` : ''}: ${e.message}\n`);
      if (e.expected !== undefined && !e.message.includes(e.expected)) io.out(`    expected ${e.expected}, found ${e.found}\n`);
    }
  }
}
