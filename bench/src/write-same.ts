// Writers against an older copy of their sources: the same files, bytes and warnings (or the same
// error) for every corpus model of every format and for the bench's generated static and skinned
// inputs. `node --import tsx src/write-same.ts --old=NAME [formats…] [--mb=50]`: packages/<format>/NAME/src
// is the old copy (untracked, as write-old.ts uses it); formats default to ms3d, o3d, mdl and lod.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { parseFile } from 'relic3d/node';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';

type Write = (scene: Scene, options?: { name?: string }) => WriteResult;
const WRITERS: Record<string, string> = { lod: 'writeLod', mdl: 'writeMdl', ms3d: 'writeMs3d', o3d: 'writeO3d', ase: 'writeAse' };
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!flags.old) throw new Error('--old=NAME is required');
const formats = named.length ? named : ['ms3d', 'o3d', 'mdl', 'lod'];
await ready();
const packages = path.resolve(import.meta.dirname, '../../packages');
const writerOf = async (format: string, folder: string): Promise<Write> =>
  ((await import(pathToFileURL(path.resolve(packages, format, folder, 'src/index.ts')).href)) as Record<string, Write>)[WRITERS[format]];
const pairs = await Promise.all(formats.map(async (f) => [f, await writerOf(f, '.'), await writerOf(f, flags.old)] as const));

const outcome = (write: Write, scene: Scene): WriteResult | string => {
  try {
    return write(scene, { name: 'same' });
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
  for (const [format, now, old] of pairs) {
    checked++;
    // Twice each: a writer that keeps state between writes (reused instances) must not leak it.
    const first = outcome(now, scene);
    if (!same(first, outcome(old, scene)) || !same(first, outcome(now, scene))) differ.push(`${label} → ${format}`);
  }
};

const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(import.meta.dirname, '../../../shared/corpus');
for (const format of ['lod', 'ms3d', 'ase', 'o3d', 'mdl']) {
  const dir = path.join(corpus, format);
  for (const file of readdirSync(dir).filter((f) => f.toLowerCase().endsWith(`.${format}`))) {
    let scene: Scene;
    try {
      scene = await parseFile(path.join(dir, file));
    } catch {
      continue;
    }
    check(`${format}/${file}`, scene);
  }
}
const parsers = await loadParsers();
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, new Set(['lod', 'ms3d', 'mdl', 'o3d']))) {
  check(`bench ${g.format} ${g.kind ?? 'static'}`, await parsers[g.format]!(g.bytes, parseOptionsOf(g)));
}
console.log(`${checked} writes compared (files, bytes and warnings): ${differ.length ? `${differ.length} DIFFER:\n  ${differ.join('\n  ')}` : 'all the same'}`);
if (differ.length) process.exitCode = 1;
