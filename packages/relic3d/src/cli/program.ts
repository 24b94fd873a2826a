import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { isFormatError, requireFormat, type Scene, type Warning } from '@relic3d/core';
import { toGlb, toGltf } from '@relic3d/gltf';
import { batchInput, classify, decodeBatch, errorData, walk, withCompanions, type BatchError } from '../batch.js';
import { formats } from '../index.js';
import { describeScene, type SceneInfo } from '../info.js';
import { folderResolver, parseFile } from '../node.js';
import packageJson from '../../package.json';

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Progress bar on a TTY, plain lines otherwise. */
  isTTY: boolean;
  /** Where the progress bar draws when `isTTY`; default `process.stderr`. */
  progress?: NodeJS.WritableStream;
}

export const processIO = (): CliIO => ({
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  isTTY: !!process.stderr.isTTY,
  progress: process.stderr,
});

/** Exit codes: 0 success, 1 a file could not be read or converted, 2 a usage error. */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2 } as const;

const EXAMPLES = `
Examples:
  $ relic3d detect model.o3d
  $ relic3d info model.ms3d               counts, clips, LODs, bounds, warnings
  $ relic3d info model.ase --json         the same as JSON (schema in the README)
  $ relic3d convert model.ms3d            writes model.glb beside the model
  $ relic3d convert model.o3d out/        writes out/model.glb
  $ relic3d convert model.o3d bat.gltf --animation walk --lod 0
  $ relic3d batch assets --out glb --jobs 4 --json report.json

Textures, .chr skeletons, .ani motions and .mat files are found beside the model
(either slash, any case, relative folders such as ..\\Textures\\wood.bmp).
Exit codes: 0 success, 1 a file failed, 2 usage error.
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

async function writeOutput(scene: Scene, out: string, options: { lod?: number; animation?: string; resolve: ReturnType<typeof folderResolver>; onWarning: (w: Warning) => void }) {
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

/** The report `relic3d batch --json` writes. */
export interface BatchReport {
  root: string;
  out: string;
  summary: { files: number; converted: number; failed: number; skipped: number; seconds: number; formats: Record<string, { files: number; converted: number; failed: number }> };
  files: { file: string; format: string | null; ok: boolean; output?: string; ms: number; warnings: number; error?: BatchError }[];
  skipped: string[];
}

/** Runs the CLI with the arguments after `relic3d`; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO = processIO()): Promise<number> {
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
      const bytes = new Uint8Array(await readFile(file));
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
    .description('print what a model holds: counts, clips, LODs, bounds, warnings')
    .argument('<file>')
    .option('--json', 'print JSON (schema in the README)')
    .action(async (file: string, opts: { json?: boolean }) => {
      const scene = await parseFile(file).catch((e) => {
        io.err(formatError(file, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      const info = describeScene(scene);
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
    .action(async (input: string, requested: string | undefined, opts: { lod?: number; animation?: string }) => {
      const output = defaultOutput(input, requested);
      if (!/\.(glb|gltf)$/i.test(output)) {
        io.err(`error: ${output}: the output must end in .glb or .gltf (or be a folder)\n`);
        throw new Exit(EXIT.USAGE);
      }
      const scene = await parseFile(input).catch((e) => {
        io.err(formatError(input, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      const warnings: Warning[] = [...scene.warnings];
      const written = await writeOutput(scene, output, {
        ...opts,
        resolve: folderResolver(path.dirname(path.resolve(input))),
        onWarning: (w) => warnings.push(w),
      }).catch((e) => {
        io.err(formatError(input, e, verbose));
        throw new Exit(EXIT.FAILED);
      });
      if (quiet) return;
      const info = describeScene(scene);
      io.out(
        `${input} (${scene.format}) → ${output}: ${written.bytes} bytes; ${plural(info.meshes, 'mesh').replace('meshs', 'meshes')}, ` +
          `${plural(info.triangles, 'triangle')}, ${plural(opts.animation ? 1 : info.animations.length, 'clip')}, ${plural(warnings.length, 'warning')}\n`,
      );
      for (const w of warnings) io.out(`  ${w.format ?? ''} ${w.code}: ${w.message}\n`);
    });

  program
    .command('batch')
    .description('convert every model under a folder (recursive) to .glb, in parallel')
    .argument('<dir>')
    .requiredOption('--out <dir>', 'output folder (mirrors the input tree)')
    .option('--jobs <n>', 'worker threads (default: one per core; 0 decodes on the main thread)', parseIntOption)
    .option('--json <file>', 'write a JSON report')
    .action(async (dir: string, opts: { out: string; jobs?: number; json?: string }) => {
      const code = await runBatch(io, dir, opts, verbose, quiet);
      if (code) throw new Exit(code);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.OK;
  } catch (e) {
    if (e instanceof Exit) return e.code;
    // Help and --version end with 0; everything else commander rejects is a usage error.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    io.err(formatError('relic3d', e, verbose));
    return 1;
  }
}

async function runBatch(io: CliIO, dir: string, opts: { out: string; jobs?: number; json?: string }, verbose: boolean, quiet: boolean): Promise<number> {
  const started = performance.now();
  const root = path.resolve(dir);
  const outRoot = path.resolve(opts.out);
  const { inputs, skipped } = classify(walk(root, outRoot));
  const concurrency = opts.jobs ?? (os.availableParallelism?.() || os.cpus().length || 1);
  const report: BatchReport = {
    root,
    out: outRoot,
    summary: { files: inputs.length, converted: 0, failed: 0, skipped: skipped.length, seconds: 0, formats: {} },
    files: [],
    skipped: skipped.map((s) => s.relative),
  };
  const bar =
    io.isTTY && !quiet
      ? new cliProgress.SingleBar(
          { format: 'relic3d batch {bar} {value}/{total} {file}', stream: io.progress ?? process.stderr, hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(inputs.length, 0, { file: '' });
  const usedOutputs = new Set<string>();
  const outputFor = (relative: string) => {
    const parsed = path.posix.parse(relative);
    let out = path.posix.join(parsed.dir, `${parsed.name}.glb`);
    if (usedOutputs.has(out.toLowerCase())) out = path.posix.join(parsed.dir, `${parsed.base}.glb`);
    usedOutputs.add(out.toLowerCase());
    return out;
  };
  const byRelative = new Map(inputs.map((i) => [i.relative, i]));
  const lazyInputs = { *[Symbol.iterator]() { for (const file of inputs) yield batchInput(file); } };
  let done = 0;
  for await (const result of decodeBatch(lazyInputs, { concurrency })) {
    const entry: BatchReport['files'][number] = { file: result.name, format: result.format ?? null, ok: false, ms: Math.round(result.ms), warnings: 0 };
    const source = byRelative.get(result.name);
    if (result.scene && source) result.scene = await withCompanions(result, source).catch(() => result.scene);
    if (result.scene) {
      const scene = result.scene;
      entry.format = scene.format;
      const warnings: Warning[] = [...scene.warnings];
      try {
        const output = outputFor(result.name);
        const glb = await toGlb(scene, { resolve: folderResolver(path.dirname(source?.path ?? path.join(root, result.name))), onWarning: (w) => warnings.push(w) });
        const target = path.join(outRoot, output);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, glb);
        entry.ok = true;
        entry.output = output;
      } catch (e) {
        entry.error = errorData(e);
        if (verbose && e instanceof Error && e.stack) entry.error.message += `\n${e.stack}`;
      }
      entry.warnings = warnings.length;
    } else {
      entry.error = result.error ?? { name: 'Error', message: 'decoder returned neither a scene nor an error' };
    }
    report.files.push(entry);
    const key = entry.format ?? '(unknown)';
    const row = (report.summary.formats[key] ??= { files: 0, converted: 0, failed: 0 });
    row.files++;
    if (entry.ok) {
      row.converted++;
      report.summary.converted++;
    } else {
      row.failed++;
      report.summary.failed++;
    }
    done++;
    if (bar) bar.update(done, { file: result.name });
    else if (quiet) {
      if (!entry.ok) io.err(`FAIL ${result.name}: ${entry.error?.message}\n`);
    } else {
      const status = entry.ok ? 'ok  ' : 'FAIL';
      const detail = entry.ok ? `→ ${entry.output} (${entry.ms} ms${entry.warnings ? `, ${plural(entry.warnings, 'warning')}` : ''})` : `: ${entry.error?.message}`;
      io.err(`[${String(done).padStart(String(inputs.length).length)}/${inputs.length}] ${status} ${(entry.format ?? '?').padEnd(4)} ${result.name} ${detail}\n`);
    }
  }
  bar?.stop();
  report.files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  report.summary.seconds = round((performance.now() - started) / 1000, 2);
  if (!quiet) printSummary(io, report);
  if (opts.json) {
    mkdirSync(path.dirname(path.resolve(opts.json)), { recursive: true });
    writeFileSync(opts.json, JSON.stringify(report, null, 2));
  }
  return report.summary.failed ? 1 : 0;
}

function printSummary(io: CliIO, report: BatchReport): void {
  const s = report.summary;
  io.out(
    `relic3d batch: ${plural(s.files, 'model')}, ${s.converted} converted, ${s.failed} failed, ` +
      `${s.skipped} other files skipped (companions, images, unknown) in ${s.seconds} s\n\n`,
  );
  const rows = Object.entries(s.formats).sort(([a], [b]) => (a < b ? -1 : 1));
  io.out(`${'format'.padEnd(10)}${'files'.padStart(7)}${'converted'.padStart(11)}${'failed'.padStart(8)}\n`);
  for (const [format, r] of rows) io.out(`${format.padEnd(10)}${String(r.files).padStart(7)}${String(r.converted).padStart(11)}${String(r.failed).padStart(8)}\n`);
  io.out(`${'total'.padEnd(10)}${String(s.files).padStart(7)}${String(s.converted).padStart(11)}${String(s.failed).padStart(8)}\n`);
  const failures = report.files.filter((f) => !f.ok);
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
