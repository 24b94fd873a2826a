// Issue 25's gap between the bench's sections: the parse section timed the first parse after a forced
// GC (previous result dead, 'wasm'/'js' alternating), the writer section the second one after it. Both
// in one process, plus a parse with no GC before it: CPU ms (process), and the WASM parses' main-thread and system ms.
// `node --expose-gc --import tsx src/profile-gap.ts [format] [--kind=static|skinned] [--runs=7] [--kernels=wasm]`;
// `--mark` prints each parse's start (to place `--trace-deopt` lines).
import os from 'node:os';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median, threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const format = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'ase';
const input = benchInputs(50, 60000, new Set([format])).find((g) => g.kind === (flags.kind ?? 'static'))!;
await ready();
const parse = (await loadParsers())[format]!;
const options = parseOptionsOf(input);
const kernelsList = (flags.kernels ?? 'wasm,js').split(',') as ('wasm' | 'js')[];

interface Sample { cpu: number; main: number; sys: number }
let call = 0;
async function timed(kernels: 'wasm' | 'js'): Promise<Sample> {
  if ('mark' in flags) console.log(`=== parse ${call++} ${kernels}`);
  const c = cpuMs(), s = process.cpuUsage().system, m = threadCpuMs();
  await parse(input.bytes, { ...options, kernels });
  return { cpu: cpuMs() - c, main: threadCpuMs() - m, sys: (process.cpuUsage().system - s) / 1000 };
}

for (let r = 0; r < 2; r++) for (const k of kernelsList) await timed(k);
const wasm = { first: [] as Sample[], second: [] as Sample[], noGc: [] as Sample[] };
const load = os.loadavg();
for (let r = 0; r < Number(flags.runs ?? 7); r++) {
  for (const k of kernelsList) {
    gc();
    const first = await timed(k), second = await timed(k);
    if (k === 'wasm') wasm.first.push(first), wasm.second.push(second);
  }
  wasm.noGc.push(await timed('wasm'));
}
const med = (xs: Sample[], key: keyof Sample) => median(xs.map((x) => x[key]));
const cells = Object.entries(wasm).map(([name, xs]) => `${name} ${fmt(med(xs, 'cpu'), 0)} (main thread ${fmt(med(xs, 'main'), 0)}, sys ${fmt(med(xs, 'sys'), 0)})`);
console.log(`${format} ${flags.kind ?? 'static'} (${kernelsList.join('/')}), WASM CPU ms: ${cells.join('; ')}; first ÷ second ${fmt(med(wasm.first, 'cpu') / med(wasm.second, 'cpu'))}; load ${load.map((x) => x.toFixed(1)).join('/')}`);
