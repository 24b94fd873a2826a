// Math.hypot against core's exact twin (math.hypot4, which MS3D and LOD keys and core's Euler conversion use), CPU ms for
// 1,000,000 four-argument calls, and core's Euler conversion on them, interleaved rounds, best of each:
// `node --import tsx src/lod-write-euler.ts [--rounds=5]`
import os from 'node:os';
import { math } from '@relic3d/core';
import { fmt, rng, threadCpuMs } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const random = rng(25);
const q = Float32Array.from({ length: 4_000_000 }, () => random() * 2 - 1);
const out = new Float64Array(3);
const timed = (fn: () => number): [number, number] => {
  const t = threadCpuMs();
  const r = fn();
  return [threadCpuMs() - t, r];
};
const paths: [string, () => number][] = [
  ['Math.hypot', () => { let s = 0; for (let i = 0; i < q.length; i += 4) s += Math.hypot(q[i], q[i + 1], q[i + 2], q[i + 3]); return s; }],
  ['hypot4', () => { let s = 0; for (let i = 0; i < q.length; i += 4) s += math.hypot4(q[i], q[i + 1], q[i + 2], q[i + 3]); return s; }],
  ['core eulerXYZFromQuatInto', () => { let s = 0; for (let i = 0; i < q.length; i += 4) math.eulerXYZFromQuatInto(q.subarray(i, i + 4), out, 0), (s += out[0]); return s; }],
];
const best = paths.map(() => Infinity);
const sums = paths.map(() => 0);
const load = os.loadavg();
for (let r = 0; r < Number(flags.rounds ?? 5); r++) {
  paths.forEach(([, fn], i) => {
    const [ms, sum] = timed(fn);
    best[i] = Math.min(best[i], ms);
    sums[i] = sum;
  });
}
paths.forEach(([name], i) => console.log(`${name}: ${fmt(best[i], 1)} ms`));
console.log(`hypot4 ${fmt(best[0] / best[1], 1)}× Math.hypot (same sums: ${sums[0] === sums[1]})`);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')}`);
