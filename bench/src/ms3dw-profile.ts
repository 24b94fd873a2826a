// Profile the MS3D writer with line numbers: `node --cpu-prof --cpu-prof-dir=DIR --import tsx
// src/ms3dw-profile.ts [static|skinned] [--rounds=40] [--dist]`. tsx strips the sources' lines, so
// `--dist` writes with @relic3d/ms3d's build (rebuild it first: `cd packages/ms3d && npx tsup`), whose
// profile names lines; without it, the sources (as write-profile.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const [kind = 'skinned'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
await ready();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['ms3d'])).find((g) => (g.kind ?? 'static') === kind)!;
const scene = await formats.find((f) => f.id === 'ms3d')!.parse(input.bytes, parseOptionsOf(input));
const source = 'dist' in flags ? '@relic3d/ms3d' : pathToFileURL(path.resolve(import.meta.dirname, '../../packages/ms3d/src/index.ts')).href;
const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>).writeMs3d;
const rounds = Number(flags.rounds ?? 40);
const t = performance.now();
for (let r = 0; r < rounds; r++) write(scene, { name: 'bench' });
console.log(`ms3d ${kind}: ${((performance.now() - t) / rounds).toFixed(1)} ms per write`);
