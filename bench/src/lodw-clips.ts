// The LOD writer's clips (`buildAnimations`) on the bench's skinned input, this copy against an older
// copy of the sources in the same rounds: `node --expose-gc --import tsx src/lodw-clips.ts --old=NAME
// [--runs=15] [--process]` (packages/lod/NAME/src, untracked). Main-thread CPU ms (process with
// `--process`), medians of interleaved rounds, each after a forced GC; checks both wrote the same frames.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WarningSink, codePageEncoder, writeBudget, type Scene } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { fmt, interleavedCpu } from './timing.js';

interface Writer {
  buildAnimations(ctx: unknown, rig: unknown): { data: Float32Array }[];
  buildRig(scene: Scene, sink: WarningSink): unknown;
  contextOf(scene: Scene): unknown;
}

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
async function writerOf(folder: string): Promise<Writer> {
  const at = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, '../../packages/lod', folder, 'src/write', file)).href;
  const animation = (await import(at('animation.ts'))) as Pick<Writer, 'buildAnimations'>;
  const rig = (await import(at('rig.ts'))) as Pick<Writer, 'buildRig'>;
  const axes = (await import(at('axes.ts'))) as { writeAxisFor(up: 'y' | 'z'): unknown };
  const context = (await import(at('context.ts'))) as { readFromLod(s: Scene): unknown; readUpAxis(s: Scene): 'y' | 'z'; restageFor(s: Scene, axis: unknown): unknown };
  const contextOf = (scene: Scene) => {
    const axis = axes.writeAxisFor(context.readUpAxis(scene));
    return { scene, options: {}, sink: new WarningSink('lod'), axis, encoder: codePageEncoder('windows-1251'), base: 'bench', files: {}, fromLod: context.readFromLod(scene), restage: context.restageFor(scene, axis), budget: writeBudget(scene) };
  };
  return { ...animation, ...rig, contextOf };
}

await ready();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod'])).find((g) => g.kind === 'skinned')!;
const scene = await formats.find((f) => f.id === 'lod')!.parse(input.bytes, parseOptionsOf(input));
const load = os.loadavg()[0];
const folders = ['.', flags.old ?? 'base'];
const writers = await Promise.all(folders.map(writerOf));
const rigs = writers.map((w) => w.buildRig(scene, new WarningSink('lod')));
const clips = writers.map((w, i) => () => w.buildAnimations(w.contextOf(scene), rigs[i]));
const [a, b] = clips.map((run) => run());
const same = a.length === b.length && a.every((x, i) => Buffer.from(x.data.buffer).equals(Buffer.from(b[i].data.buffer)));
const ms = await interleavedCpu(folders.map((f, i) => [f, clips[i]] as const), Number(flags.runs ?? 15), 2, { cpu: 'process' in flags ? 'process' : 'thread' });
console.log(`clips CPU ms: new ${fmt(ms[0], 1)}, ${folders[1]} ${fmt(ms[1], 1)} (new ÷ old ${fmt(ms[0] / ms[1])}); same frames ${same}; load ${fmt(load, 1)} → ${fmt(os.loadavg()[0], 1)}`);
