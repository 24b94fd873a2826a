// The skinned writes (or `--kind=static`) timed as write.ts times them (a forced GC, two runs, the second
// kept: write-second-run.ts), with the process's CPU beside the main thread's: their gap is V8's compiler
// and GC threads. `node --expose-gc --import tsx src/write-skinned-cpu.ts FORMAT… [--folders=.,NAME]
// [--rounds=7] [--warmup=1] [--reparse] [--kind=static] [--mb=50]`: each folder's writer (packages/<format>/<folder>/src, `.` = the sources;
// an older copy as write-old.ts makes one) is timed in the same rounds as the parse. Under
// `--trace-opt --trace-deopt` it shows what V8 compiles again round after round (issue 25).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { secondRunCpu } from './write-second-run.js';
import os from 'node:os';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
await ready();
for (const format of named) {
  const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set([format])).find((g) => g.kind === (flags.kind ?? 'skinned'))!;
  const parse = () => formats.find((f) => f.id === format)!.parse(input.bytes, parseOptionsOf(input));
  let scene = await parse();
  // `--reparse`: each parse's scene is the one written next, as in write.ts (the parser's objects are new each round).
  const paths: [string, () => unknown][] = [['parse', 'reparse' in flags ? async () => (scene = await parse()) : parse]];
  for (const folder of (flags.folders ?? '.').split(',')) {
    const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages', format, folder, 'src/index.ts')).href;
    const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>)[WRITERS[format]];
    paths.push([folder, () => write(scene, { name: 'bench' })]);
  }
  const r = await secondRunCpu(paths, Number(flags.rounds ?? 7), Number(flags.warmup ?? 1));
  console.log(`${format} ${input.kind ?? 'static'}:`, paths.map(([n], i) => `${n}: process ${r.process[i].toFixed(1)} thread ${r.thread[i].toFixed(1)} (÷ parse ${(r.process[i] / r.process[0]).toFixed(2)} / ${(r.thread[i] / r.thread[0]).toFixed(2)})`).join('; '), 'load', os.loadavg()[0].toFixed(1));
}
