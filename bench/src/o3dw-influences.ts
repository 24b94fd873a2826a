// The skinned O3D write's influences alone (issue 25): `twoInfluences` of the bench's skinned scene's
// primitives, per folder (packages/o3d/<folder>/src; `.` = the sources, an older copy as write-old.ts
// makes one), interleaved rounds, the main thread's CPU, no forced GC; and whether every folder made
// the same bones, weights and counts. `node --expose-gc --import tsx src/o3dw-influences.ts [--folders=.,base] [--runs=41]`
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Primitive, Scene, Skin } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu, type TimedPath } from './timing.js';

type Influences = { bones: Int32Array; weights: Float32Array };
type TwoInfluences = (p: Primitive, skin: Skin | undefined, boneOf: Map<number, number>, fallback: number, stats: object) => Influences;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['o3d'])).find((g) => g.kind === 'skinned')!;
const scene: Scene = await parsers.o3d!(input.bytes, parseOptionsOf(input));
const skin = scene.skins[0];
const boneOf = new Map(skin.joints.map((node, i) => [node, i]));
const primitives = scene.meshes.flatMap((m) => m.primitives).filter((p) => p.attributes.JOINTS_0);
const paths: TimedPath[] = [];
const made: string[] = [];
for (const folder of (flags.folders ?? '.,base').split(',')) {
  const url = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/o3d', folder, 'src/write/influences.ts')).href;
  const { twoInfluences, emptyStats } = (await import(url)) as { twoInfluences: TwoInfluences; emptyStats: () => object };
  const run = () => primitives.map((p) => twoInfluences(p, skin, boneOf, 0, emptyStats()));
  const stats = emptyStats();
  const out = primitives.map((p) => twoInfluences(p, skin, boneOf, 0, stats));
  made.push(Buffer.concat(out.flatMap((o) => [Buffer.from(o.bones.buffer), Buffer.from(o.weights.buffer)])).toString('base64') + JSON.stringify(stats));
  paths.push([folder, run]);
}
const cpu = await interleavedCpu(paths, Number(flags.runs ?? 41), 5, { forceGc: false, cpu: 'thread' });
const vertices = primitives.reduce((n, p) => n + p.attributes.POSITION.length / 3, 0);
console.log(`twoInfluences over ${vertices} vertices, main-thread CPU ms:`, paths.map(([n], i) => `${n} ${fmt(cpu[i])}`).join(', '), `(${paths.map(([n], i) => `${n} ÷ ${paths[0][0]} ${fmt(cpu[i] / cpu[0])}`).join(', ')}); same output: ${made.every((m) => m === made[0])}; load ${os.loadavg()[0].toFixed(1)}`);
