// unweld on rows crafted to share one hash (issue 25, no hang on crafted input): k rows shaped as
// MS3D's hash rows (file vertex 0, then normal xyz, u, v as finite float bits) that all have one
// FNV hash (`@relic3d/fixtures/unweld-collisions`), through `unweld` and through `unweldByVertex`
// (all on one file vertex: its chains run out and it hands the rows to `unweld`), WASM SIMD and
// the TypeScript twin, this build against another (`--old=DIR`, a kernels dist, e.g.
// /work/base11/packages/kernels/dist) in the same rounds. CPU µs per row: flat when linear,
// growing with k when quadratic. Each path's result is checked against the twin's first.
// `node --expose-gc --import tsx src/unweld-hostile.ts [--old=DIR] [--ks=12,14,16] [--rounds=3]`
import os from 'node:os';
import { finiteFloatBits, sameHashRows } from '@relic3d/fixtures/unweld-collisions';
import * as kernels from '../../packages/kernels/src/index.js';
import { cpuMs, fmt } from './timing.js';

type Kernels = Pick<typeof kernels, 'ready' | 'unweld' | 'unweldByVertex'>;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const ks = (flags.ks ?? '12,14,16').split(',').map(Number);
const rounds = Number(flags.rounds ?? 3);
const builds: [string, Kernels][] = [['new', kernels]];
if (flags.old) builds.push(['old', (await import(`${flags.old}/index.js`)) as Kernels]);
for (const [, k] of builds) await k.ready();

const floatWord = (random: () => number) => {
  const f = new Float32Array(1);
  f[0] = random() * 2 - 1;
  return new Uint32Array(f.buffer)[0];
};
const WIDTH = 6;
const load = os.loadavg();
console.log(`crafted rows (width ${WIDTH}, one hash); CPU µs per row, best of ${rounds} interleaved rounds`);
for (const log2 of ks) {
  const n = 1 << log2;
  const rows = sameHashRows(n, WIDTH, { lead: [0], word: floatWord, accept: finiteFloatBits });
  const primary = new Uint32Array(n);
  const keys = new Uint32Array(n * (WIDTH - 1));
  for (let c = 0; c < n; c++) keys.set(rows.subarray(c * WIDTH + 1, (c + 1) * WIDTH), c * (WIDTH - 1));
  const paths: [string, () => kernels.UnweldResult][] = [];
  for (const [name, k] of builds) {
    paths.push([`${name} unweld wasm`, () => k.unweld(rows, WIDTH, n, { variant: 'simd' })]);
    paths.push([`${name} unweld ts`, () => k.unweld(rows, WIDTH, n, { kernels: 'js' })]);
    paths.push([`${name} byVertex wasm`, () => k.unweldByVertex(primary, 1, keys, WIDTH - 1, { variant: 'simd' })]);
    paths.push([`${name} byVertex ts`, () => k.unweldByVertex(primary, 1, keys, WIDTH - 1, { kernels: 'js' })]);
  }
  const best = paths.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    paths.forEach(([name, fn], i) => {
      const start = cpuMs();
      const got = fn();
      best[i] = Math.min(best[i], cpuMs() - start);
      if (got.vertexCount !== n || got.indices[n - 1] !== n - 1) throw new Error(`${name}: ${got.vertexCount} vertices for ${n} distinct rows`);
    });
  }
  console.log(`k = 2^${log2}: ` + paths.map(([name], i) => `${name} ${fmt((best[i] * 1000) / n, 3)}`).join(', '));
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
