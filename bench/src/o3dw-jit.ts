// The O3D writer's JIT across forced GCs, as the write bench runs it: `node --expose-gc --trace-opt
// --trace-deopt --import tsx src/o3dw-jit.ts [static|skinned] [--rounds=5] [--dist]` runs write.ts's
// `writeBench` on one O3D input (the writer of packages/o3d/src, or the build with `--dist`) and prints
// `=== write n` before each write, so a trace shows what V8 deoptimises and compiles again write after
// write. Issue 25: each parse's nodes had maps of their own, and sampleRelative/frameWorlds, which read
// them, were compiled again (73–126 ms of compiler thread each) until the clip loops read integer arrays.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { writers } from '@relic3d/formats';
import { benchInputs } from './inputs.js';
import { writeBench } from './write.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const kind = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'skinned';
const inputs = benchInputs(Number(flags.mb ?? 50), 60000, new Set(['o3d'])).filter((g) => (g.kind ?? 'static') === kind);
type Write = (scene: Scene, options: { name: string }) => WriteResult;
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages/o3d/src/index.ts')).href;
const write: Write = 'dist' in flags ? (s, o) => writers.find((w) => w.id === 'o3d')!.write(s, o) : ((await import(source)) as { writeO3d: Write }).writeO3d;
let n = 0;
await writeBench(inputs, Number(flags.rounds ?? 5), console.log, { writerOf: async () => (s, o) => (console.log(`=== write ${n++}`), write(s, o)) }, 1);
