import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { BatchReportBuilder, mainThreadCpuMs, reportChunks, unusualSkipped, writeReportFile, type BatchReport } from './batch-report.js';
import { EXIT, Exit, escapeControls, plural, type CliContext, type CliIO } from './io.js';
import { JsonOutput, jsonOption } from './json-output.js';
import { codePageOption, formatOptionsOf, motionsOption, parseIntOption, parsePositiveOption, type Motions } from './options.js';
import { upAxisOption, type UpAxis } from './up-axis-option.js';
import { addOptimizeOptions, optimizeOptionsOf, type OptimizeFlags } from './optimize-options.js';

/** The flags of `relic3d batch`. */
interface BatchOptions extends OptimizeFlags {
  out: string;
  jobs?: number;
  json?: string | boolean;
  resume?: boolean;
  force?: boolean;
  timeout?: number;
  workerMemory?: number;
  codePage?: string;
  motions?: Motions;
  upAxis?: UpAxis;
  includeGltf?: boolean;
}

/** `relic3d batch <dir> --out <dir>`: every model under a folder to .glb, in worker threads. */
export function addBatchCommand(program: Command, ctx: CliContext): void {
  addOptimizeOptions(program.command('batch'))
    .description('convert every model under a folder (recursive) to .glb, in parallel')
    .argument('<dir>')
    .requiredOption('--out <dir>', 'output folder (mirrors the input tree)')
    .option('--jobs <n>', 'worker threads (default: one per core; 0 converts on the main thread)', parseIntOption)
    .addOption(jsonOption('the report at the end; to a FILE it is rewritten as the batch goes, final at the end or on Ctrl-C;'))
    .option('--resume', 'skip models whose .glb is newer than the model')
    .option('--force', 'replace existing files in --out that relic3d did not write')
    .option('--timeout <ms>', 'stop a file after this long (its worker is replaced); needs --jobs ≥ 1', parsePositiveOption)
    .option('--worker-memory <MiB>', 'heap limit of each worker (default 2048): a file that exhausts it fails alone', parsePositiveOption)
    .addOption(codePageOption())
    .addOption(motionsOption())
    .addOption(upAxisOption())
    .option('--include-gltf', "convert the folder's .glb/.gltf files too (off: a folder's own outputs are not converted again)")
    .action(async (dir: string, opts: BatchOptions) => {
      const code = await runBatch(ctx.io, dir, opts, ctx.quiet, ctx.rawIO);
      if (code) throw new Exit(code);
    });
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
  const optimize = optimizeOptionsOf(opts);
  const jobs = opts.jobs ?? (os.availableParallelism?.() || os.cpus().length || 1);
  if (opts.timeout !== undefined && jobs === 0) {
    io.err('error: --timeout needs worker threads (--jobs 1 or more)\n');
    return EXIT.USAGE;
  }
  const json = JsonOutput.of(opts.json, { force: opts.force });
  json?.check();
  const human = json?.human(io) ?? io;
  mkdirSync(opts.out, { recursive: true });
  const outRoot = realpathSync(opts.out);
  // Loaded here, not with the CLI: the other commands need neither the worker pool nor the bar.
  const [{ convertBatch, scanFolder, startConvertWorkers }, { default: cliProgress }] = await Promise.all([import('@relic3d/batch/node'), import('cli-progress')]);
  // The workers load and warm up while the folder is scanned; convertBatch closes them.
  const workers = startConvertWorkers({ out: outRoot, jobs, timeout: opts.timeout, maxMemoryMb: opts.workerMemory });
  let scan: ReturnType<typeof scanFolder>;
  try {
    scan = scanFolder(dir, outRoot, { includeGltf: opts.includeGltf });
  } catch (e) {
    await workers?.close();
    throw e;
  }
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
    if (!json?.file) return;
    const t = performance.now();
    writeReportFile(json.file, builder.report(complete));
    json.markWritten();
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
  if (json?.file) schedule();

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
      workers,
      resume: opts.resume,
      force: opts.force,
      timeout: opts.timeout,
      maxMemoryMb: opts.workerMemory,
      codePage: opts.codePage,
      formatOptions: formatOptionsOf(opts),
      optimize,
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
  if (json?.toStdout) for (const chunk of reportChunks(report)) io.out(chunk);
  if (!quiet) printSummary(human, report);
  if (builder.interrupted) {
    const stopped = report.files.filter((f) => f.status === 'interrupted' || f.status === 'not-run').length;
    io.err(`relic3d batch: interrupted; ${stopped} of ${total} models not converted${json?.file ? `, report in ${json.file}` : ''}\n`);
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
  const unusual = unusualSkipped(report);
  if (unusual.length) {
    io.out(`\nskipped, never opened or not a model file:\n`);
    for (const f of unusual) io.out(`  ${f.file}: ${f.reason}\n`);
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
