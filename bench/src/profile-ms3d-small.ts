// Profiles MS3D's parse or toGlb from the packages' sources on the small generated files (issue
// #25's slow set) or the skinned file, in a loop: `node --cpu-prof --import tsx
// src/profile-ms3d-small.ts [parse|export] [--seconds=10] [--set=small|skinned] [--gc]`, then
// `src/profile-summary.ts FILE --under=packages/`. `--gc`: a full GC before each pass over the set,
// as src/export.ts does before each round.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { smallGeneratedInputs } from './export.js';
import { generateSkinned } from './generate.js';
import { cpuMs, gc } from './timing.js';

const side = process.argv[2] ?? 'parse';
const args = Object.fromEntries(process.argv.slice(3).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
const sourceOf = async (pkg: string) => (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../packages', pkg, 'src/index.ts')).href)) as Record<string, unknown>;
const parse = (await sourceOf('ms3d')).parse as (bytes: Uint8Array, options?: { fileName?: string }) => Promise<Scene>;
const toGlb = (await sourceOf('gltf')).toGlb as (scene: Scene) => Promise<Uint8Array>;
await ready();
const inputs = args.set === 'skinned' ? [generateSkinned('ms3d', 60000)] : smallGeneratedInputs('ms3d');
const scenes = await Promise.all(inputs.map((i) => parse(i.bytes, { fileName: i.name })));
const until = cpuMs() + 1000 * Number(args.seconds ?? 10);
let n = 0;
while (cpuMs() < until) {
  if ('gc' in args) gc();
  for (let i = 0; i < inputs.length; i++, n++) {
    if (side === 'parse') await parse(inputs[i].bytes, { fileName: inputs[i].name });
    else await toGlb(scenes[i]);
  }
}
console.log(`${n} ${side} calls of ${inputs.length} files`);
