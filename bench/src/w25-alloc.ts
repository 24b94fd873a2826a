// Where a writer allocates (issue 25, w25): V8's sampling heap profiler with the objects minor and
// major GCs collected kept in, summed per allocating function, over `--rounds` writes of the bench's
// skinned (or static) input. `node --import tsx src/w25-alloc.ts FORMAT [skinned|static] [--rounds=20] [--top=25]`
// (FORMAT lod, ms3d or o3d; the writer from the package's sources, or `--folder=NAME`'s copy; MB per write,
// largest first). `--gc-count`: no profiler, only the GCs V8 reports during the writes.
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';

interface SampleNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: SampleNode[] }

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const [format = 'lod', kind = 'skinned'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
await ready();
const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set([format])).find((g) => (g.kind ?? 'static') === kind)!;
const scene = await formats.find((f) => f.id === format)!.parse(input.bytes, parseOptionsOf(input));
const WRITERS: Record<string, string> = { lod: 'writeLod', ms3d: 'writeMs3d', o3d: 'writeO3d' };
const source = pathToFileURL(path.resolve(import.meta.dirname, '../../packages', format, flags.folder ?? '.', 'src/index.ts')).href;
const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>)[WRITERS[format]];
for (let r = 0; r < 3; r++) write(scene, { name: 'bench' });
const rounds = Number(flags.rounds ?? 20);
if ('gc-count' in flags) {
  // No profiler: the garbage collections V8 reports while the writes run (minor = scavenges).
  const kinds = new Map<number, number>();
  const kindOf = (e: PerformanceEntry) => (e as unknown as { detail: { kind: number } }).detail.kind;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => kinds.set(kindOf(e), (kinds.get(kindOf(e)) ?? 0) + 1)));
  observer.observe({ entryTypes: ['gc'] });
  for (let r = 0; r < rounds; r++) write(scene, { name: 'bench' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const minor = kinds.get(constants.NODE_PERFORMANCE_GC_MINOR) ?? 0, major = kinds.get(constants.NODE_PERFORMANCE_GC_MAJOR) ?? 0;
  console.log(`${format} ${kind} (${flags.folder ?? '.'}): ${rounds} writes, ${minor} minor and ${major} major GCs`);
  process.exit(0);
}
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (let r = 0; r < rounds; r++) write(scene, { name: 'bench' });
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampleNode } };
const bytes = new Map<string, number>();
let all = 0;
const walk = (n: SampleNode) => {
  if (n.selfSize) {
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + n.selfSize);
    all += n.selfSize;
  }
  n.children.forEach(walk);
};
walk(profile.head);
console.log(`${format} ${kind}: ${(all / rounds / 1e6).toFixed(2)} MB sampled per write`);
for (const [key, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top ?? 25))) console.log(`${(n / rounds / 1e6).toFixed(2).padStart(7)} MB  ${key}`);
