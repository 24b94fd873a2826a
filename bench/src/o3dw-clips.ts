// The skinned O3D write's clips alone (issue 25), against an older copy of the writer's sources: a
// context, the bones, and every clip's `.ani` body (sampling, keys) as `writeO3d` makes them, per
// folder (packages/o3d/<folder>/src; `.` = the sources, an older copy as write-old.ts makes one),
// in interleaved rounds, the main thread's CPU, no forced GC.
// `node --expose-gc --import tsx src/o3dw-clips.ts [--folders=.,base] [--runs=25] [--mb=50]`
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WarningSink, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu, type TimedPath } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const parsers = await loadParsers();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['o3d'])).find((g) => g.kind === 'skinned')!;
const scene: Scene = await parsers.o3d!(input.bytes, parseOptionsOf(input));
const folders = (flags.folders ?? '.,base').split(',');

type Module = Record<string, (...a: never[]) => unknown>;
const load = (folder: string, file: string) => import(pathToFileURL(path.resolve(import.meta.dirname, '../../packages/o3d', folder, 'src/write', file)).href) as Promise<Module>;
const paths: TimedPath[] = [];
for (const folder of folders) {
  const [context, skeleton, clips, sampling, motion] = await Promise.all(['context.ts', 'skeleton.ts', 'clips.ts', 'sampling.ts', 'motion.ts'].map((f) => load(folder, f)));
  const run = () => {
    const ctx = (context.createContext as (...a: unknown[]) => unknown)(scene, new WarningSink('o3d'), 'bench', 'euc-kr');
    const bones = (skeleton.collectBones as (c: unknown) => unknown)(ctx);
    const rest = (sampling.restLocals as (c: unknown) => unknown)(ctx);
    let keys = 0;
    for (const clip of scene.animations) {
      const ani = (motion.aniFile as (...a: unknown[]) => { motion: { poolSize: number } })(ctx, bones, (clips.clipTiming as (c: unknown) => unknown)(clip), rest);
      keys += ani.motion.poolSize;
    }
    return keys;
  };
  paths.push([folder, run]);
}
const keys = paths.map(([, run]) => run());
const cpu = await interleavedCpu(paths, Number(flags.runs ?? 25), 5, { forceGc: false, cpu: 'thread' });
console.log(`clips of the skinned O3D (${scene.animations.length} clips, ${keys[0]} bone keys each way: ${keys.join(' / ')}), main-thread CPU ms:`, paths.map(([n], i) => `${n} ${fmt(cpu[i])}`).join(', '), `(${paths.map(([n], i) => `${n} ÷ ${paths[0][0]} ${fmt(cpu[i] / cpu[0])}`).join(', ')}) load ${os.loadavg()[0].toFixed(1)}`);
