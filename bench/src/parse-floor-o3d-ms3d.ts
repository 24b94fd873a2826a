// The floor of an O3D or MS3D parse (issue 25): the work no parser of that file can avoid —
// allocating every typed array of its scene and filling each from input bytes with the per-element
// conversion it needs (Z flip, winding, joint palette lookup, quaternion normalisation, Euler →
// quaternion, key times) — with no parsing logic. Timed against a memcpy of the file and the parse
// itself (WASM and 'js' kernels), interleaved, CPU ms medians.
//   node --expose-gc --import tsx src/parse-floor-o3d-ms3d.ts [o3d] [ms3d] [--static] [--runs=9]
// The floor reads the input in order (the records are strided in the files, so it is a lower bound)
// and counts each shared array once, as the scene holds it once.
import os from 'node:os';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { readMs3d } from '@relic3d/ms3d';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuPerCall, fmt, interleavedCpu, timeCopy, type TimedPath } from './timing.js';

/** What one output array needs per element. */
type Fill =
  | 'copy' // f32 as stored
  | 'flipZ' // vec3, z negated (Direct3D → glTF)
  | 'joints' // u16 ids through a bone palette
  | 'winding' // triangle corners (a, c, b), u16 in
  | 'indices' // u16 in, as stored
  | 'times' // frame f at f / fps
  | 'quat' // xyzw normalised, x and y negated, short way from the previous key
  | 'euler' // three angles → quaternion (six sin/cos), times the bind rotation, normalised
  | 'offset'; // vec3 rotated by the bind rotation, plus the bind position

interface Job {
  fill: Fill;
  length: number;
  type: 'f32' | 'u16' | 'u32';
}

/** The scene's typed arrays (each once) and the fill each needs, for the format that made it. */
export function floorJobs(scene: Scene, format: 'o3d' | 'ms3d'): Job[] {
  const seen = new Set<ArrayBufferView>();
  const jobs: Job[] = [];
  const add = (a: Float32Array | Uint8Array | Uint16Array | Uint32Array | undefined, fill: Fill) => {
    if (!a || seen.has(a)) return;
    seen.add(a);
    jobs.push({ fill, length: a.length, type: a instanceof Float32Array ? 'f32' : a instanceof Uint32Array ? 'u32' : 'u16' });
  };
  const d3d = format === 'o3d';
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      for (const [name, a] of Object.entries(p.attributes)) {
        add(a, name === 'POSITION' || name === 'NORMAL' ? (d3d ? 'flipZ' : 'copy') : name.startsWith('JOINTS') ? 'joints' : 'copy');
      }
      add(p.indices, d3d ? 'winding' : 'indices');
    }
  }
  for (const skin of scene.skins) add(skin.inverseBindMatrices, 'copy');
  for (const clip of scene.animations) {
    for (const c of clip.channels) {
      add(c.times, d3d ? 'times' : 'copy');
      add(c.values, c.path === 'rotation' ? (d3d ? 'quat' : 'euler') : c.path === 'translation' ? (d3d ? 'flipZ' : 'offset') : 'copy');
    }
  }
  return jobs;
}

/** Aligned views of the input (the floor reads, it does not parse). */
function views(bytes: Uint8Array): { f32: Float32Array; u16: Uint16Array } {
  const start = (4 - (bytes.byteOffset & 3)) & 3;
  return {
    f32: new Float32Array(bytes.buffer, bytes.byteOffset + start, (bytes.length - start) >> 2),
    u16: new Uint16Array(bytes.buffer, bytes.byteOffset + start, (bytes.length - start) >> 1),
  };
}

const PALETTE = new Uint16Array(256).map((_, i) => i % 48);
const BX = 0.1, BY = 0.2, BZ = 0.3, BW = 0.927;

/** Fills out[from, to) from src[s…] (to − from ≤ what src holds past s); non-finite input as 0. */
function fillF32(fill: Fill, out: Float32Array, from: number, to: number, src: Float32Array, s: number): void {
  switch (fill) {
    case 'flipZ':
      for (let i = from; i + 2 < to; i += 3, s += 3) {
        const x = src[s], y = src[s + 1], z = src[s + 2];
        out[i] = x - x === 0 ? x : 0;
        out[i + 1] = y - y === 0 ? y : 0;
        out[i + 2] = z - z === 0 ? 0 - z : 0;
      }
      return;
    case 'times':
      for (let i = from; i < to; i++) out[i] = i / 30;
      return;
    case 'quat':
      for (let i = from; i + 3 < to; i += 4, s += 4) {
        const x = src[s], y = src[s + 1], z = src[s + 2], w = src[s + 3];
        const l = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
        let a = 0 - x / l, b = 0 - y / l, c = z / l, d = w / l;
        if (i > from && a * out[i - 4] + b * out[i - 3] + c * out[i - 2] + d * out[i - 1] < 0) {
          a = -a;
          b = -b;
          c = -c;
          d = -d;
        }
        out[i] = a;
        out[i + 1] = b;
        out[i + 2] = c;
        out[i + 3] = d;
      }
      return;
    case 'euler': {
      // sin/cos only when an axis's angle changes, as the parser does (tracks often hold an axis).
      let phx = NaN, phy = NaN, phz = NaN, cx = 1, sx = 0, cy = 1, sy = 0, cz = 1, sz = 0;
      for (let i = from; i + 3 < to; i += 4, s += 3) {
        const hx = src[s] / 2, hy = src[s + 1] / 2, hz = src[s + 2] / 2;
        if (hx !== phx) {
          phx = hx;
          cx = Math.cos(hx);
          sx = Math.sin(hx);
        }
        if (hy !== phy) {
          phy = hy;
          cy = Math.cos(hy);
          sy = Math.sin(hy);
        }
        if (hz !== phz) {
          phz = hz;
          cz = Math.cos(hz);
          sz = Math.sin(hz);
        }
        const kx = sx * cy * cz - cx * sy * sz, ky = cx * sy * cz + sx * cy * sz, kz = cx * cy * sz - sx * sy * cz, kw = cx * cy * cz + sx * sy * sz;
        const x = BW * kx + BX * kw + BY * kz - BZ * ky, y = BW * ky - BX * kz + BY * kw + BZ * kx;
        const z = BW * kz + BX * ky - BY * kx + BZ * kw, w = BW * kw - BX * kx - BY * ky - BZ * kz;
        const l = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
        out[i] = x / l;
        out[i + 1] = y / l;
        out[i + 2] = z / l;
        out[i + 3] = w / l;
      }
      return;
    }
    case 'offset':
      for (let i = from; i + 2 < to; i += 3, s += 3) {
        const v0 = src[s], v1 = src[s + 1], v2 = src[s + 2];
        const ix = BW * v0 + BY * v2 - BZ * v1, iy = BW * v1 + BZ * v0 - BX * v2, iz = BW * v2 + BX * v1 - BY * v0, iw = -BX * v0 - BY * v1 - BZ * v2;
        out[i] = 1 + ix * BW + iw * -BX + iy * -BZ - iz * -BY;
        out[i + 1] = 2 + iy * BW + iw * -BY + iz * -BX - ix * -BZ;
        out[i + 2] = 3 + iz * BW + iw * -BZ + ix * -BY - iy * -BX;
      }
      return;
    default:
      for (let i = from; i < to; i++, s++) {
        const x = src[s];
        out[i] = x - x === 0 ? x : 0;
      }
  }
}

function fillU16(fill: Fill, out: Uint16Array | Uint32Array, from: number, to: number, src: Uint16Array, s: number): void {
  if (fill === 'winding') {
    for (let i = from; i + 2 < to; i += 3, s += 3) {
      out[i] = src[s];
      out[i + 1] = src[s + 2];
      out[i + 2] = src[s + 1];
    }
  } else if (fill === 'joints') for (let i = from; i < to; i++, s++) out[i] = PALETTE[src[s] & 255];
  else for (let i = from; i < to; i++, s++) out[i] = src[s];
}

/** Allocates and fills every job's array, reading the input in order (from its start again when it runs out); returns a checksum. */
export function runFloor(jobs: Job[], bytes: Uint8Array, angles?: Float32Array): number {
  const { f32, u16 } = views(bytes);
  let sf = 0, sh = 0, sa = 0, sum = 0;
  // Input elements one output element takes (Euler keys: 3 angles per quaternion).
  const ratio = (fill: Fill) => (fill === 'euler' ? 0.75 : fill === 'times' ? 0 : 1);
  for (const job of jobs) {
    const n = job.length;
    const chunk = 1 << 20; // elements per step: a multiple of 3 and 4, within any input here
    const out = job.type === 'f32' ? new Float32Array(n) : job.type === 'u32' ? new Uint32Array(n) : new Uint16Array(n);
    for (let from = 0; from < n; from += chunk * 3) {
      const to = Math.min(n, from + chunk * 3);
      if (out instanceof Float32Array && job.fill === 'euler' && angles) {
        // The file's own angles, so that the sin/cos skipped for a held axis are the parser's.
        const need = Math.ceil((to - from) * 0.75);
        if (sa + need > angles.length) sa = 0;
        fillF32(job.fill, out, from, to, angles, sa);
        sa += need;
      } else if (out instanceof Float32Array) {
        const need = Math.ceil((to - from) * ratio(job.fill));
        if (sf + need > f32.length) sf = 0;
        fillF32(job.fill, out, from, to, f32, sf);
        sf += need;
      } else {
        if (sh + (to - from) > u16.length) sh = 0;
        fillU16(job.fill, out, from, to, u16, sh);
        sh += to - from;
      }
    }
    sum += out[n - 1] ?? 0;
  }
  return sum;
}

/** Every MS3D rotation key's three angles, in file order (the Euler fill's input). */
function rotationAngles(bytes: Uint8Array): Float32Array {
  const joints = readMs3d(bytes).joints;
  const out = new Float32Array(joints.reduce((n, j) => n + (j.rotationKeys.length / 4) * 3, 0));
  let o = 0;
  for (const j of joints) for (let k = 0; k < j.rotationKeys.length; k += 4) out.set(j.rotationKeys.subarray(k + 1, k + 4), (o += 3) - 3);
  return out;
}

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['o3d', 'ms3d']);
const runs = Number(flags.runs ?? 9);
await ready();
const parsers = await loadParsers();
const load = os.loadavg();
for (const g of benchInputs(50, 60000, formats).filter((i) => i.kind === 'skinned' || 'static' in flags)) {
  const format = g.format as 'o3d' | 'ms3d';
  const parse = parsers[format]!;
  const options = parseOptionsOf(g);
  const jobs = floorJobs(await parse(g.bytes, options), format);
  const angles = format === 'ms3d' ? rotationAngles(g.bytes) : undefined;
  const outBytes = jobs.reduce((n, j) => n + j.length * (j.type === 'u16' ? 2 : 4), 0);
  const copy = timeCopy(g.bytes).preallocated;
  const paths: TimedPath[] = [
    ['floor', () => runFloor(jobs, g.bytes, angles), cpuPerCall],
    ['wasm', () => parse(g.bytes, { ...options, kernels: 'wasm' })],
    ['js', () => parse(g.bytes, { ...options, kernels: 'js' })],
  ];
  const [floor, wasm, js] = await interleavedCpu(paths, runs, 1);
  console.log(
    `${format} ${g.kind}: ${(g.bytes.length / 1048576).toFixed(1)} MB in, ${(outBytes / 1048576).toFixed(1)} MB of scene arrays (${jobs.length}); ` +
      `memcpy ${fmt(copy, 2)} ms, floor ${fmt(floor, 2)} ms (1/${fmt(floor / copy, 1)} of memcpy), ` +
      `parse wasm ${fmt(wasm)} ms (1/${fmt(wasm / copy, 1)}, ${fmt(wasm / floor, 1)}× floor), js ${fmt(js)} ms (${fmt(js / floor, 1)}× floor); wasm speedup ${fmt(js / wasm)}×`,
  );
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
