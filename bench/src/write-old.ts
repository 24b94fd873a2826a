// A writer against an older copy of its sources, in the same rounds, on the skinned (default) or
// static bench inputs: CPU ms per write (interleaved best of rounds, both orders) and whether both
// wrote the same bytes. `node --expose-gc --import tsx src/write-old.ts --old=NAME [--new=NAME2]
// [formats…] [--static] [--rounds=5]`: packages/<format>/NAME/src/index.ts is the old copy (inside
// the package folder so its imports resolve; untracked), NAME2 a copy of the current sources, so
// both load alike (an A/A run measured the package's own src against its copy at 0.69–0.99×).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, timeInterleaved } from './timing.js';

type Write = (scene: Scene, options?: { name?: string }) => WriteResult;
const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!flags.old) throw new Error('--old=NAME is required');
const formats = new Set(named.length ? named : ['lod', 'mdl', 'ms3d']);
const inputs = benchInputs(Number(flags.mb ?? 50), 60000, formats).filter((g) => g.kind === ('static' in flags ? 'static' : 'skinned'));
await ready();
const parsers = await loadParsers();
const packages = path.resolve(import.meta.dirname, '../../packages');
const writerOf = async (folder: string, format: string): Promise<Write> =>
  ((await import(pathToFileURL(path.resolve(packages, format, folder, 'src', 'index.ts')).href)) as Record<string, Write>)[WRITERS[format]];
const same = (a: WriteResult, b: WriteResult) =>
  Object.keys(a.files).length === Object.keys(b.files).length && Object.entries(a.files).every(([n, f]) => Buffer.compare(f, b.files[n] ?? new Uint8Array(0)) === 0);
const load = os.loadavg();
for (const g of inputs) {
  const scene = await parsers[g.format]!(g.bytes, parseOptionsOf(g));
  const now = await writerOf(flags.new ?? '.', g.format);
  const old = await writerOf(flags.old, g.format);
  const identical = same(now(scene, { name: 'bench' }), old(scene, { name: 'bench' }));
  // Both orders (the first of a pair measured slower in an A/A run), best of each.
  const rounds = Number(flags.rounds ?? 5);
  const runNew = () => now(scene, { name: 'bench' }), runOld = () => old(scene, { name: 'bench' });
  const [a1, b1] = timeInterleaved([runNew, runOld], rounds, 1);
  const [b2, a2] = timeInterleaved([runOld, runNew], rounds, 1);
  const a = Math.min(a1, a2), b = Math.min(b1, b2);
  console.log(`${g.format} ${g.kind}: write ${fmt(a)} ms, old ${fmt(b)} ms: ${fmt(b / a)}× faster; same bytes: ${identical ? 'yes' : 'NO'}`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
