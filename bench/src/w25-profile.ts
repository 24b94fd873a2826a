// Profile the LOD or MS3D writer with line numbers (issue 25, w25): `node --cpu-prof --cpu-prof-dir=DIR
// --import tsx src/w25-profile.ts FORMAT [static|skinned] [--rounds=40] [--bundle]`, then
// `node --import tsx src/w25-profile.ts --lines=DIR/FILE.cpuprofile [--top=30]`. tsx puts every line
// of a source at line 1, so `--bundle` first bundles packages/<format>/src with esbuild (tsx's own) into
// packages/<format>/node_modules/.w25-prof/index.js (out of the lint's way; core stays its dist) and
// writes with that; `--lines` prints the self samples per source line of a profile (V8's positionTicks), largest first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';

interface ProfileNode { callFrame: { functionName: string; url: string }; hitCount?: number; positionTicks?: { line: number; ticks: number }[] }

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (flags.lines) {
  const nodes = (JSON.parse(readFileSync(flags.lines, 'utf8')) as { nodes: ProfileNode[] }).nodes;
  const ticks = new Map<string, number>();
  let all = 0;
  for (const n of nodes) {
    all += n.hitCount ?? 0;
    for (const p of n.positionTicks ?? []) {
      const key = `${n.callFrame.url.split("/").slice(-3).join("/")}:${p.line} ${n.callFrame.functionName}`;
      ticks.set(key, (ticks.get(key) ?? 0) + p.ticks);
    }
  }
  for (const [key, n] of [...ticks].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top ?? 30))) console.log(`${((100 * n) / all).toFixed(1).padStart(5)}%  ${key}`);
} else {
  const [format = 'lod', kind = 'skinned'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  await ready();
  const input = benchInputs(Number(flags.mb ?? 50), 60000, new Set([format])).find((g) => (g.kind ?? 'static') === kind)!;
  const scene = await formats.find((f) => f.id === format)!.parse(input.bytes, parseOptionsOf(input));
  const pkg = path.resolve(import.meta.dirname, '../../packages', format);
  let source = pathToFileURL(path.join(pkg, 'src/index.ts')).href;
  if ('bundle' in flags) {
    const esbuild = path.join(path.dirname(createRequire(createRequire(import.meta.url).resolve('tsx')).resolve('esbuild/package.json')), 'bin/esbuild');
    const out = path.join(pkg, 'node_modules/.w25-prof/index.js');
    execFileSync(esbuild, [path.join(pkg, 'src/index.ts'), '--bundle', '--format=esm', '--platform=node', '--external:@relic3d/*', `--outfile=${out}`, '--log-level=warning']);
    source = pathToFileURL(out).href;
  }
  const WRITERS: Record<string, string> = { lod: 'writeLod', ms3d: 'writeMs3d' };
  const write = ((await import(source)) as Record<string, (s: Scene, o: { name: string }) => WriteResult>)[WRITERS[format]];
  const rounds = Number(flags.rounds ?? 40);
  const t = performance.now();
  for (let r = 0; r < rounds; r++) write(scene, { name: 'bench' });
  console.log(`${format} ${kind}: ${((performance.now() - t) / rounds).toFixed(1)} ms per write`);
}
