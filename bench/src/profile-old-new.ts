// Issue 25: a format's built parser (dist/) against an older build of it copied to
// packages/<format>/old-dist (untracked), in the same interleaved rounds, a full GC before each timed
// parse as the bench's parse section (index.ts) and a batch's parse after other work pay it. Remove the copy
// before `pnpm run check`, which lints every file in the package folder.
// `node --expose-gc --import tsx src/profile-old-new.ts [formats…] [--kind=static|skinned] [--runs=7] [--no-gc]`
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers, type Parse } from './parsers.js';
import { fmt, interleavedCpu } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['ase', 'ms3d', 'o3d', 'mdl', 'lod']);
const inputs = benchInputs(50, 60000, formats).filter((g) => !flags.kind || (g.kind ?? 'static') === flags.kind);
await ready();
const parsers = await loadParsers();
const load = os.loadavg();
for (const g of inputs) {
  const parse = parsers[g.format]!;
  const oldFile = path.resolve(import.meta.dirname, '../../packages', g.format, 'old-dist/index.js');
  const old = ((await import(pathToFileURL(oldFile).href)) as { parse: Parse }).parse;
  const options = parseOptionsOf(g);
  const paths = [
    ['new wasm', () => parse(g.bytes, { ...options, kernels: 'wasm' })],
    ['new js', () => parse(g.bytes, { ...options, kernels: 'js' })],
    ['old wasm', () => old(g.bytes, { ...options, kernels: 'wasm' })],
    ['old js', () => old(g.bytes, { ...options, kernels: 'js' })],
  ] as const;
  const ms = await interleavedCpu(paths, Number(flags.runs ?? 7), 2, { forceGc: !('no-gc' in flags) });
  console.log(`${g.format} ${g.kind ?? 'static'}: CPU ms ${paths.map(([n], i) => `${n} ${fmt(ms[i], 1)}`).join(', ')}; old ÷ new: wasm ${fmt(ms[2] / ms[0])}×, js ${fmt(ms[3] / ms[1])}×`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
