// Profile one writer: `node --cpu-prof --cpu-prof-dir=DIR --import tsx src/write-profile.ts FORMAT [static|skinned] [--mb=2] [--rounds=5]`
// parses the bench input once and writes it `rounds` times with the writer of the package's sources
// (not its dist), so the profile is the writer's and needs no build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const [format = 'lod', kind = 'skinned'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
await ready();
const input = benchInputs(Number(flags.mb ?? 2), 60000, new Set([format])).find((g) => g.kind === kind)!;
const scene = await formats.find((f) => f.id === format)!.parse(input.bytes, parseOptionsOf(input));
const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages', format, 'src/index.ts')).href;
const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>)[WRITERS[format]];
const t = performance.now();
for (let r = 0; r < Number(flags.rounds ?? 5); r++) write(scene, { name: 'bench' });
console.log(`${format} ${kind}: ${((performance.now() - t) / Number(flags.rounds ?? 5)).toFixed(1)} ms per write`);
