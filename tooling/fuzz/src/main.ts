// `pnpm fuzz`: runs each format's inputs in a child process, one child at a time, with a watchdog
// (an input that stops answering is a hang: the child is killed and the run goes on after it), then
// prints and saves the report: inputs, untyped errors, slow inputs, budget breaches, worst
// allocation ratio, invalid .glb files and the parsers' coverage.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildCommand, ChildMessage } from './child.js';
import { memoryBudgetBytes, timeBudgetMs } from './budget.js';
import { summariseCoverage, type CoverageSummary } from './coverage.js';
import type { PlanOptions } from './generate.js';
import type { FormatId, InputResult } from './types.js';
import { parseArgs } from './args.js';
import { watchdog } from './watchdog.js';

export interface Options {
  formats: FormatId[];
  count: number;
  runSeed: number;
  long: boolean;
  /** Formats fuzzed at once, each in its own child (one per core is the most that helps). */
  jobs?: number;
  /** Runs inputs [from, to) of the plan only: a long run split over several calls. */
  from?: number;
  to?: number;
  out: string;
  /** 'export': toGlb measured, no validator (`--no-validator`). */
  validate: boolean | 'export';
  coverage: boolean;
  hangMs: number;
  batch: number;
  heapMb: number;
  savePerSignature: number;
  only?: number;
  quiet: boolean;
  /** Run the crafted inputs of stress.ts first; 'only': nothing else (no seeds are read). */
  stress: boolean | 'only';
  seeds: 'all' | 'corpus' | 'synthetic';
}

export interface FormatReport {
  format: FormatId;
  inputs: number;
  truncations: number;
  accepted: number;
  rejected: number;
  untyped: number;
  hangs: number;
  crashes: number;
  over1s: number;
  overTime: number;
  overMemory: number;
  /** Largest CPU time (wall-clock time beside it). */
  slowest: { cpuMs: number; ms: number; label: string; index: number; bytes: number } | null;
  /** Largest peak ÷ input bytes among inputs of at least RATIO_FLOOR bytes. */
  worstRatio: { ratio: number; peak: number; bytes: number; label: string; index: number } | null;
  largestPeak: { peak: number; bytes: number; label: string; index: number } | null;
  glbValid: number;
  glbInvalid: number;
  exportErrors: number;
  /** .glb files the validator could not check (it failed, not the file). */
  unvalidated: number;
  invalidScenes: number;
  /** glTF: writer runs that threw something other than a WriteError, or went over a budget. */
  writerUntyped: number;
  writerOver: number;
  kernels: { wasm: number; js: number };
  /** Failure signature → count, an example and where it was saved. */
  findings: Record<string, { count: number; label: string; index: number; savedAs?: string; detail: string }>;
  coverage?: CoverageSummary;
  seconds: number;
}

/** Ratios of tiny inputs measure the parser's fixed cost, not amplification. */
export const RATIO_FLOOR = 4096;

const pct = (c: { covered: number; total: number }) => (c.total ? `${((100 * c.covered) / c.total).toFixed(1)}%` : '–');
const mb = (bytes: number) => `${(bytes / (1 << 20)).toFixed(1)} MB`;

// The bundle lives in tooling/fuzz/.cache/<hash>/ beside the child's bundle.
const here = path.dirname(new URL(import.meta.url).pathname);
export const repoRoot = path.resolve(here, '../../../..');
const childBundle = path.join(here, 'child.mjs');

function emptyReport(format: FormatId): FormatReport {
  return {
    format, inputs: 0, truncations: 0, accepted: 0, rejected: 0, untyped: 0, hangs: 0, crashes: 0, over1s: 0, overTime: 0, overMemory: 0,
    slowest: null, worstRatio: null, largestPeak: null, glbValid: 0, glbInvalid: 0, exportErrors: 0, unvalidated: 0, invalidScenes: 0, writerUntyped: 0, writerOver: 0, kernels: { wasm: 0, js: 0 }, findings: {}, seconds: 0,
  };
}

function tally(report: FormatReport, r: InputResult, signature: string | undefined, savedAs: string | undefined): void {
  report.inputs++;
  if (r.outcome === 'accepted') report.accepted++;
  else if (r.outcome === 'rejected') report.rejected++;
  else if (r.outcome === 'untyped') report.untyped++;
  else if (r.outcome === 'hang') report.hangs++;
  else report.crashes++;
  report.kernels[r.kernels]++;
  if (r.cpuMs > 1000) report.over1s++;
  if (r.over?.includes('time')) report.overTime++;
  if (r.over?.includes('memory')) report.overMemory++;
  if (!report.slowest || r.cpuMs > report.slowest.cpuMs) report.slowest = { cpuMs: r.cpuMs, ms: r.ms, label: r.label, index: r.index, bytes: r.bytes };
  if (r.bytes >= RATIO_FLOOR && (!report.worstRatio || r.peak / r.bytes > report.worstRatio.ratio)) {
    report.worstRatio = { ratio: r.peak / r.bytes, peak: r.peak, bytes: r.bytes, label: r.label, index: r.index };
  }
  if (!report.largestPeak || r.peak > report.largestPeak.peak) report.largestPeak = { peak: r.peak, bytes: r.bytes, label: r.label, index: r.index };
  if (r.glb === 'valid') report.glbValid++;
  else if (r.glb === 'invalid') report.glbInvalid++;
  else if (r.glb === 'export-error') report.exportErrors++;
  else if (r.glb === 'unvalidated') report.unvalidated++;
  if (r.sceneIssue) report.invalidScenes++;
  for (const w of r.writers ?? []) {
    if (w.outcome === 'untyped') report.writerUntyped++;
    if (w.over) report.writerOver++;
  }
  if (signature) {
    const detail = signature.startsWith('over-')
      ? `${r.cpuMs} ms CPU (${r.ms} ms wall), peak ${mb(r.peak)} for ${r.bytes} B (budget ${Math.round(timeBudgetMs(r.bytes))} ms, ${mb(memoryBudgetBytes(r.bytes))})`
      : signature.startsWith('invalid-scene') ? (r.sceneIssue ?? '') : signature.startsWith('writer-') ? (r.writerIssue ?? '') : (r.error ?? r.glbIssue ?? r.sceneIssue ?? '');
    const f = (report.findings[signature] ??= { count: 0, label: r.label, index: r.index, detail });
    f.count++;
    if (savedAs && !f.savedAs) f.savedAs = path.relative(repoRoot, savedAs);
  }
}

interface Spawned {
  child: ChildProcess;
  stderr: string[];
  ready: Promise<void>;
}

function spawnChild(options: Options, coverageDir?: string): Spawned {
  const env = { ...process.env };
  if (coverageDir) env.NODE_V8_COVERAGE = coverageDir;
  else delete env.NODE_V8_COVERAGE;
  const child = fork(childBundle, [], { cwd: repoRoot, env, execArgv: [`--max-old-space-size=${options.heapMb}`], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const stderr: string[] = [];
  const keep = (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 40) stderr.splice(0, stderr.length - 40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(`child said ${m.type}`))));
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before it was ready:\n${stderr.join('')}`)));
  });
  return { child, stderr, ready };
}

const planFor = (options: Options, format: FormatId): PlanOptions => ({
  format,
  count: options.count,
  runSeed: options.runSeed,
  smallLimit: options.long ? 64 * 1024 : 16 * 1024,
  truncationShare: options.long ? 0.5 : 0.25,
  stress: options.stress,
  seeds: options.seeds,
});

/** Runs one format's inputs through as many children as hangs and crashes require. */
async function runFormat(options: Options, format: FormatId, report: FormatReport, onProgress: () => void): Promise<FormatReport> {
  const started = performance.now();
  const plan = planFor(options, format);
  const coverageDir = options.coverage ? path.join(options.out, 'coverage', format) : undefined;
  if (coverageDir) {
    rmSync(coverageDir, { recursive: true, force: true });
    mkdirSync(coverageDir, { recursive: true });
  }
  const failures = path.join(options.out, 'failures');
  const saved: Record<string, number> = {};
  const lost: InputResult[] = [];
  const first = options.only ?? options.from ?? 0;
  let last = options.only !== undefined ? options.only + 1 : Math.min(options.count, options.to ?? options.count);
  let next = first;
  let lastPrint = performance.now();
  while (next < last) {
    const spawned = spawnChild(options, coverageDir);
    await spawned.ready;
    const { child } = spawned;
    const ended = await new Promise<'done' | 'hang' | 'crash'>((resolve) => {
      let finishing = false;
      const dog = watchdog(child.pid, options.hangMs, () => {
        child.kill('SIGKILL');
        resolve('hang');
      });
      const arm = () => dog.arm();
      const batch = () => {
        const end = Math.min(last, next + options.batch);
        const coverageEvery = Math.max(5000, Math.ceil(options.count / 20));
        const command: ChildCommand = { type: 'run', plan, start: next, end, validate: options.validate, failures, saved, savePerSignature: options.savePerSignature, coverageEvery };
        child.send(command);
        arm();
      };
      child.on('message', (m: ChildMessage) => {
        arm();
        if (m.type === 'plan') {
          report.truncations = m.truncations;
          // --stress-only: the crafted inputs are the whole run.
          if (options.stress === 'only') last = Math.min(last, m.stress);
        }
        else if (m.type === 'result') {
          tally(report, m.result, m.signature, m.savedAs);
          if (m.signature && m.savedAs) saved[m.signature] = (saved[m.signature] ?? 0) + 1;
          next = m.result.index + 1;
          if (performance.now() - lastPrint > 15_000) {
            lastPrint = performance.now();
            report.seconds = Math.round((performance.now() - started) / 1000);
            onProgress();
            if (!options.quiet) {
              const rate = report.inputs / report.seconds;
              process.stdout.write(`[${format}] ${report.inputs}/${last - first}: untyped ${report.untyped}, hangs ${report.hangs}, invalid glb ${report.glbInvalid}, over budget ${report.overTime + report.overMemory} (${rate.toFixed(1)}/s)\n`);
            }
          }
        } else if (m.type === 'done') {
          if (next < last) batch();
          else {
            dog.stop();
            finishing = true;
            child.send({ type: 'exit' } satisfies ChildCommand);
          }
        }
      });
      child.once('exit', () => {
        dog.stop();
        resolve(finishing ? 'done' : 'crash');
      });
      batch();
    });
    if (ended === 'done') break;
    // The input in flight when the child stopped answering or died.
    const r: InputResult = {
      index: next, label: '(not rebuilt)', seed: '', bytes: 0, outcome: ended, ms: ended === 'hang' ? options.hangMs : 0, cpuMs: ended === 'hang' ? options.hangMs : 0, peak: 0, kernels: 'wasm',
      error: ended === 'crash' ? crashSummary(spawned.stderr) : `no answer: ${options.hangMs} ms of CPU, or of no CPU, since the last one`,
    };
    lost.push(r);
    next++;
    if (!options.quiet) process.stdout.write(`[${format}] input ${r.index}: ${ended} (${r.error})\n`);
  }
  // Rebuild and save the inputs that hung or crashed (their child could not).
  if (lost.length) {
    let spawned: ReturnType<typeof spawnChild> | undefined;
    for (const lostResult of lost) {
      let r = lostResult;
      const dir = path.join(failures, format, `${r.outcome}-${r.index}`);
      let savedAs: string | undefined;
      if ((saved[r.outcome] ?? 0) < options.savePerSignature) {
        if (!spawned) {
          spawned = spawnChild(options);
          await spawned.ready;
        }
        const { child, stderr } = spawned;
        child.send({ type: 'dump', plan, index: r.index, dir, result: r } satisfies ChildCommand);
        // Building the input itself may be what crashed: then nothing is saved, and a new child dumps the next.
        const answer = await new Promise<ChildMessage | 'exit'>((resolve) => {
          const onExit = () => resolve('exit');
          child.once('exit', onExit);
          child.once('message', (m: ChildMessage) => {
            child.off('exit', onExit);
            resolve(m);
          });
        });
        if (answer === 'exit') {
          spawned = undefined;
          r = { ...r, error: `${r.error}; rebuilding the input crashed too: ${crashSummary(stderr)}` };
        } else if (answer.type === 'dumped') {
          r = answer.result;
          saved[r.outcome] = (saved[r.outcome] ?? 0) + 1;
          savedAs = dir;
        }
      }
      tally(report, r, r.outcome, savedAs);
    }
    spawned?.child.send({ type: 'exit' } satisfies ChildCommand);
  }
  report.seconds = Math.round((performance.now() - started) / 1000);
  // glTF: the import is what this target reads (the export and the writers have their own runs).
  if (coverageDir) report.coverage = summariseCoverage(childBundle, coverageDir, path.join(repoRoot, 'packages', format, format === 'gltf' ? 'src/import' : 'src'));
  return report;
}


/** The report as a Markdown table (the same columns in the terminal). */
export function table(reports: FormatReport[]): string {
  const head = ['format', 'inputs', 'truncations', 'accepted', 'rejected (FormatError)', 'untyped errors', 'hangs', 'crashes', 'over 1 s (CPU)', 'over time budget', 'over memory budget', 'worst alloc ratio (≥4 KiB)', 'largest peak', 'invalid .glb', 'export errors', 'validator failed', 'invalid scenes', 'writer untyped', 'writer over budget', 'coverage lines', 'coverage functions'];
  const rows = reports.map((r) => [
    r.format, r.inputs, r.truncations, r.accepted, r.rejected, r.untyped, r.hangs, r.crashes, r.over1s, r.overTime, r.overMemory,
    r.worstRatio ? `${r.worstRatio.ratio.toFixed(1)}×` : '–', r.largestPeak ? mb(r.largestPeak.peak) : '–', r.glbInvalid, r.exportErrors, r.unvalidated, r.invalidScenes, r.writerUntyped ?? 0, r.writerOver ?? 0,
    r.coverage ? `${pct(r.coverage.lines)} (${r.coverage.lines.covered}/${r.coverage.lines.total})` : '–',
    r.coverage ? `${pct(r.coverage.functions)} (${r.coverage.functions.covered}/${r.coverage.functions.total})` : '–',
  ].map(String));
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function details(reports: FormatReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    out.push(`\n## ${r.format} (${r.seconds} s)\n`);
    if (r.slowest) out.push(`- slowest: ${r.slowest.cpuMs} ms CPU (${r.slowest.ms} ms wall), input ${r.slowest.index} (${r.slowest.bytes} B): ${r.slowest.label}`);
    if (r.worstRatio) out.push(`- worst allocation ratio: ${r.worstRatio.ratio.toFixed(1)}× (${mb(r.worstRatio.peak)} for ${r.worstRatio.bytes} B), input ${r.worstRatio.index}: ${r.worstRatio.label}`);
    if (r.largestPeak) out.push(`- largest peak: ${mb(r.largestPeak.peak)} for ${r.largestPeak.bytes} B, input ${r.largestPeak.index}: ${r.largestPeak.label}`);
    out.push(`- kernels: ${r.kernels.wasm} WASM, ${r.kernels.js} TypeScript`);
    const findings = Object.entries(r.findings).sort((a, b) => b[1].count - a[1].count);
    if (findings.length) {
      out.push('- findings (signature: count; an example):');
      for (const [sig, f] of findings) out.push(`  - \`${sig}\`: ${f.count}; input ${f.index} (${f.label})${f.savedAs ? `, saved in ${f.savedAs}` : ''}\n    ${f.detail}`);
    }
    if (r.coverage) {
      const files = Object.entries(r.coverage.files).map(([f, c]) => `${f} ${c.lines[0]}/${c.lines[1]} lines, ${c.functions[0]}/${c.functions[1]} functions`);
      out.push(`- coverage by file: ${files.join('; ')}`);
    }
  }
  return out.join('\n');
}

export async function runAll(options: Options): Promise<FormatReport[]> {
  if (!existsSync(childBundle)) throw new Error(`${childBundle} is missing: run through fuzz.mjs, which builds it`);
  mkdirSync(options.out, { recursive: true });
  const reports = options.formats.map((format) => emptyReport(format));
  const done = new Set<FormatId>();
  // The report is rewritten as the run goes, so a long run that is stopped keeps what it did.
  const write = () => {
    const running = options.formats.filter((f) => !done.has(f));
    const state = running.length ? `In progress (${running.join(', ')} not finished; their rows count the inputs so far, without coverage).` : 'Complete.';
    const text = `# relic3d fuzz report\n\nSeed ${options.runSeed}, ${options.count} inputs per format${options.long ? ' (long)' : ''}, budgets: CPU time ≤ 2 s + 50 ms/MB, peak memory ≤ 8 × n + 64 MB (n = input bytes). ${state}\n\n${table(reports)}\n${details(reports)}\n`;
    writeFileSync(path.join(options.out, 'report.md'), text);
    writeFileSync(path.join(options.out, 'report.json'), `${JSON.stringify({ options, complete: !running.length, reports }, null, 2)}\n`);
  };
  let nextFormat = 0;
  const lane = async () => {
    while (nextFormat < options.formats.length) {
      const i = nextFormat++;
      const format = options.formats[i];
      if (!options.quiet) process.stdout.write(`[${format}] ${options.only !== undefined ? `input ${options.only}` : `${options.count} inputs`}, seed ${options.runSeed}\n`);
      await runFormat(options, format, reports[i], write);
      done.add(format);
      write();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs ?? 1, options.formats.length)) }, lane));
  write();
  return reports;
}

/** A dead child's error line (`RangeError: …`, `FATAL ERROR: …`) and the first frame under it, else its last lines. */
function crashSummary(stderr: string[]): string {
  const lines = stderr.join('').trim().split('\n');
  const at = lines.findIndex((l) => /^\S*(Error|FATAL)\b.*:/.test(l.trim()));
  const picked = at >= 0 ? lines.slice(at, at + 2) : lines.slice(-6);
  return picked.map((l) => l.trim()).join(' | ').slice(0, 400);
}

/** Replays a saved input in a child (the same pipeline and checks) and prints what happened. */
export async function replay(dir: string, options: Options): Promise<boolean> {
  const spawned = spawnChild(options);
  await spawned.ready;
  spawned.child.send({ type: 'replay', dir: path.resolve(dir), validate: options.validate } satisfies ChildCommand);
  const answer = await new Promise<ChildMessage | 'crash'>((resolve) => {
    const dog = watchdog(spawned.child.pid, options.hangMs, () => {
      spawned.child.kill('SIGKILL');
      resolve('crash');
    });
    dog.arm();
    spawned.child.once('message', (m: ChildMessage) => {
      dog.stop();
      resolve(m);
    });
    spawned.child.once('exit', () => {
      dog.stop();
      resolve('crash');
    });
  });
  if (answer === 'crash') {
    process.stdout.write(`hang or crash:\n${spawned.stderr.join('')}\n`);
    return false;
  }
  spawned.child.send({ type: 'exit' } satisfies ChildCommand);
  if (answer.type !== 'replayed') return false;
  const { result, detail } = answer;
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n${detail ? `${detail}\n` : ''}`);
  return !(result.outcome === 'untyped' || result.over?.length || result.glb === 'invalid' || result.glb === 'export-error' || result.sceneIssue || result.writerIssue);
}

export async function cli(argv: string[]): Promise<number> {
  const { options, replayDir } = parseArgs(argv, repoRoot);
  if (replayDir) return (await replay(replayDir, options)) ? 0 : 1;
  const reports = await runAll(options);
  process.stdout.write(`\n${table(reports)}\n\nReport: ${path.relative(process.cwd(), path.join(options.out, 'report.md'))}\n`);
  const failed = reports.some((r) => r.untyped || r.hangs || r.crashes || r.overTime || r.overMemory || r.glbInvalid || r.exportErrors || r.invalidScenes || r.writerUntyped || r.writerOver);
  return failed ? 1 : 0;
}
