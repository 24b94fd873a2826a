// unpackInfluences ('js', the path every format runs) on the three binary formats' column layouts,
// seeded like the skinned inputs (4 sorted influences, MDL; 2, O3D through a palette; MS3D's 3 +
// remainder), CPU ms per call, interleaved best of rounds.
// `node --expose-gc --import tsx src/unpack-influences.ts [--vertices=550000] [--old=DIR] [--new=DIR2]`:
// DIR is an older copy of packages/kernels/src, timed in the same rounds (both load from source);
// DIR2 a copy of the current one (an A/A run of two identical copies measured 0.92–1.10×).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InfluenceLayout, InfluenceOptions } from '@relic3d/kernels';
import { fmt, timeInterleaved } from './timing.js';

type Unpack = (streams: readonly Uint8Array[], count: number, layout: InfluenceLayout, options?: InfluenceOptions) => { joints: Uint16Array; weights: Float32Array };
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const count = Number(flags.vertices ?? 550000);

/** Seeded 0..1 (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `slots` distinct joints below 48 and weights in descending order summing to `total` (last one absorbs rounding). */
function influences(next: () => number, slots: number, total: number): { joints: number[]; weights: number[] } {
  const joints: number[] = [];
  while (joints.length < slots) {
    const j = Math.floor(next() * 48);
    if (!joints.includes(j)) joints.push(j);
  }
  const raw = Array.from({ length: slots }, () => next() + 0.05).sort((a, b) => b - a);
  const sum = raw.reduce((a, b) => a + b, 0);
  const weights = raw.map((w) => Math.floor((w / sum) * total));
  return { joints, weights };
}

interface Case { name: string; streams: Uint8Array[]; layout: InfluenceLayout; options: InfluenceOptions }

function cases(): Case[] {
  const next = random(25);
  const mdlIds = new Uint16Array(count * 4), mdlWeights = new Uint8Array(count * 4);
  const o3dWeights = new Float32Array(count * 2), o3dIds = new Uint16Array(count * 2);
  const ms3dIds = new Uint8Array(count), ms3dExtra = new Uint8Array(count * 6);
  for (let v = 0; v < count; v++) {
    const four = influences(next, 4, 255);
    mdlIds.set(four.joints, v * 4);
    mdlWeights.set(four.weights, v * 4);
    const two = influences(next, 2, 1000);
    o3dIds.set(two.joints.map((j) => j * 3), v * 2);
    o3dWeights.set(two.weights.map((w) => w / 1000), v * 2);
    const ms = influences(next, 4, 100);
    ms3dIds[v] = ms.joints[0];
    ms3dExtra.set([...ms.joints.slice(1), ...ms.weights.slice(0, 3)], v * 6);
  }
  const bytes = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const four = [0, 1, 2, 3];
  return [
    {
      name: 'mdl columns (4 × u16 id, u8 / 255)',
      streams: [bytes(mdlIds), mdlWeights],
      layout: { strides: [8, 4], joints: four.map((k) => ({ offset: k * 2, type: 'u16', stream: 0 })), weights: four.map((k) => ({ offset: k, type: 'u8', stream: 1 })), weightDivisor: 255 },
      options: { jointCount: 48, invalid: 'skip', unweighted: 'unskinned' },
    },
    {
      name: 'o3d columns (2 × f32, u16 / 3 via palette)',
      streams: [bytes(o3dWeights), bytes(o3dIds)],
      layout: { strides: [8, 4], joints: [0, 2].map((offset) => ({ offset, type: 'u16', stream: 1 })), weights: [0, 4].map((offset) => ({ offset, type: 'f32', stream: 0 })), idDivisor: 3 },
      options: { palette: Array.from({ length: 48 }, (_, i) => i), jointCount: 48, invalid: 'throw', unweighted: 'unskinned' },
    },
    {
      name: 'ms3d (i8 id + 3 × i8 id, u8 / 100, remainder)',
      streams: [ms3dIds, ms3dExtra],
      layout: {
        strides: [1, 6],
        joints: [{ offset: 0, type: 'i8', stream: 0 }, ...[0, 1, 2].map((k) => ({ offset: k, type: 'i8' as const, stream: 1 }))],
        weights: [0, 1, 2].map((k) => ({ offset: 3 + k, type: 'u8' as const, stream: 1 })),
        remainder: 100,
        weightDivisor: 100,
      },
      options: { jointCount: 48, invalid: 'truncate', unweighted: 'firstValid' },
    },
  ];
}

const sources = (dir: string): Promise<{ unpackInfluencesJS: Unpack }> => import(pathToFileURL(path.resolve(dir, 'reference', 'influences.ts')).href);
const { unpackInfluencesJS } = await sources(flags.new ?? path.resolve(import.meta.dirname, '../../packages/kernels/src'));
const old = flags.old ? (await sources(flags.old)).unpackInfluencesJS : undefined;
const load = os.loadavg();
for (const c of cases()) {
  const run = (unpack: Unpack) => () => unpack(c.streams, count, c.layout, c.options);
  if (old) {
    const a = JSON.stringify(Array.from(old(c.streams, count, c.layout, c.options).weights.slice(0, 4000)));
    const b = JSON.stringify(Array.from(unpackInfluencesJS(c.streams, count, c.layout, c.options).weights.slice(0, 4000)));
    if (a !== b) throw new Error(`${c.name}: new and old disagree`);
  }
  const ms = timeInterleaved(old ? [run(unpackInfluencesJS), run(old)] : [run(unpackInfluencesJS)], 7, 60);
  console.log(`${c.name}, ${count} vertices: ${fmt(ms[0])} ms${old ? `, old ${fmt(ms[1])} ms: ${fmt(ms[1] / ms[0])}× faster` : ''}`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
