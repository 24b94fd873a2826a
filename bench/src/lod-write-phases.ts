// Where the LOD writer's time goes, by phase (CPU ms, medians of interleaved rounds), on the bench's
// static and skinned LOD inputs: the whole write, the mesh plan (gather + weld), the clips, and the
// rest (materials, rig, chunks), from the package's sources.
// `node --expose-gc --import tsx src/lod-write-phases.ts [--mb=50] [--runs=5] [--thread] [--no-gc]`: `--thread` times the
// main thread only (V8's compiler and GC threads left out), `--no-gc` leaves out the full GC before each call.
import os from 'node:os';
import { WarningSink, codePageEncoder, writeBudget, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { writeLod } from '../../packages/lod/src/index.js';
import { buildAnimations } from '../../packages/lod/src/write/animation.js';
import { writeAxisFor } from '../../packages/lod/src/write/axes.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext } from '../../packages/lod/src/write/context.js';
import { planMaterials } from '../../packages/lod/src/write/materials.js';
import { planMeshes } from '../../packages/lod/src/write/meshes.js';
import { buildRig } from '../../packages/lod/src/write/rig.js';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();

function contextOf(scene: Scene): WriteContext {
  const sink = new WarningSink('lod');
  const axis = writeAxisFor(readUpAxis(scene));
  return { scene, options: {}, sink, axis, encoder: codePageEncoder('windows-1251'), base: 'bench', files: {}, fromLod: readFromLod(scene), restage: restageFor(scene, axis), budget: writeBudget(scene) };
}

const load = os.loadavg();
const rows: string[] = [];
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod']))) {
  const scene = await parsers.lod!(g.bytes, parseOptionsOf(g));
  const ctx = contextOf(scene);
  const rig = buildRig(scene, ctx.sink);
  const materials = planMaterials(ctx);
  const [write, meshes, clips, parse] = await interleavedCpu(
    [
      ['write', () => writeLod(scene, { name: 'bench' })],
      ['meshes', () => planMeshes(contextOf(scene), rig, materials)],
      ['clips', () => buildAnimations(contextOf(scene), rig)],
      ['parse', () => parsers.lod!(g.bytes, parseOptionsOf(g))],
    ],
    Number(flags.runs ?? 5),
    2,
    { cpu: 'thread' in flags ? 'thread' : 'process', forceGc: !('no-gc' in flags) },
  );
  const rest = write - meshes - clips;
  rows.push(`| lod ${g.kind} | ${fmt(parse, 1)} | ${fmt(write, 1)} | ${fmt(meshes, 1)} (${fmt((100 * meshes) / write, 0)}%) | ${fmt(clips, 1)} (${fmt((100 * clips) / write, 0)}%) | ${fmt(rest, 1)} (${fmt((100 * rest) / write, 0)}%) | ${fmt(write / parse)} |`);
  console.log(rows[rows.length - 1]);
}
console.log(['', '| input | parse CPU ms | write CPU ms | meshes (gather + weld) | clips | rest (rig, materials, chunks) | write ÷ parse |', '|:--|--:|--:|--:|--:|--:|--:|', ...rows].join('\n'));
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
