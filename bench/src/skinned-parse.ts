// Skinned-input parse, one format at a time, within one run: CPU ms of WASM and 'js' kernels
// (interleaved medians) against a preallocated memcpy of the same bytes.
// `node --expose-gc --import tsx src/skinned-parse.ts [formats…] [--runs=9] [--static]`;
// `--kind=static|skinned` picks one input kind; `--profile=<n> --kernels=wasm|js` only parses n times (run it under `node --cpu-prof`);
// `--old=DIR` also times DIR/<format>/src/index.ts (an older copy of the sources, placed inside
// the package folder so its imports resolve) in the same rounds; `--new=DIR` times DIR's copy of the
// current sources in place of the build (old and new both from sources, as tsx loads them). No forced GC between parses unless
// `--gc` (see timing.ts `InterleaveOptions`); `--processes=n` runs the same measurement in n child
// processes, one after another, and prints each input's WASM ÷ 'js' range across them; `--thread`
// times the main thread's CPU only (no V8 helper threads).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu, timeCopy } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['o3d', 'mdl', 'lod', 'ms3d', 'ase']);
const runs = Number(flags.runs ?? 9);
if (flags.processes) {
  const childArgs = process.argv.slice(2).filter((a) => !a.startsWith('--processes'));
  const ratios = new Map<string, number[]>();
  for (let p = 0; p < Number(flags.processes); p++) {
    const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1], ...childArgs], { encoding: 'utf8', maxBuffer: 1 << 24 });
    process.stdout.write(out);
    for (const m of out.matchAll(/^(\w+ \w+):.*wasm speedup ([\d.]+)×/gm)) ratios.set(m[1], [...(ratios.get(m[1]) ?? []), Number(m[2])]);
  }
  for (const [input, xs] of ratios) console.log(`${input}: wasm ÷ js ${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}× over ${xs.length} processes (${xs.map((x) => fmt(x)).join(', ')})`);
  process.exit(0);
}
const inputs = benchInputs(50, 60000, formats).filter((g) => (flags.kind ? g.kind === flags.kind : 'static' in flags || g.kind === 'skinned'));
await ready();
const parsers = await loadParsers();
const load = os.loadavg();
for (const g of inputs) {
  const parse = parsers[g.format]!;
  const options = parseOptionsOf(g);
  if (flags.profile) {
    const kernels = (flags.kernels ?? 'wasm') as 'wasm' | 'js';
    for (let i = 0; i < Number(flags.profile); i++) await parse(g.bytes, { ...options, kernels });
    continue;
  }
  const copy = timeCopy(g.bytes);
  const old = flags.old ? ((await import(pathToFileURL(path.resolve(flags.old, g.format, 'src', 'index.ts')).href)) as { parse: typeof parse }).parse : undefined;
  const current = flags.new ? ((await import(pathToFileURL(path.resolve(flags.new, g.format, 'src', 'index.ts')).href)) as { parse: typeof parse }).parse : parse;
  const paths = [
    ['wasm', () => current(g.bytes, { ...options, kernels: 'wasm' })],
    ['js', () => current(g.bytes, { ...options, kernels: 'js' })],
    ...(old ? ([['old wasm', () => old(g.bytes, { ...options, kernels: 'wasm' })], ['old js', () => old(g.bytes, { ...options, kernels: 'js' })]] as const) : []),
  ] as const;
  const ms = await interleavedCpu(paths, runs, Number(flags.warm ?? 5), { forceGc: 'gc' in flags, cpu: 'thread' in flags ? 'thread' : 'process' });
  const cells = paths.map(([name], i) => `${name} ${fmt(ms[i])} ms (1/${fmt(ms[i] / copy.preallocated, 1)})`);
  const vsOld = old ? `; new/old: wasm ${fmt(ms[2] / ms[0])}×, js ${fmt(ms[3] / ms[1])}× faster` : '';
  console.log(`${g.format} ${g.kind}: ${(g.bytes.length / 1048576).toFixed(1)} MB, memcpy ${fmt(copy.preallocated, 2)} ms; ${cells.join(', ')}; wasm speedup ${fmt(ms[1] / ms[0])}×${vsOld}`);
}
if (!flags.profile) console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
