// What bounds the O3D static write (issue 25): the work its output forces, with no writer logic (no
// plan, checks, warnings, counting pass or rest box), on the bench's static input, against the parse
// and the real write. Per object, into ONE fresh buffer of the written size (its page faults are part
// of any writer that returns new bytes), every part at a word-aligned offset (a lower bound: the file's
// own offsets leave half the objects' parts 2 bytes off a word):
// - the weld's distinct-row detection: each written position's three words (z mirrored) hashed once
//   and put in an open table of 2^k ≥ 2n one-word slots (tag | entry), words compared on a tag match;
//   its list entries, map and box written as found (the file holds all three);
// - the NORMALVERTEX records (position, normal with z mirrored, uv), the WORD indices (a, c, b) and
//   the map, filled from the scene's arrays.
// Steps alone too: fresh pages only (one byte written per 4 KB page), the fills without the weld (the
// list as the positions, the map as 0, 1, 2…), the detection alone in memory already mapped.
// `node --expose-gc --import tsx src/o3d-write-floor.ts [--mb=50] [--runs=7]`: CPU ms (process, and the main thread's
// own), medians of the second run after a forced GC in interleaved rounds, as write.ts times (write-second-run.ts).
import os from 'node:os';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { writeO3d } from '../../packages/o3d/src/index.js';
import type { GeometryPlan } from '../../packages/o3d/src/write/plan.js';
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
const written = writeO3d(scene, { name: 'bench' }).files['bench.o3d'];

/** One object's source arrays (the bench's objects are one whole primitive each, in first-use order). */
interface FloorObject {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  triangles: Uint16Array | Uint32Array;
  count: number;
  faces: number;
}
const objects: FloorObject[] = staticPlans(scene).map((p: GeometryPlan) => {
  const span = p.spans[0];
  if (p.spans.length !== 1 || span.order || !span.source.normals || !span.source.uvs) throw new Error('the floor expects one in-order span with normals and UVs per object');
  return { positions: span.source.positions, normals: span.source.normals, uvs: span.source.uvs, triangles: span.triangles, count: p.vertexCount, faces: p.faceCount };
});
const most = Math.max(...objects.map((o) => o.count));
let size = 16;
while (size < most * 2) size <<= 1;
const table = new Int32Array(size);
const align4 = (n: number) => (n + 3) & ~3;
// Header 80 bytes, list, records, indices, map, physique count: as the file, each part word-aligned.
const bytesOf = (o: FloorObject) => 80 + o.count * 12 + o.count * 32 + align4(o.faces * 6) + align4(o.count * 2) + 4;
const outputBytes = Math.max(written.length, objects.reduce((n, o) => n + bytesOf(o), 0));
const mapped = new Uint8Array(outputBytes).fill(1);
let sink = 0;

const TAG = 0xffff0000 | 0;
const SIGN = 0x80000000 | 0;

/** The weld of one object into `list` (Int32 words), `map`, with the box: returns the list entries. */
function weld(o: FloorObject, list: Int32Array, map: Uint16Array, box: Float32Array): number {
  let slots = 16;
  while (slots < o.count * 2) slots <<= 1;
  const mask = slots - 1;
  table.fill(0, 0, slots);
  const p = o.positions;
  const bits = new Int32Array(p.buffer, p.byteOffset, p.length);
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  let unique = 0;
  for (let v = 0, v3 = 0; v < o.count; v++, v3 += 3) {
    const px = p[v3], py = p[v3 + 1], pz = 0 - p[v3 + 2];
    if (px < x0) x0 = px;
    if (px > x1) x1 = px;
    if (py < y0) y0 = py;
    if (py > y1) y1 = py;
    if (pz < z0) z0 = pz;
    if (pz > z1) z1 = pz;
    const x = bits[v3], y = bits[v3 + 1], zs = bits[v3 + 2];
    const z = (zs & ~SIGN) === 0 ? 0 : zs ^ SIGN;
    let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ (y >>> 15), 0x85ebca6b) ^ Math.imul(z ^ (z >>> 13), 0xc2b2ae35) ^ (x >>> 16);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h ^= h >>> 13;
    const tag = h & TAG;
    for (let slot = (h >>> 7) & mask; ; slot = (slot + 1) & mask) {
      const t = table[slot];
      if (t === 0) {
        table[slot] = tag | (unique + 1);
        const u3 = unique * 3;
        list[u3] = x;
        list[u3 + 1] = y;
        list[u3 + 2] = z;
        map[v] = unique++;
        break;
      }
      if ((t & TAG) !== tag) continue;
      const e3 = ((t & 0xffff) - 1) * 3;
      if (list[e3] === x && list[e3 + 1] === y && list[e3 + 2] === z) {
        map[v] = (t & 0xffff) - 1;
        break;
      }
    }
  }
  box[0] = x0, box[1] = y0, box[2] = z0, box[3] = x1, box[4] = y1, box[5] = z1;
  return unique;
}

/** The list as the positions (z mirrored) and the map as 0, 1, 2…: the fills without the weld. */
function noWeld(o: FloorObject, list: Float32Array, map: Uint16Array): number {
  const p = o.positions;
  for (let v3 = 0; v3 < o.count * 3; v3 += 3) {
    list[v3] = p[v3];
    list[v3 + 1] = p[v3 + 1];
    list[v3 + 2] = 0 - p[v3 + 2];
  }
  for (let v = 0; v < o.count; v++) map[v] = v;
  return o.count;
}

function records(o: FloorObject, f32: Float32Array): void {
  const { positions: p, normals: n, uvs: t } = o;
  for (let v = 0, v3 = 0, r = 0; v < o.count; v++, v3 += 3, r += 8) {
    f32[r] = p[v3];
    f32[r + 1] = p[v3 + 1];
    f32[r + 2] = 0 - p[v3 + 2];
    f32[r + 3] = n[v3];
    f32[r + 4] = n[v3 + 1];
    f32[r + 5] = 0 - n[v3 + 2];
    f32[r + 6] = t[v * 2];
    f32[r + 7] = t[v * 2 + 1];
  }
}

function indices(o: FloorObject, out: Uint16Array): void {
  const t = o.triangles;
  for (let k = 0; k < t.length; k += 3) {
    out[k] = t[k];
    out[k + 1] = t[k + 2];
    out[k + 2] = t[k + 1];
  }
}

/** Every object's parts into `bytes`: with the weld, or with the list and map as they come. */
function floor(bytes: Uint8Array, welded: boolean): void {
  const buffer = bytes.buffer as ArrayBuffer, view = new DataView(buffer);
  const box = new Float32Array(6);
  let at = 0;
  for (const o of objects) {
    const listAt = at + 80, recordsAt = listAt + o.count * 12, indicesAt = recordsAt + o.count * 32, mapAt = indicesAt + align4(o.faces * 6);
    const map = new Uint16Array(buffer, mapAt, o.count);
    const unique = welded ? weld(o, new Int32Array(buffer, listAt, o.count * 3), map, box) : noWeld(o, new Float32Array(buffer, listAt, o.count * 3), map);
    for (let k = 0; k < 6; k++) view.setFloat32(at + k * 4, box[k], true);
    view.setInt32(at + 64, unique, true);
    records(o, new Float32Array(buffer, recordsAt, o.count * 8));
    indices(o, new Uint16Array(buffer, indicesAt, o.faces * 3));
    at = mapAt + align4(o.count * 2) + 4;
  }
  sink += bytes[80];
}

const detectionOnly = () => {
  const list = new Int32Array(mapped.buffer, 0, most * 3), map = new Uint16Array(mapped.buffer, most * 12, most), box = new Float32Array(6);
  for (const o of objects) sink += weld(o, list, map, box);
};
const paths: [string, () => unknown][] = [
  ['parse', () => parsers.o3d!(g.bytes, parseOptionsOf(g))],
  ['write', () => writeO3d(scene, { name: 'bench' })],
  ['floor: fresh output, fills + weld', () => floor(new Uint8Array(outputBytes), true)],
  ['fresh output, fills without the weld', () => floor(new Uint8Array(outputBytes), false)],
  ['mapped output, fills + weld', () => floor(mapped, true)],
  ['weld alone (detection, list, map, box), mapped', detectionOnly],
  ['fresh pages alone (a byte per 4 KB)', () => {
    const fresh = new Uint8Array(outputBytes);
    for (let i = 0; i < fresh.length; i += 4096) fresh[i] = 1;
    sink += fresh[0];
  }],
];
const load = os.loadavg();
const runs = Number(flags.runs ?? 7);
const { process: cpu, thread } = await secondRunCpu(paths, runs);
const vertices = objects.reduce((n, o) => n + o.count, 0);
console.log(`o3d static floor: ${objects.length} objects, ${vertices} vertices, output ${fmt(outputBytes / 1048576, 1)} MB; CPU ms of the second run after a GC, medians of ${runs}`);
console.log(
  ['| step | process CPU ms | ÷ parse | ÷ floor | main thread ms | ÷ parse | ÷ floor |', '|:--|--:|--:|--:|--:|--:|--:|', ...paths.map(([name], i) => `| ${name} | ${fmt(cpu[i], 1)} | ${fmt(cpu[i] / cpu[0])} | ${fmt(cpu[i] / cpu[2])} | ${fmt(thread[i], 1)} | ${fmt(thread[i] / thread[0])} | ${fmt(thread[i] / thread[2])} |`)].join('\n'),
);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}${sink === 0.5 ? ' ' : ''}`);
