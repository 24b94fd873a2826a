// `relic3d batch` over a generated game folder (bench/src/game-folder.ts, small scale): the report
// against the generator's manifest, byte-identity with `convert`, --resume, atomic writes, and the
// batch under faults (a hung file, a worker out of memory, a full disk, unreadable files, Ctrl-C).
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIO } from '@relic3d/gltf';
import { writeGameFolder, type GameFolderManifest, type GameModel } from '../../../bench/src/game-folder.js';
import { ensureBuilt, eventually, threadCount } from '../../batch/test/built.js';
import type { BatchReport } from '../src/cli.js';
import { run, tmp } from './run-cli.js';

const bin = path.resolve(import.meta.dirname, '../dist/cli.js');
/** Runs with test-only faults in the workers (RELIC3D_BATCH_TEST_FAULTS, read when workers start). */
async function withFaults<T>(faults: object, body: () => Promise<T>): Promise<T> {
  process.env.RELIC3D_BATCH_TEST_FAULTS = JSON.stringify(faults);
  try {
    return await body();
  } finally {
    delete process.env.RELIC3D_BATCH_TEST_FAULTS;
  }
}

/** Every file under a folder, relative. */
function files(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** A .glb on disk is whole: its header length is the file size, its JSON parses, relic3d wrote it. */
function expectWholeGlb(file: string): void {
  const bytes = readFileSync(file);
  expect(bytes.toString('latin1', 0, 4), file).toBe('glTF');
  expect(bytes.readUInt32LE(8), file).toBe(bytes.length);
  const json = JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12)));
  expect(json.asset.generator).toMatch(/^relic3d/);
}

function expectNoLeftovers(out: string): void {
  const all = files(out);
  expect(all.filter((f) => f.includes('relic3d-tmp'))).toEqual([]);
  for (const f of all.filter((f) => f.endsWith('.glb'))) expectWholeGlb(path.join(out, f));
}

/**
 * The game folder with one model and every companion (skeletons, motions, textures): a fact about one
 * model's output needs no batch of the other 29 (~0.5 CPU-s each batch), nor a second worker
 * (`--jobs 1`: each worker loads every format and compiles the kernels, ~0.3 CPU-s).
 */
function folderWithOneModel(name: string, model: GameModel): string {
  const copy = tmp(name);
  const keep = path.join(dir, model.file);
  cpSync(dir, copy, { recursive: true, filter: (source) => !source.endsWith('.o3d') || source === keep });
  return copy;
}

const readReport = (file: string): BatchReport => JSON.parse(readFileSync(file, 'utf8'));
const glbDoc = (file: string) => createIO().readBinary(new Uint8Array(readFileSync(file)));
const converted = (m: GameModel) => m.kind !== 'broken';

let dir: string;
let manifest: GameFolderManifest;
const ofKind = (kind: GameModel['kind']) => manifest.models.filter((m) => m.kind === kind);

beforeAll(() => {
  ensureBuilt();
  dir = tmp('game');
  manifest = writeGameFolder(dir, { scale: 0.005 });
}, 600_000);

/** The first describe's batch output: the --resume test starts from a copy of it rather than a batch of its own. */
let out: string;

describe('relic3d batch on a generated game folder', () => {
  let reportFile: string;
  let result: Awaited<ReturnType<typeof run>>;
  let report: BatchReport;
  beforeAll(async () => {
    out = tmp('game-out');
    reportFile = path.join(tmp('game-report'), 'report.json');
    result = await run('batch', dir, '--out', out, '--jobs', '2', '--json', reportFile);
    report = readReport(reportFile);
  }, 120_000);

  it('lists every model in input order; the broken ones fail with their codes, the rest convert', () => {
    expect(result.code).toBe(1);
    expect(report.complete).toBe(true);
    expect(report.interrupted).toBe(false);
    expect(report.files.map((f) => f.file)).toEqual(manifest.models.map((m) => m.file));
    expect(report.summary).toMatchObject({ files: manifest.models.length, converted: manifest.models.filter(converted).length, failed: manifest.counts.broken, notRun: 0 });
    expect(report.summary.skipped).toBe(manifest.companions);
    const byFile = new Map(report.files.map((f) => [f.file, f]));
    for (const m of manifest.models) expect(byFile.get(m.file)!.ok, m.file).toBe(converted(m));
    expect(byFile.get('Model/obj_broken_empty.o3d')!.error).toMatchObject({ code: 'EMPTY', format: 'o3d' });
    expect(byFile.get('Model/obj_broken_quake.o3d')!.error).toMatchObject({ code: 'FOREIGN_FORMAT', message: expect.stringContaining('Quake 1 MDL') });
    expect(byFile.get('Model/obj_broken_cut.o3d')!.error).toMatchObject({ format: 'o3d', offset: expect.any(Number) });
    expect(byFile.get('Model/Obj_Broken_Noise.o3d')!.error).toMatchObject({ format: 'o3d', offset: 0 });
  });

  it('monsters get their own skeleton and motions; player parts their shared skeleton and no motions', async () => {
    for (const m of ofKind('monster')) {
      const doc = await glbDoc(path.join(out, m.file.replace(/\.o3d$/, '.glb')));
      if (m.bones) {
        expect(doc.getRoot().listSkins()[0].listJoints(), m.file).toHaveLength(m.bones);
        expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort(), m.file).toEqual([...m.motions!].sort());
      } else expect(doc.getRoot().listAnimations(), m.file).toEqual([]);
    }
    for (const m of ofKind('part')) {
      const doc = await glbDoc(path.join(out, m.file.replace(/\.o3d$/, '.glb')));
      expect(doc.getRoot().listSkins()[0].listJoints(), m.file).toHaveLength(m.bones!);
      expect(doc.getRoot().listAnimations(), m.file).toEqual([]);
    }
  });

  it('reports warnings by code with a count, a file count and one example', () => {
    // Player parts leave their shared motions; a monster without its skeleton leaves its own.
    const parts = ofKind('part');
    const noSkeleton = ofKind('monster').filter((m) => !m.bones);
    expect(noSkeleton.length).toBeGreaterThan(0);
    expect(report.warnings.O3D_MOTIONS_NOT_LOADED).toMatchObject({ count: parts.length + noSkeleton.length, files: parts.length + noSkeleton.length });
    expect([...parts, ...noSkeleton].map((p) => p.file)).toContain(report.warnings.O3D_MOTIONS_NOT_LOADED.example.file);
    // The example is the first file in input order that has the code.
    const first = report.files.find((f) => [...parts, ...noSkeleton].some((m) => m.file === f.file))!;
    expect(report.warnings.O3D_MOTIONS_NOT_LOADED.example.file).toBe(first.file);
    const missing = manifest.models.filter((m) => m.missingTextures?.length);
    expect(missing.length).toBeGreaterThan(0);
    expect(report.warnings.GLTF_TEXTURE_MISSING).toMatchObject({ count: missing.length, files: missing.length });
    expect(missing.map((m) => m.file)).toContain(report.warnings.GLTF_TEXTURE_MISSING.example.file);
    expect(report.warnings.O3D_MISSING_SKELETON.files).toBe(noSkeleton.length);
    expect(report.summary.warnings).toBe(Object.values(report.warnings).reduce((n, w) => n + w.count, 0));
    expect(result.stdout).toMatch(/warnings by code:\n(?: {2}.*\n)* {2}O3D_MOTIONS_NOT_LOADED: \d+ in \d+ files, e\.g\. Model\//);
  });

  it('lists the slowest files, slowest first, with where their time went', () => {
    expect(report.slowest.length).toBe(10);
    const ms = report.slowest.map((s) => s.ms);
    expect(ms).toEqual([...ms].sort((a, b) => b - a));
    const fastestListed = ms[ms.length - 1];
    for (const f of report.files.filter((f) => f.status === 'converted')) {
      if (!report.slowest.some((s) => s.file === f.file)) expect(f.ms).toBeLessThanOrEqual(fastestListed + 0.1);
    }
    for (const s of report.slowest) expect(Math.abs(s.read + s.parse + s.export + s.write - s.ms)).toBeLessThan(0.5);
  });

  it('mirrors the folder with whole .glb files and leaves no temporary file', () => {
    const written = files(out).sort();
    expect(written).toEqual(manifest.models.filter(converted).map((m) => m.file.replace(/\.o3d$/, '.glb')).sort());
    expectNoLeftovers(out);
    expect(report.summary.peakRssMB).toBeGreaterThan(0);
    expect(report.summary.mainThreadBusy).toBeGreaterThan(0);
    expect(report.summary.mainThreadBusy).toBeLessThan(1);
  });

  it('writes byte for byte what `relic3d convert` writes for the same file', async () => {
    // Each model once: convert refuses to replace a file it did not create in this run.
    const sample = [...new Set([ofKind('object').find((m) => (m.lods ?? 1) > 1)!, ofKind('item')[0], ofKind('monster').find((m) => m.bones)!, ofKind('part')[0], ...manifest.models.filter((m) => m.missingTextures?.length).slice(0, 1)])];
    const single = tmp('convert');
    for (const m of sample) {
      const target = path.join(single, path.basename(m.file).replace(/\.o3d$/, '.glb'));
      const { code } = await run('convert', path.join(dir, m.file), target);
      expect(code, m.file).toBe(0);
      expect(readFileSync(target).equals(readFileSync(path.join(out, m.file.replace(/\.o3d$/, '.glb')))), m.file).toBe(true);
    }
  });

  it('--motions all gives a player part every motion of its skeleton, as convert --motions all does', async () => {
    const part = ofKind('part')[0];
    const allOut = tmp('motions-all');
    await run('batch', folderWithOneModel('motions-in', part), '--out', allOut, '--jobs', '1', '--motions', 'all');
    const batchGlb = path.join(allOut, part.file.replace(/\.o3d$/, '.glb'));
    const doc = await glbDoc(batchGlb);
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual([...part.motions!].sort());
    const single = path.join(tmp('motions-convert'), 'part.glb');
    expect((await run('convert', path.join(dir, part.file), single, '--motions', 'all')).code).toBe(0);
    expect(readFileSync(single).equals(readFileSync(batchGlb))).toBe(true);
  }, 120_000);
});

describe('relic3d batch --resume and existing outputs', () => {
  it('skips outputs newer than their models, converts what changed, and never touches the rest', async () => {
    const resumed = tmp('resume');
    // Copies are newer than their models, as a batch's fresh outputs are.
    cpSync(out, resumed, { recursive: true });
    const glbs = files(resumed);
    expect(glbs).toEqual(files(out));
    const mtimes = new Map(glbs.map((f) => [f, statSync(path.join(resumed, f)).mtimeMs]));
    const reportFile = path.join(tmp('resume-report'), 'r.json');
    const again = await run('batch', dir, '--out', resumed, '--jobs', '2', '--resume', '--json', reportFile);
    expect(again.code).toBe(1); // the broken files still fail
    const report = readReport(reportFile);
    expect(report.summary).toMatchObject({ converted: 0, upToDate: glbs.length, failed: manifest.counts.broken });
    expect(again.stdout).toMatch(new RegExp(`0 converted, ${manifest.counts.broken} failed, ${glbs.length} up to date`));
    for (const [f, t] of mtimes) expect(statSync(path.join(resumed, f)).mtimeMs, f).toBe(t);
    // A model edited after its .glb was written is converted again; only that one.
    const edited = ofKind('item')[0].file;
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, edited), future, future);
    try {
      // A report of an earlier run is not replaced without --force: this run writes its own.
      const thirdFile = path.join(path.dirname(reportFile), 'r3.json');
      await run('batch', dir, '--out', resumed, '--jobs', '2', '--resume', '--json', thirdFile);
      const third = readReport(thirdFile);
      expect(third.files.filter((f) => f.status === 'converted').map((f) => f.file)).toEqual([edited]);
    } finally {
      const past = new Date(Date.now() - 3600_000);
      utimesSync(path.join(dir, edited), past, past);
    }
  }, 120_000);

  it('refuses to replace a file relic3d did not write, unless --force', async () => {
    const out = tmp('force');
    const model = ofKind('item')[0];
    const target = path.join(out, model.file.replace(/\.o3d$/, '.glb'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, 'my notes, not a model');
    const reportFile = path.join(tmp('force-report'), 'r.json');
    const input = folderWithOneModel('force-in', model);
    await run('batch', input, '--out', out, '--jobs', '1', '--json', reportFile);
    const row = readReport(reportFile).files.find((f) => f.file === model.file)!;
    expect(row).toMatchObject({ ok: false, error: { name: 'OutputError', code: 'OUTPUT_EXISTS' } });
    expect(readFileSync(target, 'utf8')).toBe('my notes, not a model');
    await run('batch', input, '--out', out, '--jobs', '1', '--force', '--json', reportFile);
    expect(readReport(reportFile).files.find((f) => f.file === model.file)!.ok).toBe(true);
    expectWholeGlb(target);
  }, 120_000);
});

describe('relic3d batch under faults', () => {
  const largestObject = () => ofKind('object').sort((a, b) => b.bytes - a.bytes)[0];
  // The smallest model converts last (largest first): its hang then holds a worker only until Ctrl-C, not for the whole batch.
  const lastToConvert = () => manifest.models.filter(converted).sort((a, b) => a.bytes - b.bytes)[0];

  it('--timeout stops a hung file, replaces its worker, converts every other file, and leaves no thread behind', async () => {
    const before = threadCount();
    const out = tmp('timeout');
    const reportFile = path.join(tmp('timeout-report'), 'r.json');
    const hung = largestObject();
    const { code, stdout } = await withFaults({ hang: hung.file }, () => run('batch', dir, '--out', out, '--jobs', '2', '--timeout', '3000', '--json', reportFile));
    expect(code).toBe(1);
    const report = readReport(reportFile);
    const row = report.files.find((f) => f.file === hung.file)!;
    expect(row).toMatchObject({ ok: false, status: 'failed', error: { name: 'TimeoutError', code: 'TIMEOUT' } });
    expect(report.summary.converted).toBe(manifest.models.filter(converted).length - 1);
    expect(stdout).toContain(`${hung.file}\n    ? [TIMEOUT]: no result within 3000 ms`);
    expectNoLeftovers(out);
    if (before !== undefined) expect(await eventually(() => threadCount()! <= before)).toBe(true);
  }, 120_000);

  it('a file that exhausts its worker’s heap fails alone (--worker-memory); the batch goes on, no thread left', async () => {
    const before = threadCount();
    const out = tmp('oom');
    const reportFile = path.join(tmp('oom-report'), 'r.json');
    const heavy = largestObject();
    const { code } = await withFaults({ oom: heavy.file }, () => run('batch', dir, '--out', out, '--jobs', '2', '--worker-memory', '64', '--json', reportFile));
    expect(code).toBe(1);
    const report = readReport(reportFile);
    expect(report.files.find((f) => f.file === heavy.file)).toMatchObject({ ok: false, error: { name: 'WorkerError', code: 'OUT_OF_MEMORY' } });
    expect(report.summary.converted).toBe(manifest.models.filter(converted).length - 1);
    expectNoLeftovers(out);
    if (before !== undefined) expect(await eventually(() => threadCount()! <= before)).toBe(true);
  }, 120_000);

  // A small tmpfs fills for real; without the rights to mount one, a stub fails the writes instead.
  const mountpoint = path.join(os.tmpdir(), `relic3d-full-disk-${process.pid}`);
  let mounted = false;
  afterAll(() => {
    if (mounted) execFileSync('umount', [mountpoint]);
    rmSync(mountpoint, { recursive: true, force: true });
  });

  it('a full disk fails the files that do not fit, with no truncated output and a complete report', async () => {
    mkdirSync(mountpoint, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountpoint], { stdio: 'ignore' });
      mounted = true;
    } catch {
      mounted = false;
    }
    const out = path.join(mountpoint, 'out');
    const reportFile = path.join(tmp('disk-report'), 'r.json');
    const runIt = () => run('batch', dir, '--out', out, '--jobs', '2', '--json', reportFile);
    const { code } = mounted ? await runIt() : await withFaults({ write: { path: 'Struct', code: 'ENOSPC' } }, runIt);
    expect(code).toBe(1);
    const report = readReport(reportFile);
    expect(report.complete).toBe(true);
    expect(report.files).toHaveLength(manifest.models.length);
    const full = report.files.filter((f) => f.error?.code === 'ENOSPC');
    expect(full.length).toBeGreaterThan(0);
    for (const f of full) expect(f.error).toMatchObject({ name: 'WriteError', message: 'cannot write the .glb: ENOSPC' });
    expect(report.summary.converted).toBeGreaterThan(0);
    expect(report.summary.converted + full.length + manifest.counts.broken).toBe(manifest.models.length);
    expectNoLeftovers(out);
    // Every converted file is there, whole; none of the failed ones is.
    for (const f of report.files.filter((f) => f.ok)) expect(existsSync(path.join(out, f.output!))).toBe(true);
    for (const f of full) expect(existsSync(path.join(out, f.file.replace(/\.o3d$/, '.glb')))).toBe(false);
  }, 120_000);

  const asRoot = process.getuid?.() === 0;
  /** Adds others' search permission to the folders above `file` that lack it; returns their old modes. */
  const traversableAbove = (file: string): [string, number][] => {
    const changed: [string, number][] = [];
    for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
      const mode = statSync(folder).mode & 0o7777;
      if (!(mode & 0o001)) {
        chmodSync(folder, mode | 0o001);
        changed.push([folder, mode]);
      }
      if (folder === path.dirname(folder)) return changed;
    }
  };
  it('an unreadable file and an unreadable folder are reported; the batch goes on', async () => {
    const base = tmp('unreadable');
    chmodSync(base, 0o755);
    const input = path.join(base, 'in');
    cpSync(dir, input, { recursive: true });
    chmodSync(input, 0o755);
    const locked = ofKind('item')[0].file;
    chmodSync(path.join(input, locked), 0o000);
    mkdirSync(path.join(input, 'Model', 'Locked'));
    cpSync(path.join(input, ofKind('item')[1].file), path.join(input, 'Model', 'Locked', 'hidden.o3d'));
    chmodSync(path.join(input, 'Model', 'Locked'), 0o000);
    const out = path.join(base, 'out');
    mkdirSync(out, { mode: 0o777 });
    chmodSync(out, 0o777);
    const reportFile = path.join(out, 'report.json');
    let code: number | null;
    let stdout = '';
    let stderr = '';
    if (asRoot) {
      // root reads everything: the real CLI runs as 'nobody' so the permissions bite. A checkout in
      // a private folder (mktemp -d is 0700) would keep 'nobody' from loading the CLI at all, so the
      // folders above it are made traversable for the run.
      const opened = traversableAbove(bin);
      try {
        const child = spawn(process.execPath, [bin, 'batch', input, '--out', out, '--jobs', '2', '--json', reportFile], { uid: 65534, gid: 65534, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        code = await new Promise((resolve) => child.on('exit', resolve));
      } finally {
        for (const [folder, mode] of opened) chmodSync(folder, mode);
      }
    } else ({ code, stdout } = await run('batch', input, '--out', out, '--jobs', '2', '--json', reportFile));
    chmodSync(path.join(input, 'Model', 'Locked'), 0o755);
    expect(code, stdout + stderr).toBe(1);
    const report = readReport(reportFile);
    expect(report.unreadableFolders).toEqual(['Model/Locked']);
    expect(report.files.find((f) => f.file === locked)).toMatchObject({ ok: false, error: { code: 'EACCES', message: 'cannot read: EACCES' } });
    expect(report.summary.converted).toBe(manifest.models.filter(converted).length - 1);
    expect(stdout).toContain('folders that could not be read:\n  Model/Locked\n');
  }, 120_000);

  it('Ctrl-C (SIGINT) stops the real CLI: workers end, no temporary file, the summary and a complete report of what was done', async () => {
    const out = tmp('sigint');
    const reportFile = path.join(tmp('sigint-report'), 'r.json');
    const hung = lastToConvert();
    const child = spawn(process.execPath, [bin, 'batch', dir, '--out', out, '--jobs', '2', '--json', reportFile], {
      env: { ...process.env, RELIC3D_BATCH_TEST_FAULTS: JSON.stringify({ hang: hung.file }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The hung file never finishes: once every other file is done, only Ctrl-C ends the batch.
    const others = manifest.models.length - 1;
    expect(await eventually(() => (stderr.match(/^\[\s*\d+\/\d+\]/gm) ?? []).length >= others, 60_000), stderr).toBe(true);
    // The report is written as the batch goes: before Ctrl-C it already holds every finished file.
    const done = () => {
      try {
        return readReport(reportFile).summary.converted === manifest.models.filter(converted).length - 1;
      } catch {
        return false;
      }
    };
    expect(await eventually(done, 10_000)).toBe(true);
    expect(readReport(reportFile)).toMatchObject({ complete: false, interrupted: false });
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(130);
    const report = readReport(reportFile);
    expect(report).toMatchObject({ complete: false, interrupted: true });
    expect(report.files).toHaveLength(manifest.models.length);
    expect(report.files.find((f) => f.file === hung.file)).toMatchObject({ ok: false, status: 'interrupted', error: { name: 'AbortError' } });
    expect(report.summary.converted).toBe(manifest.models.filter(converted).length - 1);
    expect(stdout).toMatch(/relic3d batch: \d+ models, \d+ converted, \d+ failed/);
    expect(stderr).toMatch(/relic3d batch: interrupted; 1 of \d+ models not converted, report in /);
    expectNoLeftovers(out);
  }, 120_000);
});
