// The floor of an MDL or LOD parse (issue 25): the work no parser of the file can skip — allocate
// every typed array of its scene and fill each with its required per-element conversion from
// input-sized data (Z mirror or Z-up swap, V flip, winding swap, Euler or mirrored quaternions,
// weights to floats) — with no parsing logic (no records, chunks, checks, welding or warnings).
// Printed against a memcpy of the same bytes (into a preallocated array, and into fresh memory) and
// the real parse (WASM and 'js' kernels), all CPU ms, medians of interleaved rounds:
//   node --expose-gc --import tsx src/parse-floor-mdl-lod.ts [mdl] [lod] [--runs=9] [--static] [--old=DIR]
// `--old=DIR` also parses with DIR/<format>/src/index.ts, as skinned-parse.ts does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { readLod } from '@relic3d/lod';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers, type Parse } from './parsers.js';
import { fmt, interleavedCpu, timeCopy } from './timing.js';

type Format = 'mdl' | 'lod';
type Ctor = new (n: number) => Float32Array | Uint16Array | Uint32Array | Uint8Array;
/** One output array: its type and length, and the conversion that fills it. */
interface Job {
  kind: 'points' | 'tangent' | 'texcoord' | 'skin' | 'indices' | 'times' | 'rotation' | 'copy';
  ctor: Ctor;
  length: number;
}

/** The input, aligned, as the views the conversions read (set up outside the timed work). */
interface Source {
  f32: Float32Array;
  u16: Uint16Array;
  u8: Uint8Array;
  /** Per-vertex source index (LOD: the stored index lists; MDL: the record number). */
  gather: Uint32Array;
  /** LOD: the file's frame entries (6 floats: position, Euler angles), so sin/cos see the real angles. */
  entries: Float32Array;
}

/** MDL vertex records are 96 bytes (24 floats); LOD attributes sit packed and are gathered by index. */
const RECORD_FLOATS: Record<Format, number> = { mdl: 24, lod: 3 };
/** Copies per memcpy sample of a small file: one copy of a skinned file is below the CPU clock's useful resolution. */
const SMALL_FILE_COPIES = 10;

/** The scene's typed arrays as jobs: attributes, indices, keys, skins, and typed extras (MDL's vertex tail, bitangents). */
export function floorJobs(scene: Scene): Job[] {
  const jobs: Job[] = [];
  const add = (kind: Job['kind'], a: ArrayLike<number> | undefined) => {
    if (a && ArrayBuffer.isView(a)) jobs.push({ kind, ctor: a.constructor as Ctor, length: a.length });
  };
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      for (const [name, a] of Object.entries(p.attributes)) {
        const kind = name === 'POSITION' || name === 'NORMAL' ? 'points' : name === 'TANGENT' ? 'tangent' : name.startsWith('TEXCOORD') ? 'texcoord' : name.startsWith('JOINTS') || name.startsWith('WEIGHTS') ? 'skin' : 'copy';
        add(kind, a);
      }
      add('indices', p.indices);
      for (const t of p.targets ?? []) for (const a of Object.values(t)) add('points', a);
      for (const [name, a] of Object.entries(p.extras ?? {})) add(name === 'bitangents' ? 'points' : 'copy', a as ArrayLike<number>);
    }
  }
  for (const clip of scene.animations) {
    const seen = new Set<unknown>();
    for (const c of clip.channels) {
      if (!seen.has(c.times)) seen.add(c.times), add('times', c.times);
      add(c.path === 'rotation' ? 'rotation' : c.path === 'translation' ? 'points' : 'copy', c.values);
    }
  }
  for (const skin of scene.skins) add('copy', skin.inverseBindMatrices);
  return jobs;
}

/** Runs the jobs; returns a checksum so no output is dead. */
export function runFloor(format: Format, jobs: Job[], src: Source): number {
  const { f32, u16, u8, gather, entries } = src;
  const stride = RECORD_FLOATS[format];
  const zUp = format === 'lod';
  let at = 0; // where in the input the next non-vertex job reads, in floats, wrapping round
  let sum = 0;
  let keyAt = 0; // LOD: the next frame entry the rotations read
  for (const job of jobs) {
    const out = new job.ctor(job.length);
    const n = job.length;
    // Every read below stays in range without a modulo per element (2n floats is the most a job reads).
    if (at + n * 2 + 8 >= f32.length) at = 0;
    switch (job.kind) {
      case 'points': {
        // MDL mirrors z; LOD's Z-up maps (x, y, z) → (x, z, −y). Vertices read through the gather.
        const vertexCount = n / 3;
        for (let v = 0, o = 0; v < vertexCount; v++, o += 3) {
          const s = gather[v] * stride;
          out[o] = f32[s];
          out[o + 1] = zUp ? f32[s + 2] : f32[s + 1];
          out[o + 2] = zUp ? -f32[s + 1] : -f32[s + 2];
        }
        break;
      }
      case 'tangent':
        for (let v = 0, o = 0; o < n; v++, o += 4) {
          const s = gather[v] * stride + 3;
          out[o] = f32[s];
          out[o + 1] = f32[s + 1];
          out[o + 2] = -f32[s + 2];
          out[o + 3] = 1;
        }
        break;
      case 'texcoord':
        for (let v = 0, o = 0; o < n; v++, o += 2) {
          const s = gather[v] * stride + 6;
          out[o] = f32[s];
          out[o + 1] = 1 - f32[s + 1];
        }
        break;
      case 'skin':
        // Joint ids widened, weights from bytes to floats.
        if (out instanceof Float32Array) for (let i = 0, s = at * 4; i < n; i++) out[i] = u8[s + i] / 255;
        else for (let i = 0, s = at * 4; i < n; i++) out[i] = u8[s + i];
        break;
      case 'indices':
        // Widened where needed, winding reversed.
        for (let i = 0, s = at * 2; i + 2 < n; i += 3, s += 3) {
          out[i] = u16[s];
          out[i + 1] = u16[s + 2];
          out[i + 2] = u16[s + 1];
        }
        break;
      case 'times':
        for (let k = 0; k < n; k++) out[k] = k / 60;
        break;
      case 'rotation':
        if (zUp) eulerQuats(entries, keyAt, out as Float32Array), (keyAt = (keyAt + n / 4) % Math.max(1, entries.length / 6 - n / 4));
        else mirroredQuats(f32, at, out as Float32Array);
        break;
      case 'copy':
        (out as Uint8Array).set(new (job.ctor as typeof Uint8Array)(u8.buffer, 0, Math.min(n, (u8.length / out.BYTES_PER_ELEMENT) | 0)));
        break;
    }
    at += n;
    sum += out[n >> 1] ?? 0;
  }
  return sum;
}

/** LOD: Euler XYZ (radians, floats 3–5 of a 6-float entry) → quaternions; sin/cos only for non-zero angles. */
function eulerQuats(entries: Float32Array, key: number, out: Float32Array): void {
  for (let o = 0, s = key * 6 + 3; o < out.length; o += 4, s += 6) {
    const f32 = entries;
    const hx = f32[s] / 2, hy = f32[s + 1] / 2, hz = f32[s + 2] / 2;
    const cx = hx === 0 ? 1 : Math.cos(hx), sx = hx === 0 ? hx : Math.sin(hx);
    const cy = hy === 0 ? 1 : Math.cos(hy), sy = hy === 0 ? hy : Math.sin(hy);
    const cz = hz === 0 ? 1 : Math.cos(hz), sz = hz === 0 ? hz : Math.sin(hz);
    out[o] = sx * cy * cz - cx * sy * sz;
    out[o + 1] = cx * sy * cz + sx * cy * sz;
    out[o + 2] = cx * cy * sz - sx * sy * cz;
    out[o + 3] = cx * cy * cz + sx * sy * sz;
  }
}

/** MDL: (x, y, z, w) → (−x, −y, z, w), normalised. */
function mirroredQuats(f32: Float32Array, at: number, out: Float32Array): void {
  for (let o = 0; o < out.length; o += 4) {
    const s = at + o;
    const x = -f32[s], y = -f32[s + 1], z = f32[s + 2], w = f32[s + 3];
    const l = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
    out[o] = x / l;
    out[o + 1] = y / l;
    out[o + 2] = z / l;
    out[o + 3] = w / l;
  }
}

/** The input's views, and a gather list as long as the largest vertex attribute (seeded, in range). */
function sourceOf(format: Format, bytes: Uint8Array, jobs: Job[]): Source {
  const entries = format === 'lod' ? concat(readLod(bytes).animations.map((a) => a.bonesRotPos)) : new Float32Array(0);
  const aligned = new Uint8Array(bytes.length + 8);
  aligned.set(bytes);
  const f32 = new Float32Array(aligned.buffer, 0, aligned.length >> 2);
  // Angles and components as the file's floats, finite (a generated file's header bytes may not be).
  for (let i = 0; i < f32.length; i++) if (!Number.isFinite(f32[i])) f32[i] = 0;
  const vertices = Math.max(1, ...jobs.filter((j) => j.kind === 'points').map((j) => j.length / 3));
  const records = Math.max(1, Math.floor(f32.length / RECORD_FLOATS[format]) - 3);
  const gather = new Uint32Array(vertices);
  let seed = 7;
  for (let v = 0; v < vertices; v++) {
    // MDL reads records in order; LOD's index lists mostly walk forward with local jumps.
    seed = (seed * 1103515245 + 12345) >>> 0;
    gather[v] = format === 'mdl' ? v % records : (v + (seed % 64)) % records;
  }
  return { f32, u16: new Uint16Array(aligned.buffer, 0, aligned.length >> 1), u8: aligned, gather, entries };
}

function concat(arrays: Float32Array[]): Float32Array {
  const out = new Float32Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) out.set(a, at), (at += a.length);
  return out;
}

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--')) as Format[];
const formats = new Set<string>(named.length ? named : ['mdl', 'lod']);
const runs = Number(flags.runs ?? 9);
const inputs = benchInputs(50, 60000, formats).filter((g) => ('static' in flags ? true : g.kind === 'skinned'));
await ready();
const parsers = await loadParsers();
const load = os.loadavg();
for (const g of inputs) {
  const format = g.format as Format;
  const parse = parsers[format]!;
  const options = parseOptionsOf(g);
  const jobs = floorJobs(await parse(g.bytes, { ...options, kernels: 'js' }));
  const src = sourceOf(format, g.bytes, jobs);
  const old = flags.old ? ((await import(pathToFileURL(path.resolve(flags.old, format, 'src', 'index.ts')).href)) as { parse: Parse }).parse : undefined;
  let checksum = 0;
  const target = new Uint8Array(g.bytes.length);
  const COPIES = g.bytes.length < 16 << 20 ? SMALL_FILE_COPIES : 1;
  const paths: [string, () => unknown][] = [
    // memcpy as CPU time in the same rounds (wall time under load is meaningless): ×10, divided below.
    ['memcpy', () => { for (let k = 0; k < COPIES; k++) target.set(g.bytes); }],
    ['memcpy fresh', () => { for (let k = 0; k < COPIES; k++) checksum += new Uint8Array(g.bytes.length).set(g.bytes) ?? 0; }],
    ['floor', () => (checksum += runFloor(format, jobs, src))],
    ['wasm', () => parse(g.bytes, { ...options, kernels: 'wasm' })],
    ['js', () => parse(g.bytes, { ...options, kernels: 'js' })],
    ...(old ? ([['old wasm', () => old(g.bytes, { ...options, kernels: 'wasm' })], ['old js', () => old(g.bytes, { ...options, kernels: 'js' })]] as [string, () => unknown][]) : []),
  ];
  const ms = await interleavedCpu(paths, runs);
  const [copy, fresh] = [ms[0] / COPIES, ms[1] / COPIES];
  const floor = ms[2];
  const outBytes = jobs.reduce((s, j) => s + j.length * new j.ctor(0).BYTES_PER_ELEMENT, 0);
  const cells = paths.slice(3).map(([name], i) => `${name} ${fmt(ms[i + 3])} ms (${fmt(ms[i + 3] / floor)}× floor, 1/${fmt(ms[i + 3] / copy, 1)} memcpy)`);
  const wall = timeCopy(g.bytes).preallocated;
  console.log(
    `${format} ${g.kind}: ${(g.bytes.length / 1048576).toFixed(1)} MB in, ${(outBytes / 1048576).toFixed(1)} MB out in ${jobs.length} arrays; ` +
      `memcpy ${fmt(copy, 2)} ms CPU (wall ${fmt(wall, 2)}; into fresh memory ${fmt(fresh, 2)}), floor ${fmt(floor)} ms (1/${fmt(floor / copy, 1)} memcpy); ${cells.join(', ')}${checksum === -1 ? '' : ''}`,
  );
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
