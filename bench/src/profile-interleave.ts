// Issue 25: does alternating 'wasm' and 'js' kernels (as index.ts's parse section does) slow the WASM
// parse? One process: CPU ms of WASM parses alone (a forced GC before each), then with a 'js' parse
// between each two, then alone again. `node --expose-gc --import tsx src/profile-interleave.ts [format] [--kind=static|skinned] [--runs=7]`
import os from 'node:os';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const format = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'ase';
const input = benchInputs(50, 60000, new Set([format])).find((g) => (g.kind ?? 'static') === (flags.kind ?? 'static'))!;
await ready();
const parse = (await loadParsers())[format]!;
const options = parseOptionsOf(input);
const runs = Number(flags.runs ?? 7);
const timed = async (kernels: 'wasm' | 'js') => {
  gc();
  const c = cpuMs();
  await parse(input.bytes, { ...options, kernels });
  return cpuMs() - c;
};
async function phase(label: string, withJs: boolean): Promise<string> {
  const wasm: number[] = [], js: number[] = [];
  for (let r = 0; r < runs; r++) {
    wasm.push(await timed('wasm'));
    if (withJs) js.push(await timed('js'));
  }
  return `${label} wasm ${fmt(median(wasm), 0)}${withJs ? ` (js ${fmt(median(js), 0)})` : ''}`;
}
await timed('wasm');
await timed('wasm');
const out = [await phase('alone', false), await phase('alternating', true), await phase('alone again', false)];
console.log(`${format} ${flags.kind ?? 'static'} CPU ms: ${out.join('; ')}; load ${os.loadavg()[0].toFixed(1)}`);
