// The LOD writer's JIT across forced GCs, as the write bench runs it: `node --expose-gc --trace-opt
// --trace-deopt --import tsx src/lodw-jit.ts [static|skinned] [--rounds=5] [--dist]` runs write.ts's
// `writeBench` on one LOD input (the writer of packages/lod/src, or the build with `--dist`) and prints
// `=== write n` before each write, so a trace shows what V8 deoptimises and compiles again write after
// write (issue 25, the skinned LOD write).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { writers } from '@relic3d/formats';
import { benchInputs } from './inputs.js';
import { writeBench } from './write.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const kind = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'skinned';
const inputs = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod'])).filter((g) => (g.kind ?? 'static') === kind);
type Write = (scene: Scene, options: { name: string }) => WriteResult;
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/lod/src/index.ts')).href;
const write: Write = 'dist' in flags ? (s, o) => writers.find((w) => w.id === 'lod')!.write(s, o) : ((await import(source)) as { writeLod: Write }).writeLod;
let n = 0;
await writeBench(inputs, Number(flags.rounds ?? 5), console.log, { writerOf: async () => (s, o) => (console.log(`=== write ${n++}`), write(s, o)) }, 1);
