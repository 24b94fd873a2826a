// Where the O3D writer's time goes on the bench's static input (issue 25), by phase, from the package's
// sources: the whole write against the parse, the plan (primitives checked, blocks numbered, objects
// built), the header's rest box, and the byte phases of every object run alone into memory that is
// already mapped (the weld with its box, the records, the indices), plus the page faults of a fresh
// output of the written size. CPU ms (process, and the main thread's own), medians of the second run after
// a forced GC in interleaved rounds, as write.ts times (write-second-run.ts).
// `node --expose-gc --import tsx src/o3d-write-phases.ts [--mb=50] [--runs=7]`
import os from 'node:os';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { writeO3d } from '../../packages/o3d/src/index.js';
import { writeIndices, writeRecords } from '../../packages/o3d/src/write/bytes/spans.js';
import { WriteScratch } from '../../packages/o3d/src/write/bytes/scratch.js';
import { restBounds } from '../../packages/o3d/src/write/rest-box.js';
import { vertexList } from '../../packages/o3d/src/write/vertex-list.js';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { staticPlans } from './o3d-write-plans.js';
import { loadParsers } from './parsers.js';
import { fmt } from './timing.js';
import { secondRunCpu } from './write-second-run.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();
const g = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['o3d'])).find((x) => x.kind === 'static')!;
const scene: Scene = await parsers.o3d!(g.bytes, parseOptionsOf(g));

const plans = () => staticPlans(scene);
const objects = plans();
const outputBytes = writeO3d(scene, { name: 'bench' }).files['bench.o3d'].length;
const vertices = objects.reduce((n, p) => n + p.vertexCount, 0);
const mostVertices = Math.max(...objects.map((p) => p.vertexCount));
const mostCorners = Math.max(...objects.map((p) => p.faceCount * 3));
// Mapped once: the byte phases below run without page faults.
const mapped = new Uint8Array(Math.max(mostVertices * 32, mostCorners * 2) + 64).fill(1);
const view = new DataView(mapped.buffer);
const scratch = new WriteScratch();
let sink = 0;

const paths: [string, () => unknown][] = [
  ['parse', () => parsers.o3d!(g.bytes, parseOptionsOf(g))],
  ['write', () => writeO3d(scene, { name: 'bench' })],
  ['plan (primitives, blocks, objects)', () => plans()],
  ['rest box (computeBounds)', () => restBounds(scene)],
  ['weld + box, mapped memory', () => objects.forEach((p) => (sink += vertexList(p.spans, p.vertexCount, view, 0, scratch, p.withPhysique).unique))],
  ['records, mapped memory', () => objects.forEach((p) => writeRecords(view, 0, p.vertexCount, p.spans, false, scratch))],
  ['weld + box, mapped, 2 bytes off a word', () => objects.forEach((p) => (sink += vertexList(p.spans, p.vertexCount, view, 2, scratch, p.withPhysique).unique))],
  ['records, mapped, 2 bytes off a word', () => objects.forEach((p) => writeRecords(view, 2, p.vertexCount, p.spans, false, scratch))],
  ['indices, mapped memory', () => objects.forEach((p) => writeIndices(view, 0, p.faceCount * 3, p.spans, scratch))],
  ['fresh output: one byte per page', () => {
    const fresh = new Uint8Array(outputBytes);
    for (let i = 0; i < fresh.length; i += 4096) fresh[i] = 1;
    sink += fresh[0];
  }],
];
const load = os.loadavg();
const runs = Number(flags.runs ?? 7);
const { process: cpu, thread } = await secondRunCpu(paths, runs);
console.log(`o3d static: ${objects.length} objects, ${vertices} vertices, output ${fmt(outputBytes / 1048576, 1)} MB; CPU ms of the second run after a GC, medians of ${runs}`);
console.log(
  ['| phase | process CPU ms | ÷ parse | ÷ write | main thread ms | ÷ parse | ÷ write |', '|:--|--:|--:|--:|--:|--:|--:|', ...paths.map(([name], i) => `| ${name} | ${fmt(cpu[i], 1)} | ${fmt(cpu[i] / cpu[0])} | ${fmt(cpu[i] / cpu[1])} | ${fmt(thread[i], 1)} | ${fmt(thread[i] / thread[0])} | ${fmt(thread[i] / thread[1])} |`)].join('\n'),
);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}${sink === 0.5 ? ' ' : ''}`);
