// A writer run `--rounds` times on the bench's skinned (or static) input, for counting under `perf stat`
// (issue 25, w25: instructions do not follow the machine's load as CPU time does). `perf stat -e
// instructions:u node --import tsx src/w25-instr.ts FORMAT [skinned|static] --folder=NAME [--rounds=40]
// [--none]`: NAME's copy of the writer (packages/<format>/NAME/src; `.` the sources); `--none` parses
// and loads but writes nothing, the count to subtract.
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
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set([format])).find((g) => (g.kind ?? 'static') === kind)!;
const scene = await formats.find((f) => f.id === format)!.parse(input.bytes, parseOptionsOf(input));
const WRITERS: Record<string, string> = { lod: 'writeLod', ms3d: 'writeMs3d' };
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages', format, flags.folder ?? '.', 'src/index.ts')).href;
const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>)[WRITERS[format]];
if (!('none' in flags)) for (let r = 0; r < Number(flags.rounds ?? 40); r++) write(scene, { name: 'bench' });
