// The timing logic with a fake clock: which parses are compared, in which order, and how they are reduced.
// Nothing here measures real time.
import { describe, expect, it } from 'vitest';
import { benchmarkPaths, compareTimings, MAX_RUNS, median, type KernelPath } from '../src/timing.js';

/** A fake parser: each call advances the fake clock by `cost(path, nth call of that path)`. */
function fakeParser(cost: (path: KernelPath, nth: number) => number) {
  let clock = 0;
  const calls: KernelPath[] = [];
  const count = { wasm: 0, js: 0 };
  return {
    calls,
    now: () => clock,
    parseWith: async (path: KernelPath) => {
      calls.push(path);
      clock += cost(path, count[path]++);
    },
  };
}
const noPause = async () => {};

describe('benchmarkPaths', () => {
  it('warms each path once, then times alternating runs and reports their medians', async () => {
    // The first parse of each path is slow (warm-up); one TypeScript run later is an outlier (a GC pause).
    const fake = fakeParser((path, nth) => (nth === 0 ? 300 : path === 'wasm' ? 20 : nth === 3 ? 400 : 30));
    const timing = await benchmarkPaths(fake.parseWith, { budgetMs: 200, isCurrent: () => true, now: fake.now, pause: noPause });
    // Sized from the first timed run (50 ms a pair), not from the slow warm-up.
    expect(timing).toMatchObject({ wasmMs: 20, jsMs: 30, runs: 4, repeat: 1, wasmRuns: [20, 20, 20, 20], jsRuns: [30, 30, 400, 30] });
    // Warm-up wasm, js; then run 0 wasm→js, run 1 js→wasm, run 2 wasm→js, run 3 js→wasm.
    expect(fake.calls).toEqual(['wasm', 'js', 'wasm', 'js', 'js', 'wasm', 'wasm', 'js', 'js', 'wasm']);
  });

  it('parses nothing more for a budget of 0 (the viewer ?timing=off)', async () => {
    const fake = fakeParser(() => 10);
    expect(await benchmarkPaths(fake.parseWith, { budgetMs: 0, isCurrent: () => true, now: fake.now, pause: noPause })).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });

  it('fits as many runs as the budget allows, between 3 and MAX_RUNS', async () => {
    const fake = fakeParser((path) => (path === 'wasm' ? 10 : 15));
    expect((await benchmarkPaths(fake.parseWith, { budgetMs: 100, isCurrent: () => true, now: fake.now, pause: noPause }))!.runs).toBe(4);
    const cheap = fakeParser(() => 6);
    expect((await benchmarkPaths(cheap.parseWith, { budgetMs: 10_000, isCurrent: () => true, now: cheap.now, pause: noPause }))!.runs).toBe(MAX_RUNS);
    const dear = fakeParser(() => 45); // a pair (90 ms) fits the budget once: still three runs, for a median
    expect((await benchmarkPaths(dear.parseWith, { budgetMs: 100, isCurrent: () => true, now: dear.now, pause: noPause }))!.runs).toBe(3);
  });

  it('a file whose first timed pair exceeds the budget is timed once per path', async () => {
    const fake = fakeParser((path) => (path === 'wasm' ? 900 : 1200));
    const timing = await benchmarkPaths(fake.parseWith, { budgetMs: 1500, isCurrent: () => true, now: fake.now, pause: noPause });
    expect(timing).toMatchObject({ wasmMs: 900, jsMs: 1200, runs: 1, repeat: 1 });
    expect(compareTimings(timing!)).toEqual({ kind: 'single' });
    expect(fake.calls).toHaveLength(4);
  });

  it('repeats a tiny parse within each run, above the timer resolution, and averages it', async () => {
    const fake = fakeParser((path) => (path === 'wasm' ? 0.5 : 1));
    const timing = (await benchmarkPaths(fake.parseWith, { budgetMs: 1500, isCurrent: () => true, now: fake.now, pause: noPause }))!;
    expect(timing.repeat).toBe(10); // 5 ms / 0.5 ms
    expect(timing.wasmMs).toBeCloseTo(0.5, 10);
    expect(timing.jsMs).toBeCloseTo(1, 10);
  });

  it('stops when a newer file arrives', async () => {
    let current = true;
    const fake = fakeParser(() => 10);
    let pauses = 0;
    const pause = async () => {
      if (++pauses === 3) current = false;
    };
    expect(await benchmarkPaths(fake.parseWith, { budgetMs: 1000, isCurrent: () => current, now: fake.now, pause })).toBeUndefined();
    expect(fake.calls).toEqual(['wasm', 'js', 'wasm', 'js']); // warm-up and the first run only
  });

  it('shows TS ÷ WASM only when the paired runs agree, with their spread', () => {
    // Steady: 1.5× in every pair.
    expect(compareTimings({ runs: 3, wasmRuns: [10, 10, 12], jsRuns: [15, 15, 18] })).toEqual({ kind: 'ratio', ratio: 1.5, low: 1.5, high: 1.5 });
    // WASM slower, steadily.
    expect(compareTimings({ runs: 3, wasmRuns: [10, 10, 10], jsRuns: [5, 6, 7] })).toMatchObject({ kind: 'ratio', ratio: 0.6, low: 0.5, high: 0.7 });
    // A small file on a busy machine: 0.2× to 25× between pairs is noise, not a figure.
    const noisy = compareTimings({ runs: 4, wasmRuns: [0.05, 0.01, 0.04, 0.02], jsRuns: [0.01, 0.25, 0.04, 0.02] });
    expect(noisy.kind).toBe('unsteady');
    expect(noisy).toMatchObject({ low: expect.closeTo(0.2, 9), high: expect.closeTo(25, 9) });
    // The spread straddles 1×: neither is clearly faster.
    expect(compareTimings({ runs: 3, wasmRuns: [10, 10, 10], jsRuns: [9, 10, 12] })).toMatchObject({ kind: 'even', ratio: 1, low: 0.9, high: expect.closeTo(1.2, 9) });
  });

  it('median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
