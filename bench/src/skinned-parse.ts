// Skinned-input parse, one format at a time, within one run: CPU ms of WASM and 'js' kernels
// (interleaved medians) against a preallocated memcpy of the same bytes.
// `node --expose-gc --import tsx src/skinned-parse.ts [formats…] [--runs=9] [--static]`;
// `--profile=<n> --kernels=wasm|js` only parses n times (run it under `node --cpu-prof`).
import os from 'node:os';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median, timeCopy } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['o3d', 'mdl', 'lod', 'ms3d', 'ase']);
const runs = Number(flags.runs ?? 9);
const inputs = benchInputs(50, 60000, formats).filter((g) => ('static' in flags ? true : g.kind === 'skinned'));
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
  for (const kernels of ['wasm', 'js'] as const) for (let r = 0; r < 2; r++) await parse(g.bytes, { ...options, kernels });
  const cpu = { wasm: [] as number[], js: [] as number[] };
  for (let r = 0; r < runs; r++) {
    for (const kernels of r % 2 ? (['js', 'wasm'] as const) : (['wasm', 'js'] as const)) {
      gc();
      const c = cpuMs();
      await parse(g.bytes, { ...options, kernels });
      cpu[kernels].push(cpuMs() - c);
    }
  }
  const wasm = median(cpu.wasm), js = median(cpu.js);
  console.log(`${g.format} ${g.kind}: ${(g.bytes.length / 1048576).toFixed(1)} MB, wasm ${fmt(wasm)} ms (1/${fmt(wasm / copy.preallocated, 1)} of memcpy ${fmt(copy.preallocated, 2)} ms), js ${fmt(js)} ms (1/${fmt(js / copy.preallocated, 1)}), wasm speedup ${fmt(js / wasm)}×`);
}
if (!flags.profile) console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
