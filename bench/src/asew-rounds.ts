// What the ASE writer compiles again round after round (issue 25): `node --expose-gc --trace-opt
// --trace-deopt --import tsx src/asew-rounds.ts [static|skinned] [--rounds=8] [--mb=50] [--folder=.]
// [--reparse]`. Writes the bench input as write.ts does (a forced GC, two writes) and prints a
// `=== round N` line before each round, so the trace can be cut per round: a function compiled in
// every round after the first is code V8 lost in the GC (a map that died, a closure made per write).
// Without the trace flags it prints each round's main-thread and process CPU of the two writes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { cpuMs, gc, threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const [kind = 'skinned'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
await ready();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['ase'])).find((g) => (g.kind ?? 'static') === kind)!;
const parse = () => formats.find((f) => f.id === 'ase')!.parse(input.bytes, parseOptionsOf(input));
let scene: Scene = await parse();
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/ase', flags.folder ?? '.', 'src/index.ts')).href;
const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>).writeAse;
for (let r = 0; r < Number(flags.rounds ?? 8); r++) {
  console.log(`=== round ${r}`);
  if ('reparse' in flags) scene = await parse();
  gc();
  const times: string[] = [];
  for (let run = 0; run < 2; run++) {
    const c = cpuMs(), t = threadCpuMs();
    write(scene, { name: 'bench' });
    times.push(`thread ${(threadCpuMs() - t).toFixed(0)} process ${(cpuMs() - c).toFixed(0)}`);
  }
  console.log(`=== cpu ${times.join(' | ')}`);
}
console.log('=== end');
