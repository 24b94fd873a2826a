// The floor of a write (issue 25), built as the parse floors were (parse-floor-*.ts): the work no
// writer of the file can skip, with no writer logic (no planning, welding, checks or warnings):
// - the output bytes: one fresh buffer of the written size, in which every vertex float the written
//   file holds is converted from the scene's arrays (Z mirror on xyz triples), the rest copied;
// - the resampling: every joint channel sampled (core's ChannelCursor, no search per frame) at
//   every key time the written file holds (read back with the format's own reader), and each key
//   converted to what the format stores: Euler angles (3 atan2 and a square root, LOD and MS3D) or
//   a quaternion and a position (O3D, MDL).
// Printed against the real write and parse, CPU ms, medians of interleaved rounds:
//   node --expose-gc --import tsx src/write-floor.ts [formats…] [--static] [--runs=5]
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ChannelCursor, type AnimationChannel, type Scene, type WriteResult } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf, resolverOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu } from './timing.js';

type Write = (scene: Scene, options: { name: string }) => WriteResult;
const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
/** Formats whose rotation keys are Euler angles. */
const EULER = new Set(['lod', 'ms3d']);

/** What the floor does for one written file, found once outside the timed work. */
interface FloorPlan {
  outputBytes: number;
  /** Source arrays of the written vertex floats, each with how many floats the written file holds from it. */
  vertexSources: { values: Float32Array; floats: number; mirror: boolean }[];
  /** Per written key track: the scene channel it samples and the written key times. */
  tracks: { channel: AnimationChannel; times: Float32Array; rotation: boolean }[];
  euler: boolean;
}

/** The vertex floats and key tracks the written file holds, from its read-back scene, paired with the source scene's arrays. */
function planFloor(format: string, scene: Scene, written: Scene, outputBytes: number): FloorPlan {
  const sourceOf = (name: string) => scene.meshes.flatMap((m) => m.primitives.map((p) => (p.attributes as unknown as Record<string, unknown>)[name])).find((a): a is Float32Array => a instanceof Float32Array);
  const vertexSources: FloorPlan['vertexSources'] = [];
  for (const mesh of written.meshes) {
    for (const p of mesh.primitives) {
      for (const [name, a] of Object.entries(p.attributes)) {
        const values = sourceOf(name) ?? sourceOf('POSITION');
        if (a && values) vertexSources.push({ values, floats: a.length, mirror: name === 'POSITION' || name === 'NORMAL' });
      }
    }
  }
  const byName = new Map<string, AnimationChannel[]>();
  for (const clip of scene.animations) for (const c of clip.channels) if (c.path === 'rotation' || c.path === 'translation') byName.set(`${scene.nodes[c.node]?.name}/${c.path}`, [...(byName.get(`${scene.nodes[c.node]?.name}/${c.path}`) ?? []), c]);
  const anyOf = (p: string) => scene.animations.flatMap((a) => a.channels).find((c) => c.path === p);
  const tracks: FloorPlan['tracks'] = [];
  for (const clip of written.animations) {
    for (const c of clip.channels) {
      if (c.path !== 'rotation' && c.path !== 'translation') continue;
      const channel = byName.get(`${written.nodes[c.node]?.name}/${c.path}`)?.[0] ?? anyOf(c.path);
      if (channel) tracks.push({ channel, times: c.times, rotation: c.path === 'rotation' });
    }
  }
  return { outputBytes, vertexSources, tracks, euler: EULER.has(format) };
}

/** The floor's work; returns a checksum so no output is dead. */
function runFloor(plan: FloorPlan, input: Uint8Array): number {
  const out = new Uint8Array(plan.outputBytes);
  const f32 = new Float32Array(out.buffer, 0, plan.outputBytes >> 2);
  let at = 0;
  for (const { values, floats, mirror } of plan.vertexSources) {
    // In runs of the source's length (a written file may hold more vertices than the scene: splits).
    for (let left = Math.min(floats, f32.length - at); left > 0; ) {
      const n = Math.min(left, values.length);
      if (mirror) {
        for (let i = 0; i + 2 < n; i += 3) (f32[at + i] = values[i]), (f32[at + i + 1] = values[i + 1]), (f32[at + i + 2] = 0 - values[i + 2]);
      } else f32.set(values.subarray(0, n), at);
      (at += n), (left -= n);
    }
  }
  const v = new Float32Array(4);
  for (const { channel, times, rotation } of plan.tracks) {
    const cursor = new ChannelCursor(channel, rotation ? 4 : 3);
    const width = rotation ? (plan.euler ? 3 : 4) : 3;
    const n = Math.min(times.length, Math.floor((f32.length - at) / width));
    for (let k = 0; k < n; k++, at += width) {
      cursor.sample(times[k], v);
      if (!rotation) (f32[at] = v[0]), (f32[at + 1] = v[1]), (f32[at + 2] = 0 - v[2]);
      else if (!plan.euler) (f32[at] = v[0]), (f32[at + 1] = v[1]), (f32[at + 2] = 0 - v[2]), (f32[at + 3] = v[3]);
      else {
        // Euler XYZ of a unit quaternion: the cheapest exact form (three atan2).
        const x = v[0], y = v[1], z = v[2], w = v[3];
        const r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + w * z);
        f32[at] = Math.atan2(2 * (y * z + w * x), 1 - 2 * (x * x + y * y));
        f32[at + 1] = Math.atan2(-2 * (x * z - w * y), Math.sqrt(r00 * r00 + r10 * r10));
        f32[at + 2] = Math.atan2(r10, r00);
      }
    }
  }
  // The rest of the file (headers, indices, names) as a copy.
  const rest = plan.outputBytes - at * 4;
  for (let o = at * 4; o < plan.outputBytes; o += input.length) out.set(input.subarray(0, Math.min(input.length, plan.outputBytes - o)), o);
  return out[out.length - 1] + rest;
}

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['ms3d', 'o3d', 'mdl', 'lod']);
const inputs = benchInputs(Number(flags.mb ?? 50), 60000, formats).filter((g) => g.kind === ('static' in flags ? 'static' : 'skinned'));
await ready();
const parsers = await loadParsers();
const packages = path.resolve(import.meta.dirname, '../../packages');
const load = os.loadavg();
const rows: string[] = [];
for (const g of inputs) {
  const parse = parsers[g.format]!;
  const options = parseOptionsOf(g);
  const scene = await parse(g.bytes, options);
  const write = ((await import(pathToFileURL(path.resolve(packages, g.format, 'src/index.ts')).href)) as Record<string, Write>)[WRITERS[g.format]];
  const result = write(scene, { name: 'bench' });
  const [main] = Object.entries(result.files).filter(([n]) => n.toLowerCase().endsWith(`.${g.format}`));
  const companions = Object.fromEntries(Object.entries(result.files).filter(([n]) => n !== main[0]));
  const written = await parse(main[1], { fileName: main[0], ...(resolverOf({ companions }) ? { resolve: resolverOf({ companions }) } : {}) });
  const outputBytes = Object.values(result.files).reduce((n, f) => n + f.length, 0);
  const plan = planFloor(g.format, scene, written, outputBytes);
  const keys = plan.tracks.reduce((n, t) => n + t.times.length, 0);
  const [writeMs, floorMs, parseMs] = await interleavedCpu(
    [
      ['write', () => write(scene, { name: 'bench' })],
      ['floor', () => runFloor(plan, g.bytes)],
      ['parse', () => parse(g.bytes, options)],
    ],
    Number(flags.runs ?? 5),
  );
  rows.push(`| ${g.format} ${g.kind} | ${fmt(outputBytes / 1048576, 1)} | ${keys} | ${fmt(parseMs, 1)} | ${fmt(writeMs, 1)} | ${fmt(floorMs, 1)} | ${fmt(writeMs / parseMs)} | ${fmt(writeMs / floorMs)} | ${fmt(floorMs / parseMs)} |`);
  console.log(rows[rows.length - 1]);
}
console.log(['', '| input | output MB | keys | parse CPU ms | write CPU ms | floor CPU ms | write ÷ parse | write ÷ floor | floor ÷ parse |', '|:--|--:|--:|--:|--:|--:|--:|--:|--:|', ...rows].join('\n'));
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
