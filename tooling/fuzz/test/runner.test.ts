import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFuzz, type Run } from './run.js';

// Faults injected by the child at given input indices prove the runner catches each of them.
describe('the runner under faults', () => {
  // One run holds every fault (a run of its own for the build fault paid the runner, a child and
  // the seeds again); the build fault comes first, so the crash signature's detail is its own.
  let run: Run;
  const faultRun = () => (run ??= runFuzz(['--format', 'mdl', '--count', '14', '--hang-ms', '15000', '--no-coverage', '--no-validate', '--no-stress'], { RELIC3D_FUZZ_FAULTS: 'build:2,hang:3,crash:5,slow:7,alloc:9' }));
  afterAll(() => run && rmSync(run.out, { recursive: true, force: true }));

  it('reports a hang, a crash, a slow and a memory-hungry input, and goes on after each', () => {
    run = faultRun();
    expect(run.status, run.output).toBe(1);
    const [mdl] = run.reports;
    expect(mdl.inputs).toBe(14);
    // Two crashes: the abort at 5, and the input 2 whose building throws (its own test below).
    expect([mdl.hangs, mdl.crashes, mdl.overTime, mdl.overMemory]).toEqual([1, 2, 1, 1]);
    expect(mdl.accepted + mdl.rejected).toBe(11);
    // The injected 100 MiB is the largest peak (less at most the older garbage a GC frees meanwhile).
    expect(mdl.largestPeak!.peak).toBeGreaterThan(80 << 20);
    expect(mdl.largestPeak!.peak).toBeLessThan(112 << 20);
    expect(mdl.largestPeak!.index).toBe(9);
    expect(mdl.slowest!.index).toBe(3); // the hang counts as its watchdog time
  });

  it('saves each failing input with its files and a one-line repro', () => {
    const saved = readdirSync(path.join(run.out, 'failures', 'mdl')).sort();
    expect(saved).toEqual(['crash-5', 'hang-3', 'over-memory-9', 'over-time-7']);
    for (const dir of saved) {
      const files = readdirSync(path.join(run.out, 'failures', 'mdl', dir));
      const meta = JSON.parse(readFileSync(path.join(run.out, 'failures', 'mdl', dir, 'input.json'), 'utf8'));
      expect(files).toContain(meta.fileName);
      expect(meta.index).toBe(Number(dir.split('-').pop()));
      expect(readFileSync(path.join(run.out, 'failures', 'mdl', dir, 'repro.txt'), 'utf8')).toMatch(new RegExp(`^pnpm fuzz --replay \\S*${dir}\\n$`));
    }
    const crash = JSON.parse(readFileSync(path.join(run.out, 'failures', 'mdl', 'crash-5', 'input.json'), 'utf8'));
    expect(crash.label).not.toBe('(not rebuilt)'); // rebuilt from its index by a fresh child
  });

  it('an input whose building throws is a crash that ends neither the run nor the report', () => {
    const [mdl] = faultRun().reports;
    // Inputs after it ran (14 reported) and the report was written.
    expect(mdl.inputs).toBe(14);
    expect(Object.values(mdl.findings).map((f) => f.detail).join()).toMatch(/rebuilding the input crashed too: .*injected: building input 2 failed/);
    expect(existsSync(path.join(run.out, 'failures', 'mdl', 'crash-2'))).toBe(false);
  });

  it('replays a saved input: the fault again with it injected, a clean pass without', () => {
    const dir = path.join(run.out, 'failures', 'mdl', 'over-memory-9');
    const again = runFuzz(['--replay', dir, '--no-validate'], { RELIC3D_FUZZ_FAULTS: 'alloc:9' });
    expect(again.status, again.output).toBe(1);
    expect(again.output).toMatch(/"over": \[\s*"memory"\s*\]/);
    const clean = runFuzz(['--replay', dir, '--no-validate'], { RELIC3D_FUZZ_FAULTS: '' });
    expect(clean.status, clean.output).toBe(0);
    expect(existsSync(dir)).toBe(true);
  });

  // One run serves both the coverage and the reproducibility checks (issue #30: a run fewer).
  let seeded: Run | undefined;
  const seededWithCoverage = () => (seeded ??= runFuzz(['--format', 'lod', '--count', '60', '--seed', '7', '--no-validate', '--no-stress']));
  afterAll(() => seeded && rmSync(seeded.out, { recursive: true, force: true }));

  it('maps the coverage of the children back to the sources of the format', () => {
    const coverage = seededWithCoverage().reports[0].coverage!;
    expect(Object.keys(coverage.files)).toContain('read/index.ts');
    expect(coverage.lines.total).toBeGreaterThan(1000); // packages/lod/src has ~1,400 mapped lines
    expect(coverage.lines.covered).toBeGreaterThan(coverage.lines.total / 4);
    expect(coverage.lines.covered).toBeLessThan(coverage.lines.total);
    expect(coverage.functions.covered).toBeGreaterThan(0);
  });

  it('is reproducible: the same seed gives the same inputs and outcomes (with coverage measured or not)', () => {
    const a = seededWithCoverage();
    const b = runFuzz(['--format', 'lod', '--count', '60', '--seed', '7', '--no-coverage', '--no-validate', '--no-stress']);
    // Outcomes only: which input was slowest is a timing, and differs between runs on a busy machine.
    const pick = (r: Run) => r.reports.map(({ inputs, truncations, accepted, rejected, untyped }) => ({ inputs, truncations, accepted, rejected, untyped }));
    expect(pick(a)).toEqual(pick(b));
    expect(a.reports[0].inputs).toBe(60);
    rmSync(b.out, { recursive: true, force: true });
  });
});
