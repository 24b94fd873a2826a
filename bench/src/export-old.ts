// MS3D parse and toGlb (or `--format=lod`'s parse and toGlb) against older copies of their sources, in the same rounds (issue #25):
// `node --expose-gc --import tsx src/export-old.ts --old=NAME [--new=NAME2] [--sets=corpus,small,skinned]`.
// packages/ms3d/NAME/src and packages/gltf/NAME/src are the old copies (inside the package folders so
// their imports resolve; untracked; gltf's with its package.json beside, whose version the exporter
// writes), NAME2 copies of the current sources (default: src itself). Per
// set: CPU ms to parse every file once and to export every scene once (each sample repeated until
// --min-ms=30 ms of CPU), old and new taking turns (both orders; best of --rounds=9, or the median
// with --stat=median; --gc for a full GC before each sample), parse MB/s, toGlb ÷ parse, and
// whether old and new wrote the same .glb bytes. `--extras-arrays=all`: the new side exports every
// typed array of the extras to a buffer view (what moving the lists out of the JSON would gain).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Resolver, Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { corpusInputs, smallGeneratedInputs, type ExportInput } from './export.js';
import { generateSkinned } from './generate.js';
import { cpuMs, fmt, gc, median } from './timing.js';

type Parse = (bytes: Uint8Array, options?: { fileName?: string; resolve?: Resolver }) => Promise<Scene>;
type ToGlb = (scene: Scene, options?: { resolve?: Resolver; extrasArrays?: 'buffer' | 'all' }) => Promise<Uint8Array>;
interface Side { label: string; parse: Parse; toGlb: ToGlb }

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
if (!args.old) throw new Error('--old=NAME is required');
const packages = path.resolve(import.meta.dirname, '../../packages');
const load = async (pkg: string, folder: string) => (await import(pathToFileURL(path.resolve(packages, pkg, folder, 'src', 'index.ts')).href)) as Record<string, unknown>;
// `--format=lod` (or another format): that format's parse from its own sources on both sides, toGlb old and new.
const format = args.format ?? 'ms3d';
async function sideOf(label: string, folder: string): Promise<Side> {
  return { label, parse: (await load(format, format === 'ms3d' ? folder : '.')).parse as Parse, toGlb: (await load('gltf', folder)).toGlb as ToGlb };
}

const sets = (args.sets ?? 'corpus,small,skinned').split(',');
const rounds = Number(args.rounds ?? 9);
const minMs = Number(args['min-ms'] ?? 30);
function inputsOf(set: string): ExportInput[] {
  if (set === 'corpus') return process.env.RELIC3D_CORPUS ? corpusInputs(process.env.RELIC3D_CORPUS, format) : [];
  if (set === 'small') return smallGeneratedInputs(format);
  const g = generateSkinned(format, Number(args['skinned-vertices'] ?? 60000));
  return [{ format, name: g.name, bytes: g.bytes }];
}

async function usableOf(side: Side, inputs: ExportInput[]): Promise<ExportInput[]> {
  const usable: ExportInput[] = [];
  for (const input of inputs) {
    try {
      await side.parse(input.bytes, { fileName: input.name, resolve: input.resolve });
      usable.push(input);
    } catch {
      // files the parser refuses (the corpus has some on purpose)
    }
  }
  return usable;
}

/** CPU ms to parse every file once and to export every scene once, repeated until `minMs` has passed. */
async function cpuOf(fn: () => Promise<unknown>, minMs: number): Promise<number> {
  let reps = 0;
  const start = cpuMs();
  do {
    await fn();
    reps++;
  } while (cpuMs() - start < minMs);
  return (cpuMs() - start) / reps;
}

async function parseAll(side: Side, inputs: ExportInput[]): Promise<Scene[]> {
  const scenes: Scene[] = [];
  for (const input of inputs) scenes.push(await side.parse(input.bytes, { fileName: input.name, resolve: input.resolve }));
  return scenes;
}

async function exportAll(side: Side, inputs: ExportInput[], scenes: Scene[]): Promise<Uint8Array[]> {
  const glbs: Uint8Array[] = [];
  const extrasArrays = side === now && args['extras-arrays'] === 'all' ? ({ extrasArrays: 'all' } as const) : {};
  for (let i = 0; i < scenes.length; i++) glbs.push(await side.toGlb(scenes[i], { resolve: inputs[i].resolve, ...extrasArrays }));
  return glbs;
}

interface Samples { parse: number[]; glb: number[] }
async function round(side: Side, inputs: ExportInput[], scenes: Scene[], into: Samples): Promise<void> {
  // --gc: a full GC before each sample, as src/export.ts does (it also drops optimised code).
  if ('gc' in args) gc();
  into.parse.push(await cpuOf(() => parseAll(side, inputs), minMs));
  if ('gc' in args) gc();
  into.glb.push(await cpuOf(() => exportAll(side, inputs, scenes), minMs));
}

await ready();
const now = await sideOf('new', args.new ?? '.');
const old = await sideOf('old', args.old);
const loadBefore = os.loadavg();
console.log('| set | files | MB | parse old → new ms | parse MB/s old → new | toGlb old → new ms | toGlb ÷ parse old → new | same .glb |\n| --- | ---: | ---: | --- | --- | --- | --- | --- |');
for (const set of sets) {
  const inputs = await usableOf(now, inputsOf(set));
  const mb = inputs.reduce((s, i) => s + i.bytes.length, 0) / 1048576;
  const a: Samples = { parse: [], glb: [] }, b: Samples = { parse: [], glb: [] };
  const newScenes = await parseAll(now, inputs), oldScenes = await parseAll(old, inputs);
  const firstNew = await exportAll(now, inputs, newScenes), firstOld = await exportAll(old, inputs, oldScenes);
  const same = firstNew.every((g, i) => Buffer.compare(g, firstOld[i]) === 0);
  for (let r = 0; r < rounds; r++) {
    // Both orders: the first of a pair can measure slower.
    if (r % 2) {
      await round(now, inputs, newScenes, a);
      await round(old, inputs, oldScenes, b);
    } else {
      await round(old, inputs, oldScenes, b);
      await round(now, inputs, newScenes, a);
    }
  }
  const pick = args.stat === 'median' ? median : (xs: number[]) => Math.min(...xs);
  const [pn, po, gn, go] = [pick(a.parse), pick(b.parse), pick(a.glb), pick(b.glb)];
  console.log(`| ${set} | ${inputs.length} | ${fmt(mb, 2)} | ${fmt(po, 1)} → ${fmt(pn, 1)} (${fmt(po / pn)}×) | ${fmt(mb / (po / 1000), 1)} → ${fmt(mb / (pn / 1000), 1)} | ${fmt(go, 1)} → ${fmt(gn, 1)} (${fmt(go / gn)}×) | ${fmt(go / po)} → ${fmt(gn / pn)} | ${same ? 'yes' : 'NO'} |`);
}
console.log(`\nload average ${loadBefore.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
