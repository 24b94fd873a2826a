// Per corpus ASE model: this build's parseSync against an older build's (`--old=PATH/dist/index.js`,
// e.g. /work/base's), CPU time interleaved in one process, both kernel paths: which models a change
// helps or hurts (`ase-parse.ts` times the corpus only as a whole). `node --expose-gc --import tsx
// src/ase-corpus-files.ts --old=… [--rounds=5]`; needs `$RELIC3D_CORPUS`.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { fmt, timeInterleaved } from './timing.js';

type ParseSync = (bytes: Uint8Array, options?: { kernels?: 'wasm' | 'js' }) => unknown;

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (!flags.old || !process.env.RELIC3D_CORPUS) throw new Error('usage: ase-corpus-files.ts --old=PATH/dist/index.js [--rounds=5] (with $RELIC3D_CORPUS)');
await ready();
const { parseSync } = (await import('@relic3d/ase')) as { parseSync: ParseSync };
const { parseSync: oldSync } = (await import(pathToFileURL(path.resolve(flags.old)).href)) as { parseSync: ParseSync };
const dir = path.join(process.env.RELIC3D_CORPUS, 'ase');
const load = os.loadavg();
for (const name of readdirSync(dir).filter((f) => /\.ase$/i.test(f)).sort()) {
  const bytes = new Uint8Array(readFileSync(path.join(dir, name)));
  try {
    parseSync(bytes);
  } catch {
    continue; // the corpus's refused models
  }
  const ms = timeInterleaved(
    (['wasm', 'js'] as const).flatMap((kernels) => [() => parseSync(bytes, { kernels }), () => oldSync(bytes, { kernels })]),
    Number(flags.rounds ?? 5),
  );
  console.log(`${name} (${fmt(bytes.length / 1024, 0)} KB): wasm ${fmt(ms[0])} ms, old ÷ new ${fmt(ms[1] / ms[0])}×; js ${fmt(ms[2])} ms, old ÷ new ${fmt(ms[3] / ms[2])}×`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
