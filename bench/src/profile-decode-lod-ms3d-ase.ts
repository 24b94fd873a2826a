// Decode speed of LOD, MS3D and ASE against a plain memory copy, on ~50 MB skinned + animated
// files (60 bones, 4 influences, clips of 100+ frames) and static ones, WASM kernels and 'js'.
// `node --expose-gc --import tsx src/profile-decode-lod-ms3d-ase.ts [MB] [formats…] [--src DIR]`
// (DIR: a folder holding lod/ms3d/ase package sources, to time an older copy in the same run).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { lodFile, mal1, mat1, msl1, skl1, ans1, type MeshSpec as LodMesh } from '@relic3d/fixtures/lod';
import { writeMs3d, type WJoint } from '@relic3d/fixtures/ms3d';
import { aseFile, geom, helper, tmAnimation } from '@relic3d/fixtures/ase';
import { generateAse, generateLod } from './generate.js';
import { cpuMs, rng } from './timing.js';

type V3 = [number, number, number];
const BONES = 60;
const IDENTITY: [V3, V3, V3, V3] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]];

/** A strip grid: `n` positions, ~2 faces per position. */
function sheet(n: number) {
  const side = Math.max(2, Math.floor(Math.sqrt(n)));
  const rows = Math.max(2, Math.floor(n / side));
  const positions: V3[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < side; c++) positions.push([c * 0.1, Math.sin(c * 0.3), r * 0.1]);
  const faces: V3[] = [];
  for (let r = 0; r + 1 < rows; r++) for (let c = 0; c + 1 < side; c++) {
    const a = r * side + c;
    faces.push([a, a + side, a + 1], [a + 1, a + side, a + side + 1]);
  }
  return { positions, faces };
}

const influences = (v: number): [number, number][] => [[v % BONES, 0.4], [(v + 7) % BONES, 0.3], [(v + 13) % BONES, 0.2], [(v + 29) % BONES, 0.1]];

function skinnedLod(mb: number): Uint8Array {
  const n = Math.floor((mb * 1024 * 1024) / (32 + 20 + 72));
  const { positions, faces } = sheet(n);
  const corners = faces.flat();
  const mesh: LodMesh = {
    name: 'Skinned', mode: 3, positions: positions.flat(), normals: positions.flatMap(() => [0, 1, 0]),
    uvSets: [positions.flatMap((p) => [p[0], p[2]])],
    weights: { bonesPerVertex: 4, perVertex: positions.map((_, v) => influences(v)) },
    groups: [{ faceType: 1, name: 'all', materials: ['stone'], vertex: corners, normal: corners, uv: [corners] }],
    boneCount: BONES,
  };
  const bones = Array.from({ length: BONES }, (_, i) => ({ id: i, parent: i - 1, name: `bone${i}` }));
  const clip = (name: string, frames: number) => ({ name, interval: 33, mode: 0, frames: Array.from({ length: frames }, (_, f) => bones.map((b) => [f * 0.01, b.id * 0.1, 0, 0, f * 0.02, 0])) });
  return lodFile([mal1([mat1(3, [{ name: 'stone', texture: 'stone.png' }])], 1), skl1(bones), ans1([clip('walk', 120), clip('run', 150), clip('idle', 200)]), msl1([mesh])]);
}

function skinnedMs3d(mb: number): Uint8Array {
  const random = rng(7);
  const count = 65534;
  const vertices = Array.from({ length: count }, (_, i) => ({ position: [i % 256, Math.floor(i / 256), random()] as V3, boneId: i % BONES }));
  const triangles = Array.from({ length: count }, (_, t) => {
    const a = t % (count - 2);
    return { v: [a, a + 1, a + 2] as V3, s: [0, 1, 0] as V3, t: [0, 0, 1] as V3, groupIndex: 0 };
  });
  const keyBytes = mb * 1024 * 1024 - count * 85 - count * 13;
  const keys = Math.min(65535, Math.floor(keyBytes / 32 / BONES));
  const joints: WJoint[] = Array.from({ length: BONES }, (_, j) => ({
    name: `joint${j}`, parent: j === 0 ? '' : `joint${j - 1}`, rotation: [0.1, 0, 0], position: [0, 1, 0],
    rotKeys: Array.from({ length: keys }, (_, k) => [k / 30, Math.sin(k * 0.01 + j), 0, 0] as [number, number, number, number]),
    posKeys: Array.from({ length: keys }, (_, k) => [k / 30, 0.01 * k, 0, 0] as [number, number, number, number]),
  }));
  return writeMs3d({
    vertices, triangles, groups: [{ name: 'mesh', triangles: triangles.map((_, i) => i), material: 0 }], materials: [{ name: 'mat', texture: 'skin.png' }],
    fps: 30, totalFrames: keys, joints,
    comments: { groups: [], materials: [], joints: [] },
    vertexExtra: { subVersion: 2, records: vertices.map((_, i) => ({ ids: [(i + 7) % BONES, (i + 13) % BONES, (i + 29) % BONES] as V3, weights: [30, 20, 10] as V3, extra: [0] })) },
  });
}

/** MS3D at its 65,534-vertex cap without keys or weights (~6.6 MB: the format's largest static file). */
function staticMs3d() {
  const count = 65534;
  const vertices = Array.from({ length: count }, (_, i) => ({ position: [i % 256, Math.floor(i / 256), (i % 7) * 0.1] as V3 }));
  const triangles = Array.from({ length: count }, (_, t) => {
    const a = t % (count - 2);
    return { v: [a, a + 1, a + 2] as V3, s: [0, 1, 0] as V3, t: [0, 0, 1] as V3, groupIndex: 0 };
  });
  return { vertices, triangles, groups: [{ name: 'mesh', triangles: triangles.map((_, i) => i), material: 0 }], materials: [{ name: 'mat', texture: 'skin.png' }] };
}

function skinnedAse(mb: number): Uint8Array {
  const n = Math.floor((mb * 1024 * 1024) / 900);
  const { positions, faces } = sheet(n);
  const bones = Array.from({ length: BONES }, (_, i) => `bone${i}`);
  const track = (frames: number) => Array.from({ length: frames }, (_, f) => `*CONTROL_POS_SAMPLE ${f * 160}\t${(f * 0.01).toFixed(4)}\t0.0000\t0.0000`);
  const rot = (frames: number) => Array.from({ length: frames }, (_, f) => `*CONTROL_ROT_SAMPLE ${f * 160}\t0.0000\t0.0000\t1.0000\t0.0100`);
  const helpers = bones.map((b, i) => helper(b, IDENTITY, { ...(i ? { parent: bones[i - 1] } : {}), tail: [tmAnimation(b, { CONTROL_POS_TRACK: track(300), CONTROL_ROT_TRACK: rot(300) })] }));
  const text = aseFile([
    ...helpers,
    geom('Skinned', {
      vertices: positions, faces, tverts: positions.map((p) => [p[0], p[2], 0] as V3), tfaces: faces, smoothing: faces.map(() => '1'),
      faceNormals: faces.map(() => [0, 1, 0] as V3), vertexNormals: positions.map(() => [0, 1, 0] as V3),
      weights: { bones, vertices: positions.map((_, v) => ({ index: v, pairs: influences(v) })) },
    }),
  ], { scene: { last: 299 } });
  return new TextEncoder().encode(text);
}

interface Parser { parse(bytes: Uint8Array, o: object): Promise<unknown> }
async function load(dir: string, format: string): Promise<Parser> {
  return (await import(pathToFileURL(path.join(dir, format, 'src', 'index.ts')).href)) as Parser;
}

const args = process.argv.slice(2);
const mb = Number(args.find((a) => /^\d+$/.test(a)) ?? 50);
const srcAt = args.indexOf('--src');
const dirs = [path.resolve(import.meta.dirname, '../../packages'), ...(srcAt >= 0 ? [path.resolve(args[srcAt + 1])] : [])];
const formats = args.filter((a, i) => /^[a-z0-9]+$/.test(a) && !/^\d+$/.test(a) && i !== srcAt + 1 && a !== '--src');
const inputs: [string, string, () => Uint8Array][] = [
  ['lod', 'skinned', () => skinnedLod(mb)],
  ['lod', 'static', () => generateLod(mb).bytes],
  ['ms3d', 'skinned', () => skinnedMs3d(mb)],
  ['ms3d', 'static', () => writeMs3d({ ...staticMs3d(), fps: 30 })],
  ['ase', 'skinned', () => skinnedAse(mb)],
  ['ase', 'static', () => generateAse(mb).bytes],
];
const cacheDir = path.join(os.tmpdir(), 'relic3d-decode');
mkdirSync(cacheDir, { recursive: true });
await ready();
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; CPU ms, best of rounds`);
for (const [format, kind, make] of inputs) {
  if (formats.length && !formats.includes(format)) continue;
  const cached = path.join(cacheDir, `${mb}mb-${kind}.${format}`);
  const bytes = existsSync(cached) ? new Uint8Array(readFileSync(cached)) : make();
  writeFileSync(cached, bytes);
  const copy = new Uint8Array(bytes.length);
  const parsers = await Promise.all(dirs.map((d) => load(d, format)));
  const jobs: [string, () => Promise<unknown>][] = [['memcpy', async () => copy.set(bytes)]];
  parsers.forEach((p, i) => {
    const tag = i ? 'old' : 'new';
    jobs.push([`${tag} wasm`, () => p.parse(bytes, {})], [`${tag} js`, () => p.parse(bytes, { kernels: 'js' })]);
  });
  const best = jobs.map(() => Infinity);
  for (let round = 0; round < 5; round++) {
    for (let j = 0; j < jobs.length; j++) {
      globalThis.gc?.();
      const reps = j === 0 ? 50 : 1;
      const start = cpuMs();
      for (let k = 0; k < reps; k++) await jobs[j][1]();
      best[j] = Math.min(best[j], (cpuMs() - start) / reps);
    }
  }
  const MB = bytes.length / 1048576;
  const cells = jobs.map(([name], j) => `${name} ${best[j].toFixed(1)} ms (${(MB / (best[j] / 1000)).toFixed(0)} MB/s, memcpy/${(best[j] / best[0]).toFixed(1)})`);
  console.log(`${format} ${kind} ${MB.toFixed(1)} MB: ${cells.join('; ')}`);
}
