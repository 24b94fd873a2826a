// The LOD writer against an older copy of its sources: the same bytes for every corpus model of
// every format (each read with both up axes where it is a .lod, written with both up axes) and for
// the bench's generated LOD inputs. The one LOD corpus file pins too little of the writer for speed
// work alone. `node --import tsx src/lod-write-same.ts --old=NAME [--mb=50]`: packages/lod/NAME/src
// is the old copy (untracked, as write-old.ts uses it).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseFile, type ParseFileOptions } from 'relic3d/node';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';

type Write = (scene: Scene, options?: { name?: string; upAxis?: 'y' | 'z' }) => WriteResult;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
if (!flags.old) throw new Error('--old=NAME is required');
await ready();
const lod = path.resolve(import.meta.dirname, '../../packages/lod');
const writerOf = async (folder: string): Promise<Write> => ((await import(pathToFileURL(path.resolve(lod, folder, 'src/index.ts')).href)) as { writeLod: Write }).writeLod;
const now = await writerOf('.');
const old = await writerOf(flags.old);

const outcome = (write: Write, scene: Scene, upAxis: 'y' | 'z'): WriteResult | string => {
  try {
    return write(scene, { name: 'same', upAxis });
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
};
const same = (a: WriteResult | string, b: WriteResult | string): boolean => {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const names = Object.keys(a.files);
  return (
    names.join('\0') === Object.keys(b.files).join('\0') &&
    names.every((n) => Buffer.compare(a.files[n], b.files[n]) === 0) &&
    JSON.stringify(a.warnings) === JSON.stringify(b.warnings)
  );
};

let checked = 0;
const differ: string[] = [];
const check = (label: string, scene: Scene) => {
  for (const up of ['y', 'z'] as const) {
    checked++;
    if (!same(outcome(now, scene, up), outcome(old, scene, up))) differ.push(`${label} → upAxis ${up}`);
  }
};

const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(import.meta.dirname, '../../../shared/corpus');
for (const format of ['lod', 'ms3d', 'ase', 'o3d', 'mdl']) {
  const dir = path.join(corpus, format);
  for (const file of readdirSync(dir).filter((f) => f.toLowerCase().endsWith(`.${format}`))) {
    for (const upAxis of format === 'lod' ? (['y', 'z'] as const) : ([undefined] as const)) {
      let scene: Scene;
      try {
        // The LOD reader's own option, passed through to it.
        scene = await parseFile(path.join(dir, file), upAxis ? ({ upAxis } as unknown as ParseFileOptions) : {});
      } catch {
        continue;
      }
      check(`${format}/${file}${upAxis ? ` (read ${upAxis})` : ''}`, scene);
    }
  }
}
const parsers = await loadParsers();
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod', 'ms3d', 'mdl', 'o3d']))) {
  check(`bench ${g.format} ${g.kind}`, await parsers[g.format]!(g.bytes, parseOptionsOf(g)));
}
console.log(`${checked} writes compared (files, bytes and warnings): ${differ.length ? `${differ.length} DIFFER:\n  ${differ.join('\n  ')}` : 'all the same'}`);
if (differ.length) process.exitCode = 1;
