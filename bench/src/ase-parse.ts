// ASE parse speed (issue #25) within one run: the built parser against a preallocated memcpy of the
// same bytes and against the floor (`ase-floor.ts`: every byte scanned once, every number parsed with
// the fast path into a preallocated Float32Array, nothing else), static (~50 MB) and skinned files.
// `node --expose-gc --import tsx src/ase-parse.ts [--runs=5] [--old=PATH/dist/index.js]` (an older
// build, e.g. /work/base's, timed in the same interleaved rounds); `--profile=<n> [--kind=static|skinned]`
// only parses n times (run it under `node --cpu-prof`); `--split` times `readAse` alone beside the whole
// parse (the rest is the scene build). With `$RELIC3D_CORPUS`, the corpus's ASE models are a third input
// (every model parsed once per round).
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { aseFloor } from './ase-floor.js';
import { benchInputs } from './inputs.js';
import { loadParsers, type Parse } from './parsers.js';
import { fmt, interleavedCpu, timeCopy } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const runs = Number(flags.runs ?? 5);
await ready();
const parse = (await loadParsers()).ase!;
const { readAse } = await import('@relic3d/ase');
const oldModule = flags.old ? ((await import(pathToFileURL(path.resolve(flags.old)).href)) as { parse: Parse; readAse: typeof readAse }) : undefined;
const old = oldModule?.parse;
const inputs = benchInputs(50, 60000, new Set(['ase'])).map((g) => ({ kind: g.kind as string, bytes: g.bytes, files: [g.bytes] }));
const corpusDir = process.env.RELIC3D_CORPUS && path.join(process.env.RELIC3D_CORPUS, 'ase');
if (corpusDir) {
  const files = readdirSync(corpusDir).filter((f) => /\.ase$/i.test(f)).map((f) => new Uint8Array(readFileSync(path.join(corpusDir, f))));
  const parsed: Uint8Array[] = [];
  for (const f of files) await parse(f).then(() => parsed.push(f), () => undefined);
  const all = new Uint8Array(parsed.reduce((a, f) => a + f.length, 0));
  parsed.reduce((at, f) => (all.set(f, at), at + f.length), 0);
  inputs.push({ kind: `corpus (${parsed.length} models)`, bytes: all, files: parsed });
}
const load = os.loadavg();
for (const g of inputs.filter((i) => !flags.kind || i.kind.startsWith(flags.kind))) {
  if (flags.profile) {
    for (let i = 0; i < Number(flags.profile); i++) for (const f of g.files) await parse(f, { kernels: (flags.kernels ?? 'wasm') as 'wasm' | 'js' });
    continue;
  }
  const copy = timeCopy(g.bytes);
  const each = (run: (bytes: Uint8Array) => unknown) => async () => {
    for (const f of g.files) await run(f);
  };
  const paths: [string, () => unknown][] = [
    ['floor', each(aseFloor)],
    ['wasm', each((f) => parse(f, { kernels: 'wasm' }))],
    ['js', each((f) => parse(f, { kernels: 'js' }))],
    ...('split' in flags ? ([['readAse', each((f) => readAse(f))]] as [string, () => unknown][]) : []),
    ...(old ? ([['old wasm', each((f) => old(f, { kernels: 'wasm' }))], ['old js', each((f) => old(f, { kernels: 'js' }))]] as [string, () => unknown][]) : []),
    ...(oldModule && 'split' in flags ? ([['old readAse', each((f) => oldModule.readAse(f))]] as [string, () => unknown][]) : []),
  ];
  const ms = await interleavedCpu(paths, runs);
  const mb = g.bytes.length / 1048576;
  const cells = paths.map(([name], i) => `${name} ${fmt(ms[i])} ms ${fmt(mb / (ms[i] / 1000), 0)} MB/s (1/${fmt(ms[i] / copy.preallocated, 1)} memcpy, ${fmt(ms[i] / ms[0], 2)}× floor)`);
  const o = 'split' in flags ? 4 : 3;
  const vsOld = old ? `; old ÷ new: wasm ${fmt(ms[o] / ms[1], 2)}×, js ${fmt(ms[o + 1] / ms[2], 2)}×${'split' in flags ? `, readAse ${fmt(ms[o + 2] / ms[3], 2)}×` : ''}` : '';
  console.log(`ase ${g.kind}: ${mb.toFixed(1)} MB, memcpy ${fmt(copy.preallocated, 2)} ms;\n  ${cells.join(';\n  ')};\n  js ÷ wasm ${fmt(ms[2] / ms[1], 2)}×${vsOld}`);
}
if (!flags.profile) console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
