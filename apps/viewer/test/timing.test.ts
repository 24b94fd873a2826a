// The timing logic with a fake clock: which parses are compared, in which order, and how they are reduced.
// Nothing here measures real time.
import { describe, expect, it } from 'vitest';
import { benchmarkPaths, MAX_RUNS, median, type KernelPath } from '../src/timing.js';

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
    expect(timing).toEqual({ wasmMs: 20, jsMs: 30, runs: 4, repeat: 1 });
    // Warm-up wasm, js; then run 0 wasm→js, run 1 js→wasm, run 2 wasm→js, run 3 js→wasm.
    expect(fake.calls).toEqual(['wasm', 'js', 'wasm', 'js', 'js', 'wasm', 'wasm', 'js', 'js', 'wasm']);
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
    expect(timing).toEqual({ wasmMs: 900, jsMs: 1200, runs: 1, repeat: 1 });
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

  it('median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
