// Parse throughput of large O3D and MDL files, static and skinned+animated, WASM vs TypeScript kernels,
// against a plain memcpy of the same bytes, all within one run:
// `node --expose-gc --import tsx src/profile-decode-o3d-mdl.ts [o3d|mdl] [static|skinned]`, or
// `… [o3d|mdl] [static|skinned] [wasm|js] PROFILE_DIR` to write a CPU profile of five parses.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { ready } from '@relic3d/kernels';
import { parse as parseO3d } from '@relic3d/o3d';
import { parse as parseMdl } from '@relic3d/mdl';
import { writeMdl, type WBone, type WMesh, type WVertex as MdlVertex } from '@relic3d/fixtures/mdl';
import { writeAni, writeChr, writeO3d, translationMatrix, IDENTITY, type WObject, type WMotionBone } from '@relic3d/fixtures/o3d';
import { generateMdl, generateO3d } from './generate.js';
import { cpuMs, rng } from './timing.js';

type V3 = [number, number, number];
const BONES = 60, CLIPS = 4, FRAMES = 120;

/** A sheet of `n` vertices, 2 triangles per cell. */
function sheet(n: number, random: () => number) {
  const side = Math.floor(Math.sqrt(n)), rows = Math.floor(n / side);
  const positions: V3[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < side; c++) positions.push([c * 0.1, Math.sin(c * 0.3), r * 0.1 + random() * 0.01]);
  const faces: number[] = [];
  for (let r = 0; r + 1 < rows; r++) for (let c = 0; c + 1 < side; c++) {
    const a = r * side + c;
    faces.push(a, a + side, a + 1, a + 1, a + side, a + side + 1);
  }
  return { positions, faces };
}

/** Skinned O3D: skin objects of 65,535 44-byte vertices, 4 blocks each with a 28-bone palette, 2 influences (all the format has); a 60-bone .chr and 4 clips of 120 frames. */
function skinnedO3d(targetMB = 50) {
  const random = rng(7);
  const perVertex = 44 + 12 + 2 + 12;
  const total = Math.floor((targetMB * 1024 * 1024) / perVertex);
  const objects: WObject[] = [];
  for (let left = total; left > 0; left -= 65535) {
    const { positions, faces } = sheet(Math.min(65535, left), random);
    const tris = faces.length / 3, per = Math.floor(tris / 4);
    const blocks = [0, 1, 2, 3].map((b) => ({ start: b * per * 3, count: b === 3 ? tris - 3 * per : per, bones: Array.from({ length: 28 }, (_, k) => (b * 11 + k) % BONES) }));
    const vertices = positions.map((p, i) => { const w = 0.5 + random() * 0.5; return { p, n: [0, 1, 0] as V3, uv: [p[0], p[2]] as [number, number], w: [w, 1 - w] as [number, number], idx: [(i % 28) * 3, ((i + 5) % 28) * 3] as [number, number] }; });
    objects.push({ type: 1, bones: Array.from({ length: 28 }, (_, k) => k), geometry: { vertices, indices: faces, blocks, materials: [{ texture: 'a.dds' }, { texture: 'b.dds' }] } });
  }
  const names = Array.from({ length: BONES }, (_, i) => `Bone${i}`);
  const parent = (i: number) => (i === 0 ? -1 : Math.floor((i - 1) / 2));
  const o3d = writeO3d({ name: 'mvr_big.o3d', version: 22, groups: [objects] });
  const chr = writeChr({ version: 7, bones: names.map((name, i) => ({ name, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, 1, 0), parent: parent(i) })) });
  const clips = Array.from({ length: CLIPS }, (_, c) => writeAni({
    frameCount: FRAMES,
    bones: names.map((name, i): WMotionBone => ({ name, parent: parent(i), inverse: IDENTITY, local: translationMatrix(0, 1, 0), keys: Array.from({ length: FRAMES }, (_, f) => { const a = 0.3 * Math.sin(f * 0.05 + i + c); return [0, 0, Math.sin(a / 2), Math.cos(a / 2), 0, 1, 0]; }) })),
  }));
  const files = new Map<string, Uint8Array>([['mvr_big.chr', chr], ...clips.map((b, c) => [`mvr_big_clip${c}.ani`, b] as [string, Uint8Array])]);
  const resolve = Object.assign((name: string) => files.get(name.toLowerCase()) ?? files.get(name), { list: () => [...files.keys()] });
  return { bytes: o3d, options: { fileName: 'mvr_big.o3d', resolve, motions: 'all' as const } };
}

/** Skinned Ultra MDL: 96-byte vertices with 4 influences in the tail, a 60-bone skeleton, 4 clips of 120 frames. */
function skinnedMdl(targetMB = 50) {
  const random = rng(8);
  const total = Math.floor((targetMB * 1024 * 1024) / 96);
  const meshes: WMesh[] = [];
  for (let left = total, m = 0; left > 0; left -= 65535, m++) {
    const { positions, faces } = sheet(Math.min(65535, left), random);
    const vertices: MdlVertex[] = positions.map((position, i) => ({ position, normal: [0, 1, 0], uv0: [position[0], position[2]], tangent: [1, 0, 0], bitangent: [0, 0, 1], bones: [i % BONES, (i + 7) % BONES, (i + 13) % BONES, (i + 29) % BONES], weights: [100, 80, 50, 25] }));
    meshes.push({ name: `part${m}`, material: './big.mat', vertices, indices: faces });
  }
  const chain = (i: number): WBone => ({ name: `Bone${i}`, position: [0, 1, 0], children: i + 1 < BONES ? [chain(i + 1)] : [] });
  const animations = Array.from({ length: CLIPS }, (_, c) => ({ name: `clip${c}`, speed: 30, keyframes: FRAMES, tracks: Array.from({ length: BONES }, (_, b) => ({ boneId: b, flags: 3, keys: Array.from({ length: FRAMES }, (_, f) => { const a = 0.3 * Math.sin(f * 0.05 + b + c); return { position: [0, 1, 0] as V3, rotation: [0, 0, Math.sin(a / 2), Math.cos(a / 2)] as [number, number, number, number] }; }) })) }));
  const bytes = writeMdl({ variant: 'ultra', version: 300, root: { name: 'Big', lods: [{ meshes }], bones: [chain(0)], animations } });
  return { bytes, options: { fileName: 'big.mdl' } };
}

const [format = 'o3d', kind = 'skinned', only, once] = process.argv.slice(2);
await ready();
const input = format === 'o3d' ? (kind === 'skinned' ? skinnedO3d() : { bytes: generateO3d().bytes, options: { fileName: 'big.o3d' } }) : kind === 'skinned' ? skinnedMdl() : { bytes: generateMdl().bytes, options: { fileName: 'big.mdl' } };
const parse = (format === 'o3d' ? parseO3d : parseMdl) as (b: Uint8Array, o: object) => Promise<unknown>;
const mb = input.bytes.length / 1048576;
const copy = new Uint8Array(input.bytes.length);
const timeIt = async (fn: () => unknown, rounds: number) => {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    (globalThis as { gc?: () => void }).gc?.();
    const start = cpuMs();
    await fn();
    best = Math.min(best, cpuMs() - start);
  }
  return best;
};
if (once) {
  // `--profile DIR`: a CPU profile of the parses alone (not the generation), for `node --cpu-prof`-style reading.
  await parse(input.bytes, { ...input.options, kernels: only });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  for (let i = 0; i < 5; i++) await parse(input.bytes, { ...input.options, kernels: only });
  const { profile } = await session.post('Profiler.stop');
  mkdirSync(once, { recursive: true });
  writeFileSync(path.join(once, `${format}-${kind}-${only}.cpuprofile`), JSON.stringify(profile));
  process.exit(0);
}
const memcpy = await timeIt(() => { for (let i = 0; i < 10; i++) copy.set(input.bytes); }, 5) / 10;
const wasm = await timeIt(() => parse(input.bytes, { ...input.options }), 7);
const js = await timeIt(() => parse(input.bytes, { ...input.options, kernels: 'js' }), 7);
const rate = (ms: number) => (mb / (ms / 1000)).toFixed(0);
console.log(`${format} ${kind} ${mb.toFixed(1)} MB  load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`memcpy ${memcpy.toFixed(2)} ms (${rate(memcpy)} MB/s)`);
console.log(`wasm   ${wasm.toFixed(1)} ms (${rate(wasm)} MB/s, 1/${(wasm / memcpy).toFixed(1)} of memcpy)`);
console.log(`js     ${js.toFixed(1)} ms (${rate(js)} MB/s, 1/${(js / memcpy).toFixed(1)} of memcpy)  wasm ${(js / wasm).toFixed(2)}x js`);
