// The LOD writer against an older copy of its sources and against the parse of the same file, on the
// bench's static and skinned LOD inputs, all three interleaved round by round (the order rotates):
// write ÷ parse before and after, as medians and bests of the main thread's CPU, the process's CPU
// and wall time, and whether both writers wrote the same bytes.
// `node --expose-gc --import tsx src/lod-write-compare.ts --old=NAME [--new=NAME2] [--runs=9] [--warm=2] [--gc] [--kinds=static,skinned]`:
// packages/lod/NAME/src is the old copy (untracked, as write-old.ts uses it); `--gc` runs a full GC
// before each call (as write.ts does; it makes V8 recompile the hot loops after it).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median, threadCpuMs } from './timing.js';

type Write = (scene: Scene, options?: { name?: string }) => WriteResult;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (!flags.old) throw new Error('--old=NAME is required');
const kinds = new Set((flags.kinds ?? 'static,skinned').split(','));
await ready();
const parsers = await loadParsers();
const lod = path.resolve(import.meta.dirname, '../../packages/lod');
const writerOf = async (folder: string): Promise<Write> => ((await import(pathToFileURL(path.resolve(lod, folder, 'src/index.ts')).href)) as { writeLod: Write }).writeLod;
const now = await writerOf(flags.new ?? '.');
const old = await writerOf(flags.old);
const same = (a: WriteResult, b: WriteResult) =>
  Object.keys(a.files).length === Object.keys(b.files).length && Object.entries(a.files).every(([n, f]) => Buffer.compare(f, b.files[n] ?? new Uint8Array(0)) === 0);

interface Samples { thread: number[]; process: number[]; wall: number[] }
const summary = (s: Samples, k: keyof Samples) => ({ median: median(s[k]), best: Math.min(...s[k]) });

const load = os.loadavg();
const lines: string[] = [];
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod'])).filter((x) => kinds.has(x.kind ?? 'static'))) {
  const parse = () => parsers.lod!(g.bytes, parseOptionsOf(g));
  const scene = await parse();
  const identical = same(now(scene, { name: 'bench' }), old(scene, { name: 'bench' }));
  const paths: [string, () => unknown][] = [
    ['parse', parse],
    ['old', () => old(scene, { name: 'bench' })],
    ['new', () => now(scene, { name: 'bench' })],
  ];
  const samples: Samples[] = paths.map(() => ({ thread: [], process: [], wall: [] }));
  const runs = Number(flags.runs ?? 9), warm = Number(flags.warm ?? 2);
  for (let r = -warm; r < runs; r++) {
    // Rotates the order, so each path follows each other one (and its garbage) as often.
    for (let k = 0; k < paths.length; k++) {
      const i = (k + (r + warm)) % paths.length;
      if ('gc' in flags) gc();
      const t = threadCpuMs(), c = cpuMs(), w = performance.now();
      await paths[i][1]();
      if (r < 0) continue;
      samples[i].wall.push(performance.now() - w);
      samples[i].process.push(cpuMs() - c);
      samples[i].thread.push(threadCpuMs() - t);
    }
  }
  for (const k of ['thread', 'process', 'wall'] as const) {
    const [p, o, n] = samples.map((s) => summary(s, k));
    const cell = (x: { median: number; best: number }) => `${fmt(x.median, 1)} (${fmt(x.best, 1)})`;
    lines.push(`| lod ${g.kind} | ${k} | ${cell(p)} | ${cell(o)} | ${cell(n)} | ${fmt(o.median / p.median)} → ${fmt(n.median / p.median)} | ${fmt(o.best / p.best)} → ${fmt(n.best / p.best)} | ${fmt(o.median / n.median)}× | ${identical ? 'yes' : 'NO'} |`);
    console.log(lines[lines.length - 1]);
  }
}
console.log(
  [
    '',
    `${flags.runs ?? 9} rounds${'gc' in flags ? ', full GC before each call' : ''}; ms as median (best)`,
    '| input | time | parse | old write | new write | write ÷ parse, medians | bests | old ÷ new | same bytes |',
    '|:--|:--|--:|--:|--:|--:|--:|--:|:--|',
    ...lines,
  ].join('\n'),
);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
