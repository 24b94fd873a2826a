// What bounds the LOD writer's clips on the bench's skinned LOD input (48 bones, 4 clips of 662
// frames: 127,104 bone frames per write): the whole clip build against what the format demands of
// each bone frame with V8's bits, step by step — the two cursor samples alone; plus the normalise,
// the axis change and the Euler conversion (two hypots, three atan2, a sin and a cos); and the Euler
// conversion alone on quaternions sampled beforehand. Main-thread CPU ms, best and median of
// interleaved rounds. `node --import tsx src/lod-write-clip-floor.ts [--rounds=7]`
import os from 'node:os';
import { WarningSink, codePageEncoder, math, writeBudget, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { buildAnimations } from '../../packages/lod/src/write/animation.js';
import { writeAxisFor } from '../../packages/lod/src/write/axes.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext } from '../../packages/lod/src/write/context.js';
import { BoneSampler } from '../../packages/lod/src/write/pose.js';
import { buildRig } from '../../packages/lod/src/write/rig.js';
import { clipTiming } from '../../packages/lod/src/write/timing.js';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, median, threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();
const g = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod'])).find((x) => x.kind === 'skinned')!;
const scene: Scene = await parsers.lod!(g.bytes, parseOptionsOf(g));
const contextOf = (): WriteContext => {
  const axis = writeAxisFor(readUpAxis(scene));
  return { scene, options: {}, sink: new WarningSink('lod'), axis, encoder: codePageEncoder('windows-1251'), base: 'b', files: {}, fromLod: readFromLod(scene), restage: restageFor(scene, axis), budget: writeBudget(scene) };
};
const ctx = contextOf();
const rig = buildRig(scene, ctx.sink);
const sampler = new BoneSampler(scene, rig);
const clips = scene.animations.map((clip) => ({ timing: clipTiming(clip), tracks: sampler.directTracks(clip) }));
const bones = rig.bones.length;
const boneFrames = clips.reduce((s, c) => s + c.timing.frames, 0) * bones;
const v = new Float32Array(4), q = new Float64Array(4), turned = new Float64Array(4), e = new Float64Array(3);
const sampled = new Float64Array(boneFrames * 4);
let sink = 0;

/** Every bone frame of every clip: `each(t cursor sample, q cursor sample)` per bone and frame. */
function everyBoneFrame(each: () => void, rotate: boolean): void {
  for (const { timing, tracks } of clips) {
    for (let b = 0; b < bones; b++) {
      const tc = tracks.t[b], qc = tracks.q[b];
      for (let f = 0; f < timing.frames; f++) {
        const time = timing.timeOf(f);
        if (tc) tc.sample(time, v), (sink += v[0]);
        if (qc && rotate) qc.sample(time, v), each();
      }
    }
  }
}
const paths: [string, () => void][] = [
  ['clips (buildAnimations)', () => void buildAnimations(contextOf(), rig)],
  ['samples only', () => everyBoneFrame(() => void (sink += v[3]), true)],
  ['samples + normalise + axis + Euler', () => everyBoneFrame(() => {
    math.quatNormalizeInto(v, q, 0);
    math.eulerXYZFromQuatInto(ctx.axis.quatInto(q, turned, 0), e, 0);
    sink += e[0];
  }, true)],
  ['Euler alone', () => {
    for (let i = 0; i < sampled.length; i += 4) math.eulerXYZFromQuatInto(sampled.subarray(i, i + 4), e, 0), (sink += e[0]);
  }],
];
{
  let at = 0;
  everyBoneFrame(() => {
    math.quatNormalizeInto(v, q, 0);
    sampled.set(ctx.axis.quatInto(q, turned, 0), at);
    at += 4;
  }, true);
}
const samples = paths.map((): number[] => []);
const load = os.loadavg();
for (let r = -1; r < Number(flags.rounds ?? 7); r++) {
  for (let k = 0; k < paths.length; k++) {
    const i = (k + r + 1) % paths.length;
    const t = threadCpuMs();
    paths[i][1]();
    if (r >= 0) samples[i].push(threadCpuMs() - t);
  }
}
console.log(`lod skinned: ${bones} bones, ${clips.length} clips, ${boneFrames} bone frames per write`);
console.log(['| step | CPU ms (best / median) | ns per bone frame (median) | of the clips |', '|:--|--:|--:|--:|'].join('\n'));
const whole = median(samples[0]);
paths.forEach(([name], i) => console.log(`| ${name} | ${fmt(Math.min(...samples[i]), 1)} / ${fmt(median(samples[i]), 1)} | ${fmt((median(samples[i]) * 1e6) / boneFrames, 0)} | ${fmt(median(samples[i]) / whole)} |`));
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}${sink === 0.5 ? ' ' : ''}`);
