// Issue 25: where a skinned parse's GC goes, WASM against 'js' kernels, interleaved as `skinned-parse.ts`
// runs them (a forced GC before each timed parse): CPU ms per parse (median), V8's full (mark-compact)
// and young collections counted inside the timed parses, their pause ms, and the process's
// ArrayBuffer bytes after. `--no-gc` leaves the forced GCs out (as `--profile` parses run).
// `node --expose-gc --import tsx src/gc-probe.ts [format] [--runs=30] [--no-gc] [--settle=ms] [--samples] [--only=wasm|js]`
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, gc, median } from './timing.js';

const args = process.argv.slice(2);
const format = args.find((a) => !a.startsWith('--')) ?? 'ms3d';
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 30);
const forceGc = !args.includes('--no-gc');
/** Waits this many ms after the forced GC (its concurrent sweeping finishes) before timing. */
const settle = Number(args.find((a) => a.startsWith('--settle='))?.slice(9) ?? 0);
const input = benchInputs(50, 60000, new Set([format])).find((g) => g.kind === 'skinned');
if (!input) throw new Error(`no skinned ${format} input`);
await ready();
const parse = (await loadParsers())[format]!;
const options = parseOptionsOf(input);

/** The main thread's own CPU ms (Linux schedstat, ns): the process's CPU also counts V8's helper threads. */
const mainMs = (): number => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const sysMs = (): number => process.cpuUsage().system / 1000;

interface Gc { start: number; end: number; major: boolean; ms: number }
const gcs: Gc[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail: { kind: number } }).detail.kind;
    gcs.push({ start: e.startTime, end: e.startTime + e.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR, ms: e.duration });
  }
});
observer.observe({ entryTypes: ['gc'] });

/** `--only=wasm|js` times one mode (under `--trace-opt`, whose compiles are then that mode's). */
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const modes = (only ? [only] : ['wasm', 'js']) as readonly ('wasm' | 'js')[];
const timed = modes.map(() => ({ main: [] as number[], sys: [] as number[], cpu: [] as number[], gcCpu: [] as number[], settleCpu: [] as number[], spans: [] as [number, number][] }));
for (const kernels of modes) for (let w = 0; w < 2; w++) await parse(input.bytes, { ...options, kernels });
for (let r = 0; r < runs; r++) {
  for (const i of modes.length === 1 ? [0] : r % 2 ? [1, 0] : [0, 1]) {
    const g = cpuMs();
    if (forceGc) gc();
    const s = cpuMs();
    if (settle) await new Promise((resolve) => setTimeout(resolve, settle));
    timed[i].gcCpu.push(s - g);
    timed[i].settleCpu.push(cpuMs() - s);
    const t = performance.now();
    const c = cpuMs();
    const m0 = mainMs();
    const s0 = sysMs();
    await parse(input.bytes, { ...options, kernels: modes[i] });
    timed[i].main.push(mainMs() - m0);
    timed[i].sys.push(sysMs() - s0);
    timed[i].cpu.push(cpuMs() - c);
    timed[i].spans.push([t, performance.now()]);
  }
}
await new Promise((resolve) => setTimeout(resolve, 100));
observer.disconnect();
if (args.includes('--samples')) for (const [i, m] of modes.entries()) console.log(m, timed[i].cpu.map((x) => x.toFixed(0)).join(' '));
const inside = (spans: [number, number][], major: boolean) => gcs.filter((g) => g.major === major && spans.some(([a, b]) => g.start >= a && g.start < b));
const cells = modes.map((m, i) => {
  const full = inside(timed[i].spans, true);
  const young = inside(timed[i].spans, false);
  const sum = (xs: Gc[]) => xs.reduce((s, g) => s + g.ms, 0).toFixed(1);
  return `${m} ${median(timed[i].cpu).toFixed(1)} ms (main thread ${median(timed[i].main).toFixed(1)}, system ${median(timed[i].sys).toFixed(1)}; forced GC before it ${median(timed[i].gcCpu).toFixed(1)}, settle ${median(timed[i].settleCpu).toFixed(1)}), full GCs ${full.length} (${sum(full)} ms), young ${young.length} (${sum(young)} ms)`;
});
console.log(`${format} skinned ×${runs}${forceGc ? (settle ? ` (forced GC, ${settle} ms settle)` : ' (forced GC)') : ' (no forced GC)'}: ${cells.join('; ')}; ${modes.length === 2 ? `wasm speedup ${(median(timed[1].cpu) / median(timed[0].cpu)).toFixed(2)}×; ` : ''}ArrayBuffers ${(process.memoryUsage().arrayBuffers / 1048576).toFixed(1)} MB; load ${os.loadavg()[0].toFixed(1)}`);
