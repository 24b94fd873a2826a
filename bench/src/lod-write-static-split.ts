// Where the LOD writer's static write goes, finer than lod-write-phases.ts: the gathering of the
// drawn node (file space: axes, V flip, clean, triangle check), the weld of the gathered rows into
// one MSH1 (`weldMesh`), the MSH1 bytes of that mesh, the whole write, the parse of the same file
// and a fresh output-sized buffer touched once (the page faults any new output pays).
// CPU ms (main thread with `--thread`), medians of interleaved rounds, from the package's sources.
// `node --expose-gc --import tsx src/lod-write-static-split.ts [--mb=50] [--runs=7] [--thread] [--no-gc] [--kinds=static]`
import os from 'node:os';
import { WarningSink, codePageEncoder, writeBudget, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { writeLod } from '../../packages/lod/src/index.js';
import { writeAxisFor } from '../../packages/lod/src/write/axes.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext } from '../../packages/lod/src/write/context.js';
import { gatherNode, newTally } from '../../packages/lod/src/write/geometry.js';
import { planMaterials } from '../../packages/lod/src/write/materials.js';
import { planMeshes } from '../../packages/lod/src/write/meshes.js';
import { buildRig } from '../../packages/lod/src/write/rig.js';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const kinds = new Set((flags.kinds ?? 'static').split(','));
await ready();
const parsers = await loadParsers();

function contextOf(scene: Scene): WriteContext {
  const sink = new WarningSink('lod');
  const axis = writeAxisFor(readUpAxis(scene));
  return { scene, options: {}, sink, axis, encoder: codePageEncoder('windows-1251'), base: 'bench', files: {}, fromLod: readFromLod(scene), restage: restageFor(scene, axis), budget: writeBudget(scene) };
}

const load = os.loadavg();
const rows: string[] = [];
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod'])).filter((x) => kinds.has(x.kind ?? 'static'))) {
  const scene = await parsers.lod!(g.bytes, parseOptionsOf(g));
  const ctx = contextOf(scene);
  const rig = buildRig(scene, ctx.sink);
  const materials = planMaterials(ctx);
  const size = writeLod(scene, { name: 'bench' }).files['bench.lod'].length;
  const gatherAll = () => rig.drawn.map((d) => gatherNode(contextOf(scene), rig, d, newTally()));
  const [write, meshes, gather, touch, parse] = await interleavedCpu(
    [
      ['write', () => writeLod(scene, { name: 'bench' })],
      ['meshes', () => planMeshes(contextOf(scene), rig, materials)],
      ['gather', gatherAll],
      ['fresh output touched', () => new Uint8Array(size).fill(1)],
      ['parse', () => parsers.lod!(g.bytes, parseOptionsOf(g))],
    ],
    Number(flags.runs ?? 7),
    2,
    { cpu: 'thread' in flags ? 'thread' : 'process', forceGc: !('no-gc' in flags) },
  );
  const weld = meshes - gather, bytes = write - meshes;
  const share = (x: number) => `${fmt(x, 1)} (${fmt((100 * x) / write, 0)}%)`;
  rows.push(`| lod ${g.kind} | ${fmt(parse, 1)} | ${fmt(write, 1)} | ${share(gather)} | ${share(weld)} | ${share(bytes)} | ${fmt(touch, 1)} | ${fmt(write / parse)} |`);
  console.log(rows[rows.length - 1]);
}
console.log(['', '| input | parse | write | gather | weld (meshes − gather) | rest: chunks, rig, materials | fresh output touched | write ÷ parse |', '|:--|--:|--:|--:|--:|--:|--:|--:|', ...rows].join('\n'));
console.log(`CPU ms (${'thread' in flags ? 'main thread' : 'process'}), medians; load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
