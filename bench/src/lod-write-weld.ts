// The LOD writer's weld of rows (positions with their skin keys, normals, UVs): its choice (`numberRows`), the partitioned
// `distinctRows` alone, and the kernels' hash `unweld` (WASM and its TypeScript twin) on the rows the
// writer welds for the bench's static and skinned LOD inputs: main-thread CPU ms, best and median
// of interleaved rounds, and whether all give the same numbering.
// `node --import tsx src/lod-write-weld.ts [--rounds=9] [--mb=50]`
import os from 'node:os';
import { WarningSink, codePageEncoder, writeBudget, type Scene } from '@relic3d/core';
import { ready, unweld } from '@relic3d/kernels';
import { unweldJS } from '@relic3d/kernels/reference';
import { writeAxisFor } from '../../packages/lod/src/write/axes.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext } from '../../packages/lod/src/write/context.js';
import { distinctRows } from '../../packages/lod/src/write/distinct-rows.js';
import { gatherNode, newTally } from '../../packages/lod/src/write/geometry.js';
import { buildRig } from '../../packages/lod/src/write/rig.js';
import { numberRows, positionKeys } from '../../packages/lod/src/write/weld.js';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, median, threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();
const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);

/** The key rows the writer welds for the first drawn node of `scene`. */
function keyRows(scene: Scene): [string, Uint32Array, number][] {
  const axis = writeAxisFor(readUpAxis(scene));
  const ctx: WriteContext = { scene, options: {}, sink: new WarningSink('lod'), axis, encoder: codePageEncoder('windows-1251'), base: 'b', files: {}, fromLod: readFromLod(scene), restage: restageFor(scene, axis), budget: writeBudget(scene) };
  const rig = buildRig(scene, ctx.sink);
  const prims = gatherNode(ctx, rig, rig.drawn[0], newTally());
  const p = prims[0];
  const keyed = positionKeys(prims, [p.positions.length / 3], p.positions, rig.drawn[0].skin !== undefined, false, p.targets.length);
  const out: [string, Uint32Array, number][] = [keyed ? [`positions + skin (${keyed.width} words)`, keyed.keys, keyed.width] : ['positions', bits(p.positions), 3]];
  if (p.uv0) out.push(['UVs', bits(p.uv0), 2]);
  if (p.normals) out.push(['normals', bits(p.normals), 3]);
  return out;
}

const load = os.loadavg();
const rows: string[] = [];
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod']))) {
  const scene = await parsers.lod!(g.bytes, parseOptionsOf(g));
  for (const [what, keys, width] of keyRows(scene)) {
    const n = keys.length / width;
    const ways: [string, () => { count: number; index: Uint32Array } | undefined][] = [
      ['the writer (numberRows)', () => { const u = numberRows(keys, width, n); return { count: u.vertexCount, index: u.indices }; }],
      ['distinctRows', () => distinctRows(keys, width, n)],
      ['unweld WASM', () => { const u = unweld(keys, width, n); return { count: u.vertexCount, index: u.indices }; }],
      ['unweld TS', () => { const u = unweldJS(keys, width, n); return { count: u.vertexCount, index: u.indices }; }],
    ];
    const results = ways.map(([, run]) => run());
    const agree = results.every((r) => !r || (r.count === results[0]!.count && r.index.every((v, i) => v === results[0]!.index[i])));
    const samples = ways.map((): number[] => []);
    for (let r = 0; r < Number(flags.rounds ?? 9); r++) {
      for (let k = 0; k < ways.length; k++) {
        const i = (k + r) % ways.length;
        // Repeated to 20 ms at least: the thread's CPU clock moves in scheduler ticks.
        const t = threadCpuMs();
        let calls = 0;
        do ways[i][1](), calls++;
        while (threadCpuMs() - t < 20);
        samples[i].push((threadCpuMs() - t) / calls);
      }
    }
    const cells = samples.map((s, i) => `${fmt(Math.min(...s), 1)} / ${fmt(median(s), 1)}${results[i] ? '' : ' (gives way)'}`);
    rows.push(`| lod ${g.kind} | ${what} | ${n} → ${results[0]!.count} | ${cells.join(' | ')} | ${fmt(median(samples[2]) / median(samples[0]))}× | ${agree ? 'yes' : 'NO'} |`);
    console.log(rows[rows.length - 1]);
  }
}
console.log(['', '| input | rows | rows → distinct | the writer ms (best / median) | distinctRows | unweld WASM | unweld TS | unweld WASM ÷ the writer (medians) | same numbering |', '|:--|:--|--:|--:|--:|--:|--:|--:|:--|', ...rows].join('\n'));
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
