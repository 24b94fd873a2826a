// Scrub once (issue 25): `toGlb` of a reader's scene with its FINITE_SCENE mark against the same
// scene without it (the exporter then scans every array again, as before the readers set it), in
// the same rounds: CPU ms medians, and whether both wrote the same bytes.
// `node --expose-gc --import tsx src/finite-export.ts [formats…] [--rounds=9] [--static]`
// (skinned inputs; `--static` adds the ~50 MB static files; `$RELIC3D_CORPUS` adds the corpus models).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FINITE_SCENE } from '@relic3d/core';
import { toGlb } from 'relic3d';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['lod', 'ms3d', 'ase', 'o3d', 'mdl']);
const rounds = Number(flags.rounds ?? 9);
await ready();
const parsers = await loadParsers();
const load = os.loadavg();

const sets: { name: string; format: string; parse: () => Promise<object>[] }[] = [];
for (const g of benchInputs(50, 60000, formats).filter((i) => 'static' in flags || i.kind === 'skinned')) {
  sets.push({ name: `${g.kind} ${(g.bytes.length / 1048576).toFixed(1)} MB`, format: g.format, parse: () => [parsers[g.format]!(g.bytes, parseOptionsOf(g))] });
}
const corpus = process.env.RELIC3D_CORPUS;
for (const format of formats) {
  const dir = corpus ? path.join(corpus, format) : '';
  if (!dir || !existsSync(dir)) continue;
  const files = readdirSync(dir).filter((n) => n.toLowerCase().endsWith(`.${format}`)).map((n) => ({ n, bytes: new Uint8Array(readFileSync(path.join(dir, n))) }));
  sets.push({ name: `corpus ×${files.length}`, format, parse: () => files.map((f) => parsers[format]!(f.bytes, { fileName: f.n }).catch(() => undefined as never)) });
}

for (const set of sets) {
  const scenes = (await Promise.all(set.parse())).filter(Boolean);
  const marked = scenes.filter((s) => (s as Record<symbol, unknown>)[FINITE_SCENE] === true).length;
  // The same scenes, the mark taken off (and put back) around each export.
  const exportAll = async (trusted: boolean) => {
    const out: Uint8Array[] = [];
    for (const s of scenes) {
      const had = (s as Record<symbol, unknown>)[FINITE_SCENE];
      if (!trusted) delete (s as Record<symbol, unknown>)[FINITE_SCENE];
      out.push(await toGlb(s as Parameters<typeof toGlb>[0]));
      if (had !== undefined) (s as Record<symbol, unknown>)[FINITE_SCENE] = had;
    }
    return out;
  };
  const a = await exportAll(true), b = await exportAll(false);
  const same = a.length === b.length && a.every((x, i) => Buffer.compare(x, b[i]) === 0);
  const times: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const trusted of r % 2 ? [false, true] : [true, false]) {
      gc();
      const c = cpuMs();
      await exportAll(trusted);
      times[trusted ? 0 : 1].push(cpuMs() - c);
    }
  }
  const [t, u] = times.map(median);
  console.log(`${set.format} ${set.name}: ${marked}/${scenes.length} marked; toGlb trusted ${fmt(t, 2)} ms, scanned ${fmt(u, 2)} ms (${fmt(u / t, 2)}× faster trusted); same bytes: ${same}`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
