// LOD parse split by stage (issue 25): CPU ms of each stage of a skinned (or static) LOD parse from the
// sources, WASM kernels and 'js' interleaved, medians: read, weights (skinOfPositions), corner weld,
// attribute gathers, keys (buildAnimations), the finite vouch, and the whole parse.
// `node --expose-gc --import tsx src/lod-parse-split.ts [--kind=skinned|static] [--runs=9]`
import os from 'node:os';
import { FiniteScrub, WarningSink, createScene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseSync } from '../../packages/lod/src/parse.js';
import { readLodWith } from '../../packages/lod/src/read/index.js';
import { buildAnimations } from '../../packages/lod/src/scene/animation.js';
import { axisFor } from '../../packages/lod/src/scene/axes.js';
import { buildMaterials } from '../../packages/lod/src/scene/materials.js';
import { buildBones } from '../../packages/lod/src/scene/skeleton.js';
import { buildMesh } from '../../packages/lod/src/scene/meshes.js';
import { skinOfPositions } from '../../packages/lod/src/scene/vertex-skin.js';
import { benchInputs } from './inputs.js';
import { cpuMs, fmt, median } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const kind = flags.kind ?? 'skinned';
const runs = Number(flags.runs ?? 9);
const input = benchInputs(50, 60000, new Set(['lod'])).find((g) => g.kind === kind)!;
await ready();
const bytes = input.bytes;
const sink = () => new WarningSink('lod');
const file = readLodWith(bytes, {}, sink());
const axis = axisFor(undefined);
const boneCount = file.skeleton?.bones.length ?? 0;
type Mode = 'wasm' | 'js';
const stages: [string, (k: Mode) => unknown][] = [
  ['parse', (k) => parseSync(bytes, { kernels: k })],
  ['read', (k) => readLodWith(bytes, { kernels: k }, sink())],
  ['weights', (k) => file.meshes.map((m) => skinOfPositions(m, { axis, materials: undefined!, sink: sink(), boneCount, kernels: k }))],
  ['meshes', (k) => {
    const scene = createScene('lod', 1);
    const materials = buildMaterials(file, scene, sink());
    return file.meshes.map((m) => buildMesh(m, { axis, materials, sink: sink(), boneCount, kernels: k }));
  }],
  ['keys', () => {
    const scene = createScene('lod', 1);
    const ctx = { scene, axis, sink: sink(), finite: new FiniteScrub() };
    buildAnimations(file, ctx, buildBones(file, ctx));
  }],
];
const ms = new Map<string, number[]>();
for (let r = -2; r < runs; r++) {
  for (const [name, fn] of stages) {
    for (const k of ['wasm', 'js'] as const) {
      const t0 = cpuMs();
      fn(k);
      const t = cpuMs() - t0;
      if (r >= 0) ms.set(`${name} ${k}`, [...(ms.get(`${name} ${k}`) ?? []), t]);
    }
  }
}
const load = os.loadavg();
console.log(`lod ${kind} ${(bytes.length / 1048576).toFixed(1)} MB, CPU ms medians of ${runs} (wasm / js / js÷wasm):`);
for (const [name] of stages) {
  const w = median(ms.get(`${name} wasm`)!), j = median(ms.get(`${name} js`)!);
  console.log(`  ${name.padEnd(8)} ${fmt(w).padStart(7)} / ${fmt(j).padStart(7)} / ${fmt(j / w)}×`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')}`);
