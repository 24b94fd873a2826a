// Issue 25: `deinterleave` WASM against its TypeScript twin the way the parsers call it. Kernel level:
// MDL's own vertex decode (`decodeUltraVertices`: the same layouts, tail and texcoord1 checks) on every
// mesh of the bench's static and skinned MDL files and of the corpus MDL files, with the input placed
// once by `withInput` as MDL's parse places it (placed), copied in per call (copied), and 'js' (twin),
// and the same records moved to aligned offsets (the twin's fast case, as in `kernels.ts`);
// the O3D 32/44-byte and MS3D 15/70-byte layouts on seeded records, placed and copied. End to end: MDL
// `parseSync` with `kernels: 'wasm'` against a copy of MDL's sources whose three `deinterleave` calls
// are the TypeScript twin (every other kernel still WASM). CPU ms, interleaved, one process.
// `node --expose-gc --import tsx src/deinterleave-placed.ts [--rounds=7] [--runs=7] [--parse-only]`
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deinterleave, ready, withInput, type FieldLayout } from '@relic3d/kernels';
import { readMdl, type MdlNode } from '@relic3d/mdl';
import { decodeUltraVertices } from '../../packages/mdl/src/read/vertices.js';
import { parseSync as parseMdl } from '../../packages/mdl/src/index.js';
import { benchInputs } from './inputs.js';
import { fmt, interleavedCpu, rng, timeInterleaved } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const rounds = Number(flags.rounds ?? 7);
const runs = Number(flags.runs ?? 7);
const kernelLevel = !('parse-only' in flags);
await ready();
const load = os.loadavg()[0];
const here = path.dirname(fileURLToPath(import.meta.url));

// A copy of MDL's sources whose deinterleave calls are the twin, beside this file so that its
// packages resolve from bench/node_modules (the same built kernels and core as the original).
const variantDir = mkdtempSync(path.join(here, '..', '.deint-'));
process.on('exit', () => rmSync(variantDir, { recursive: true, force: true }));
cpSync(path.join(here, '../../packages/mdl/src'), path.join(variantDir, 'src'), { recursive: true });
for (const file of ['read/vertices.ts', 'read/morphs.ts', 'scene/vertices.ts']) {
  const p = path.join(variantDir, 'src', file);
  const text = readFileSync(p, 'utf8');
  const swapped = text.replace("import { deinterleave } from '@relic3d/kernels';", "import { deinterleaveJS as deinterleave } from '@relic3d/kernels/reference';");
  if (swapped === text) throw new Error(`no deinterleave import in ${file}`);
  writeFileSync(p, swapped);
}
const twinMdl = (await import(path.join(variantDir, 'src/index.ts'))) as { parseSync: typeof parseMdl };

/** Every mesh with vertices of every node (depth first), as the parse decodes them. */
function meshesOf(node: MdlNode): MdlNode['lods'][number]['meshes'] {
  return [...node.lods.flatMap((l) => l.meshes).filter((m) => m.vertexCount > 0), ...node.children.flatMap(meshesOf)];
}

function mdlKernel(label: string, bytes: Uint8Array): void {
  const file = readMdl(bytes, { kernels: 'js' });
  if (file.variant !== 'ultra') return;
  const meshes = meshesOf(file.root);
  const decodeAll = (kernels: 'wasm' | 'js') => meshes.map((m) => decodeUltraVertices(m.vertexData, m.vertexCount, { kernels }));
  // The input stays placed for the whole measurement, as for the whole parse: only the kernel's own call is timed.
  const [placed, twin] = withInput(bytes, () => timeInterleaved([() => decodeAll('wasm'), () => decodeAll('js')], rounds), { kernels: 'wasm' });
  const [copied, twin2] = timeInterleaved([() => decodeAll('wasm'), () => decodeAll('js')], rounds);
  const vertices = meshes.reduce((s, m) => s + m.vertexCount, 0);
  console.log(`${label}: ${meshes.length} meshes, ${vertices} vertices; placed ${fmt(placed, 3)} ms, twin ${fmt(twin, 3)} ms → twin ÷ placed ${fmt(twin / placed)}×; copied ${fmt(copied, 3)} ms, twin ${fmt(twin2, 3)} → twin ÷ copied ${fmt(twin2 / copied)}×`);
}

/** The same meshes' records moved to 4-byte-aligned offsets (the bench files' records are all unaligned), so the twin reads them without its aligning copy. */
function mdlKernelAligned(label: string, bytes: Uint8Array): void {
  const meshes = meshesOf(readMdl(bytes, { kernels: 'js' }).root);
  const all = new Uint8Array(meshes.reduce((s, m) => s + m.vertexData.byteLength, 0));
  let at = 0;
  const views = meshes.map((m) => {
    all.set(m.vertexData, at);
    const v = { data: all.subarray(at, at + m.vertexData.byteLength), count: m.vertexCount };
    at += m.vertexData.byteLength;
    return v;
  });
  const decodeAll = (kernels: 'wasm' | 'js') => views.map((v) => decodeUltraVertices(v.data, v.count, { kernels }));
  const [placed, twin] = withInput(all, () => timeInterleaved([() => decodeAll('wasm'), () => decodeAll('js')], rounds), { kernels: 'wasm' });
  console.log(`${label}, records aligned: placed ${fmt(placed, 3)} ms, twin ${fmt(twin, 3)} ms → twin ÷ placed ${fmt(twin / placed)}×`);
}

const mdlInputs = benchInputs(50, 60000, new Set(['mdl']));
for (const input of kernelLevel ? mdlInputs : []) {
  mdlKernel(`MDL ${input.kind} (decodeUltraVertices)`, input.bytes);
  mdlKernelAligned(`MDL ${input.kind} (decodeUltraVertices)`, input.bytes);
}

const corpus = process.env.RELIC3D_CORPUS ? path.join(process.env.RELIC3D_CORPUS, 'mdl') : undefined;
if (corpus && kernelLevel) {
  const files = readdirSync(corpus).filter((n) => n.toLowerCase().endsWith('.mdl'));
  const all = files.map((n) => new Uint8Array(readFileSync(path.join(corpus, n))));
  // Every corpus file per call (each alone is a few µs): the same protocol over the lot.
  const decoded = all.map((bytes) => ({ bytes, file: readMdl(bytes, { kernels: 'js' }) })).filter((d) => d.file.variant === 'ultra').map(({ bytes, file }) => ({ bytes, meshes: meshesOf(file.root) }));
  // Each file placed in both paths: MDL's WASM parse places it whatever deinterleave does.
  const run = (kernels: 'wasm' | 'js') => decoded.map(({ bytes, meshes }) => withInput(bytes, () => meshes.map((m) => decodeUltraVertices(m.vertexData, m.vertexCount, { kernels })), { kernels: 'wasm' }));
  const [placed, twin] = timeInterleaved([() => run('wasm'), () => run('js')], rounds, 30);
  const vertices = decoded.reduce((s, d) => s + d.meshes.reduce((t, m) => t + m.vertexCount, 0), 0);
  console.log(`MDL corpus (${decoded.length} Ultra files, ${vertices} vertices, each placed by withInput in both): placed ${fmt(placed, 3)} ms, twin ${fmt(twin, 3)} ms → twin ÷ placed ${fmt(twin / placed)}×`);
  const [parseWasm, parseTwin] = timeInterleaved([() => all.map((b) => parseMdl(b, { kernels: 'wasm' })), () => all.map((b) => twinMdl.parseSync(b, { kernels: 'wasm' }))], rounds, 30);
  console.log(`MDL corpus parse (${all.length} files per call): deinterleave WASM ${fmt(parseWasm, 3)} ms, twin ${fmt(parseTwin, 3)} ms → twin ÷ WASM ${fmt(parseTwin / parseWasm)}×`);
}

// O3D and MS3D layouts (the records of 65,535 vertices / triangles, seeded), placed and copied.
const OTHER: [string, number, Record<string, FieldLayout>][] = [
  ['O3D 32 B', 32, { positions: { offset: 0, type: 'f32', components: 3 }, normals: { offset: 12, type: 'f32', components: 3 }, uvs: { offset: 24, type: 'f32', components: 2 } }],
  ['O3D 44 B', 44, { positions: { offset: 0, type: 'f32', components: 3 }, weights: { offset: 12, type: 'f32', components: 2 }, boneIndices: { offset: 20, type: 'u16', components: 2 }, normals: { offset: 24, type: 'f32', components: 3 }, uvs: { offset: 36, type: 'f32', components: 2 } }],
  ['MS3D 15 B', 15, { flags: { offset: 0, type: 'u8', components: 1 }, positions: { offset: 1, type: 'f32', components: 3 }, boneIds: { offset: 13, type: 'u8', components: 1 }, referenceCounts: { offset: 14, type: 'u8', components: 1 } }],
  ['MS3D 70 B', 70, { flags: { offset: 0, type: 'u16', components: 1 }, vertexIndices: { offset: 2, type: 'u16', components: 3 }, normals: { offset: 8, type: 'f32', components: 9 }, s: { offset: 44, type: 'f32', components: 3 }, t: { offset: 56, type: 'f32', components: 3 }, smoothingGroups: { offset: 68, type: 'u8', components: 1 }, groupIndices: { offset: 69, type: 'u8', components: 1 } }],
];
const random = rng(2526);
for (const [name, stride, layout] of kernelLevel ? OTHER : []) {
  const count = 65535;
  // A file-like input: the records at an offset inside it (MS3D's vertices start at byte 16, unaligned for 15 B).
  const file = new Uint8Array(16 + count * stride + 64);
  for (let i = 0; i < file.length; i++) file[i] = (random() * 256) | 0;
  const records = file.subarray(16, 16 + count * stride);
  const wasm = () => deinterleave(records, stride, count, layout, { kernels: 'wasm' });
  const js = () => deinterleave(records, stride, count, layout, { kernels: 'js' });
  const [placed, twin] = withInput(file, () => timeInterleaved([wasm, js], rounds), { kernels: 'wasm' });
  const [copied, twin2] = timeInterleaved([wasm, js], rounds);
  console.log(`${name} (${count} records): placed ${fmt(placed, 3)} ms, twin ${fmt(twin, 3)} → twin ÷ placed ${fmt(twin / placed)}×; copied ${fmt(copied, 3)}, twin ${fmt(twin2, 3)} → twin ÷ copied ${fmt(twin2 / copied)}×`);
}

// End to end: the MDL parse, WASM everywhere against WASM everywhere but deinterleave.
for (const input of mdlInputs) {
  const [wasmAll, twinDeint] = await interleavedCpu(
    [
      ['wasm', () => parseMdl(input.bytes, { kernels: 'wasm' })],
      ['wasm, deinterleave twin', () => twinMdl.parseSync(input.bytes, { kernels: 'wasm' })],
    ],
    runs,
    2,
    { forceGc: false, cpu: 'thread' },
  );
  console.log(`MDL ${input.kind} parse (main-thread CPU, median of ${runs}): deinterleave WASM ${fmt(wasmAll)} ms, twin ${fmt(twinDeint)} ms → twin ÷ WASM ${fmt(twinDeint / wasmAll)}×`);
}
console.log(`load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`);
