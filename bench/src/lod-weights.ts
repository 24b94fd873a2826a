// LOD weight records → JOINTS_0/WEIGHTS_0 (issue 25): the kernels' unpackGroupedInfluences as LOD calls
// it (5-byte records, u8 id masked, f32 weight, grouped by the end bit and BonesPerVertex) on the skinned
// bench input's records, WASM SIMD and scalar against the TypeScript twin, and against another build
// of the kernels (`--old=DIR`, e.g. /work/base/packages/kernels/dist/index.js) in the same rounds; CPU
// ms per call, best of interleaved rounds; every path's result checked equal to the twin's first.
// `node --expose-gc --import tsx src/lod-weights.ts [--rounds=7] [--old=FILE]`
import os from 'node:os';
import { WarningSink } from '@relic3d/core';
import * as kernels from '../../packages/kernels/src/index.js';
import { readLodWith } from '../../packages/lod/src/read/index.js';
import { benchInputs } from './inputs.js';
import { fmt, timeInterleaved } from './timing.js';

type Unpack = typeof kernels.unpackGroupedInfluences;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const input = benchInputs(50, 60000, new Set(['lod'])).find((g) => g.kind === 'skinned')!;
await kernels.ready();
const old = flags.old ? ((await import(flags.old)) as typeof kernels) : undefined;
if (old) await old.ready();
const mesh = readLodWith(input.bytes, {}, new WarningSink('lod')).meshes.find((m) => m.weights)!;
const w = mesh.weights!;
const vertices = mesh.positions.length / 3;
const records = w.boneFields.length;
const layout: kernels.InfluenceLayout = { strides: [5], joints: [{ offset: 0, type: 'u8' }], weights: [{ offset: 1, type: 'f32' }], idMask: 0x7f };
const grouping: kernels.RecordGrouping = { endMask: 0x80, maxPerVertex: w.bonesPerVertex };
const paths: [string, () => ReturnType<Unpack>][] = [
  ['twin', () => kernels.unpackGroupedInfluences(w.records, records, vertices, layout, grouping, { kernels: 'js' })],
  ...(old ? ([['old twin', () => old.unpackGroupedInfluences(w.records, records, vertices, layout, grouping, { kernels: 'js' })]] as [string, () => ReturnType<Unpack>][]) : []),
  ['simd', () => kernels.unpackGroupedInfluences(w.records, records, vertices, layout, grouping, { variant: 'simd' })],
  ['scalar', () => kernels.unpackGroupedInfluences(w.records, records, vertices, layout, grouping, { variant: 'scalar' })],
  ...(old ? ([['old simd', () => old.unpackGroupedInfluences(w.records, records, vertices, layout, grouping, { variant: 'simd' })]] as [string, () => ReturnType<Unpack>][]) : []),
];
const want = paths[0][1]();
for (const [name, fn] of paths) {
  const got = fn();
  const same = Buffer.compare(Buffer.from(got.joints.buffer), Buffer.from(want.joints.buffer)) === 0 && Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(want.weights.buffer)) === 0;
  if (!same) throw new Error(`${name} differs from the twin`);
}
const load = os.loadavg();
const ms = timeInterleaved(paths.map(([, fn]) => fn), Number(flags.rounds ?? 7));
console.log(`LOD weights: ${vertices} vertices, ${records} records; CPU ms per call (twin ÷ path):`);
paths.forEach(([name], i) => console.log(`  ${name.padEnd(9)} ${fmt(ms[i], 2).padStart(7)}  ${fmt(ms[0] / ms[i])}×`));
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
