// unweld's probe budget (issue 25) must not slow ordinary inputs: this build's kernels against
// another's (`--old=DIR`, e.g. /work/base11), both from their built dist, in the same rounds.
// 1. Kernels: `unweld` (WASM SIMD and the TypeScript twin) on the kernels bench's random 3-index
//    keys and on rows from the generated MS3D, ASE and LOD files' scenes (each primitive's
//    POSITION, NORMAL, TEXCOORD_0 float bits: the rows the LOD writer welds), CPU ms per call,
//    best of interleaved rounds; results checked equal.
// 2. Parse: MS3D, ASE and LOD (the parsers that unweld) on the generated static and skinned files,
//    WASM and TypeScript kernels, old and new dist interleaved, CPU ms per parse, median of rounds.
// `node --expose-gc --import tsx src/unweld-normal.ts --old=/work/base11 [--new=DIR] [--rounds=7] [--skip=parse]`
// (`--new=` the same DIR as `--old=`: an A/A run, the bias of the path order)
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scene } from '@relic3d/core';
import { benchInputs } from './inputs.js';
import { cpuMs, fmt, gc, median, rng, timeInterleaved } from './timing.js';

type Unweld = (keys: Uint32Array, width: number, count: number, options: { kernels?: 'js'; variant?: 'simd' }) => { indices: Uint32Array; vertexCount: number };
type Kernels = { ready(): Promise<void>; unweld: Unweld };
type Parse = (bytes: Uint8Array, options: { kernels: 'wasm' | 'js'; resolve?: (name: string) => Uint8Array | undefined }) => Promise<Scene>;

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (!flags.old) throw new Error('usage: unweld-normal.ts --old=DIR [--rounds=7] [--skip=kernels,parse]');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(flags.rounds ?? 7);
const skip = new Set((flags.skip ?? '').split(','));
const builds = { new: path.resolve(flags.new ?? here), old: path.resolve(flags.old) };
const kernelsOf = async (root: string) => (await import(path.join(root, 'packages/kernels/dist/index.js'))) as Kernels;
const K = { new: await kernelsOf(builds.new), old: await kernelsOf(builds.old) };
await K.new.ready();
await K.old.ready();
const load = os.loadavg();
const inputs = benchInputs(50, 60000, new Set(['ms3d', 'ase', 'lod']));

if (!skip.has('kernels')) {
  const rowsets: [string, Uint32Array, number][] = [];
  const random = rng(1);
  const corners = 300_000;
  const keys = new Uint32Array(corners * 3);
  for (let c = 0; c < corners; c++) {
    const v = Math.floor(random() * (corners / 6));
    keys.set([v, v + Math.floor(random() * 2), Math.floor(random() * 3)], c * 3);
  }
  rowsets.push(['random 3-index keys', keys, 3]);
  const parse = (await import(path.join(builds.new, 'packages/ms3d/dist/index.js'))) as { parse: Parse };
  const parsers: Record<string, Parse> = { ms3d: parse.parse };
  for (const f of ['ase', 'lod']) parsers[f] = ((await import(path.join(builds.new, `packages/${f}/dist/index.js`))) as { parse: Parse }).parse;
  for (const input of inputs) {
    const scene = await parsers[input.format](input.bytes, { kernels: 'js' });
    for (const name of ['POSITION', 'NORMAL', 'TEXCOORD_0'] as const) {
      const parts = scene.meshes.flatMap((m) => m.primitives.map((p) => p.attributes[name] as Float32Array | undefined)).filter((a): a is Float32Array => !!a);
      if (!parts.length) continue;
      const width = name === 'TEXCOORD_0' ? 2 : 3;
      const rows = new Uint32Array(parts.reduce((s, a) => s + a.length, 0));
      let at = 0;
      for (const a of parts) rows.set(new Uint32Array(a.buffer, a.byteOffset, a.length), (at += a.length) - a.length);
      rowsets.push([`${input.format} ${input.kind} ${name}`, rows, width]);
    }
  }
  console.log(`unweld on ordinary rows: CPU ms per call, best of ${rounds} interleaved rounds (old ÷ new > 1: new faster)`);
  const ratios: [number[], number[]] = [[], []];
  for (const [name, rows, width] of rowsets) {
    const n = rows.length / width;
    const paths: (() => ReturnType<Unweld>)[] = [
      () => K.new.unweld(rows, width, n, { variant: 'simd' }),
      () => K.old.unweld(rows, width, n, { variant: 'simd' }),
      () => K.new.unweld(rows, width, n, { kernels: 'js' }),
      () => K.old.unweld(rows, width, n, { kernels: 'js' }),
    ];
    const results = paths.map((p) => p());
    if (results.some((r) => r.vertexCount !== results[0].vertexCount || Buffer.compare(Buffer.from(r.indices.buffer), Buffer.from(results[0].indices.buffer)) !== 0)) throw new Error(`${name}: results differ`);
    const [nw, ow, nj, oj] = timeInterleaved(paths, rounds);
    ratios[0].push(ow / nw);
    ratios[1].push(oj / nj);
    console.log(`  ${name.padEnd(24)} ${String(n).padStart(8)} rows ${String(results[0].vertexCount).padStart(8)} distinct: wasm new ${fmt(nw, 2)} old ${fmt(ow, 2)} (${fmt(ow / nw)}×); ts new ${fmt(nj, 2)} old ${fmt(oj, 2)} (${fmt(oj / nj)}×)`);
  }
  console.log(`  geometric mean old ÷ new: wasm ${fmt(geomean(ratios[0]), 3)}×, ts ${fmt(geomean(ratios[1]), 3)}×`);
}

if (!skip.has('parse')) {
  console.log(`parse: CPU ms per parse, median of ${rounds} interleaved rounds (old ÷ new > 1: new faster)`);
  const parseRatios: [number[], number[]] = [[], []];
  for (const input of inputs) {
    const load = async (root: string) => ((await import(path.join(root, `packages/${input.format}/dist/index.js`))) as { parse: Parse }).parse;
    const parses = { new: await load(builds.new), old: await load(builds.old) };
    const resolve = input.companions ? (n: string) => input.companions![n] : undefined;
    const order: [keyof typeof parses, 'wasm' | 'js'][] = [['new', 'wasm'], ['old', 'wasm'], ['new', 'js'], ['old', 'js']];
    const samples = order.map(() => [] as number[]);
    for (let r = -1; r < rounds; r++) {
      for (let i = 0; i < order.length; i++) {
        const [build, kernels] = order[i];
        gc();
        const start = cpuMs();
        await parses[build](input.bytes, { kernels, resolve });
        if (r >= 0) samples[i].push(cpuMs() - start);
      }
    }
    const [nw, ow, nj, oj] = samples.map(median);
    parseRatios[0].push(ow / nw);
    parseRatios[1].push(oj / nj);
    console.log(`  ${`${input.format} ${input.kind}`.padEnd(16)} ${(input.bytes.length / 1e6).toFixed(1).padStart(5)} MB: wasm new ${fmt(nw, 1)} old ${fmt(ow, 1)} (${fmt(ow / nw)}×); js new ${fmt(nj, 1)} old ${fmt(oj, 1)} (${fmt(oj / nj)}×)`);
  }
  console.log(`  geometric mean old ÷ new: wasm ${fmt(geomean(parseRatios[0]), 3)}×, js ${fmt(geomean(parseRatios[1]), 3)}×`);
}
function geomean(xs: number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
