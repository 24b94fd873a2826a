// ASE parse, several builds in the same interleaved rounds (issue #25: "is the 'js' path slower on the
// corpus since the per-vertex unweld?"). Each build is a `packages/ase/dist/index.js` with its own
// kernels (`../kernels/dist/index.js`, awaited), timed with `parseSync` on both kernel paths, CPU time.
// `node --expose-gc --import tsx src/ase-builds.ts --builds=new=<dir>,base=/work/base,main=/work/base10
// [--rounds=7] [--kind=corpus|static|skinned] [--thread] [--gc] [--read]` (a dir is a repo root; `new` defaults to this
// tree; `--read` times `readAse` alone, the raw read without the scene build, instead of both kernel paths).
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchInputs } from './inputs.js';
import { fmt, interleavedCpu, median } from './timing.js';

type ParseSync = (bytes: Uint8Array, options?: { kernels?: 'wasm' | 'js' }) => unknown;
type Way = 'wasm' | 'js' | 'read';

// `--name=value` (split at the first `=`: builds hold more).
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => [a.slice(2, a.includes('=') ? a.indexOf('=') : undefined), a.includes('=') ? a.slice(a.indexOf('=') + 1) : '']));
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builds = (flags.builds ?? `new=${here},base=/work/base,main=/work/base10`).split(',').map((b) => b.split('=') as [string, string]);
const loaded: { name: string; parseSync: ParseSync; readAse: (bytes: Uint8Array) => unknown }[] = [];
for (const [name, root] of builds) {
  const kernels = (await import(pathToFileURL(path.join(root, 'packages/kernels/dist/index.js')).href)) as { ready(): Promise<unknown> };
  await kernels.ready();
  const mod = (await import(pathToFileURL(path.join(root, 'packages/ase/dist/index.js')).href)) as { parseSync: ParseSync; readAse: (bytes: Uint8Array) => unknown };
  loaded.push({ name, parseSync: mod.parseSync, readAse: mod.readAse });
}

const groups: { kind: string; files: Uint8Array[] }[] = benchInputs(50, 60000, new Set(['ase'])).map((g) => ({ kind: g.kind as string, files: [g.bytes] }));
const corpusDir = process.env.RELIC3D_CORPUS && path.join(process.env.RELIC3D_CORPUS, 'ase');
if (corpusDir) {
  const files: Uint8Array[] = [];
  for (const f of readdirSync(corpusDir).filter((f) => /\.ase$/i.test(f))) {
    const bytes = new Uint8Array(readFileSync(path.join(corpusDir, f)));
    try {
      loaded[0].parseSync(bytes);
      files.push(bytes);
    } catch {
      // a refused model stays out
    }
  }
  groups.unshift({ kind: `corpus (${files.length} models)`, files });
}

const load = os.loadavg();
const rounds = Number(flags.rounds ?? 7);
const ways: Way[] = 'read' in flags ? ['read'] : ['wasm', 'js'];
for (const g of groups.filter((x) => !flags.kind || x.kind.startsWith(flags.kind))) {
  const bytes = g.files.reduce((a, f) => a + f.length, 0);
  // Small inputs repeat inside one timed call so each call is ≥ ~40 ms of work.
  const reps = Math.max(1, Math.round(40 / (bytes / 1048576 / 0.1)));
  const paths = loaded.flatMap(({ name, parseSync, readAse }) =>
    ways.map((way) => [`${name} ${way}`, () => {
      for (let r = 0; r < reps; r++) for (const f of g.files) if (way === 'read') readAse(f); else parseSync(f, { kernels: way });
    }] as [string, () => void]),
  );
  const samples: number[][] = paths.map(() => []);
  // interleavedCpu gives medians; run it one round at a time to keep every round's ratios too.
  for (let r = 0; r < rounds; r++) {
    const ms = await interleavedCpu(paths, 1, r === 0 ? 2 : 0, { forceGc: 'gc' in flags, cpu: 'thread' in flags ? 'thread' : 'process' });
    ms.forEach((m, i) => samples[i].push(m / reps));
  }
  const mb = bytes / 1048576;
  console.log(`ase ${g.kind}: ${mb.toFixed(2)} MB, ${reps} parse(s) per call, ${rounds} rounds`);
  paths.forEach(([name], i) => {
    const m = median(samples[i]);
    console.log(`  ${name.padEnd(12)} ${fmt(m)} ms (${fmt(Math.min(...samples[i]))}–${fmt(Math.max(...samples[i]))}) ${fmt(mb / (m / 1000), 0)} MB/s`);
  });
  // Per-round ratios against the first build, each kernel path: min–median–max.
  for (let b = 1; b < loaded.length; b++) {
    const cells = ways.map((k, j) => {
      const r = samples[b * ways.length + j].map((x, i) => x / samples[j][i]);
      return `${k} ${fmt(Math.min(...r), 2)}–${fmt(median(r), 2)}–${fmt(Math.max(...r), 2)}×`;
    });
    console.log(`  ${loaded[b].name} ÷ ${loaded[0].name} (per round, >1: ${loaded[0].name} faster): ${cells.join(', ')}`);
  }
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
