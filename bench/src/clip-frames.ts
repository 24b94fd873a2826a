// Core's sampleClipFrames on the skinned O3D's four clips (as its writer samples them: 30 fps, the scene's
// rest read once) against an older build of core (issue 25): main-thread CPU ms per four clips, medians of
// interleaved rounds, and whether both give the same bits. `node --import tsx src/clip-frames.ts
// --old-core=DIR [--runs=200]`, DIR holding an older core's package.json and dist (e.g. copied before a change).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { restTRS, sampleClipFrames, writeBudget, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (!flags['old-core']) throw new Error('--old-core=DIR is required');
const old = (await import(pathToFileURL(path.resolve(flags['old-core'], 'dist/index.js')).href)) as typeof import('@relic3d/core');
await ready();
const parsers = await loadParsers();
const input = benchInputs(50, 60000, new Set(['o3d'])).find((g) => g.kind === 'skinned')!;
const scene: Scene = await parsers.o3d!(input.bytes, parseOptionsOf(input));
const options = { format: 'o3d', budget: writeBudget(scene), rest: restTRS(scene) };
const paths = [['new', sampleClipFrames], ['old', old.sampleClipFrames]] as const;
const cpu: number[][] = [[], []];
const runs = Number(flags.runs ?? 200);
for (let r = 0; r < runs + 10; r++) {
  paths.forEach(([, sample], i) => {
    const t = threadCpuMs();
    for (const clip of scene.animations) sample(scene, clip, 30, options);
    if (r >= 10) cpu[i].push(threadCpuMs() - t);
  });
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
const bits = (s: ReturnType<typeof sampleClipFrames>) => [s.times, s.translation, s.rotation, s.scale, s.driven].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
const same = scene.animations.every((clip) => {
  const a = bits(sampleClipFrames(scene, clip, 30, options)), b = bits(old.sampleClipFrames(scene, clip, 30, options));
  return a.every((x, k) => x.equals(b[k]));
});
console.log(`sampleClipFrames, ${scene.animations.length} clips of the skinned O3D, main-thread CPU ms: new ${median(cpu[0]).toFixed(2)}, old ${median(cpu[1]).toFixed(2)} (old ÷ new ${(median(cpu[1]) / median(cpu[0])).toFixed(2)}); same bits: ${same}; load ${os.loadavg()[0].toFixed(1)}`);
