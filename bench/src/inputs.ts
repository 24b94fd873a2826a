// The bench's generated inputs, cached in $TMPDIR/relic3d-bench (generation is deterministic): the
// ~targetMB static file of each format and a skinned, animated one (generate.ts), companions in a
// folder beside the file (`<file>.companions/`).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSkinned, generators, skinnedFormats, type Generated } from './generate.js';

export const GENERATOR_VERSION = 1;
export const SKINNED_VERSION = 1;

export type CachedInput = Generated & { file: string };

/** A generated file from the cache, or made and cached. */
export function cached(g: () => Generated, key: string): CachedInput {
  const dir = path.join(os.tmpdir(), 'relic3d-bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, key);
  const meta = `${file}.json`;
  const companionDir = `${file}.companions`;
  if (existsSync(file) && existsSync(meta)) {
    const m = JSON.parse(readFileSync(meta, 'utf8')) as Omit<Generated, 'bytes'> & { companionNames?: string[] };
    const companions = m.companionNames?.length ? Object.fromEntries(m.companionNames.map((n) => [n, new Uint8Array(readFileSync(path.join(companionDir, n)))])) : undefined;
    return { format: m.format, name: m.name, description: m.description, kind: m.kind, bytes: new Uint8Array(readFileSync(file)), ...(companions ? { companions } : {}), file };
  }
  const made = g();
  const companionNames = Object.keys(made.companions ?? {});
  if (companionNames.length) {
    mkdirSync(companionDir, { recursive: true });
    for (const n of companionNames) writeFileSync(path.join(companionDir, n), made.companions![n]);
  }
  writeFileSync(file, made.bytes);
  writeFileSync(meta, JSON.stringify({ format: made.format, name: made.name, description: made.description, kind: made.kind ?? 'static', companionNames }));
  return { ...made, file };
}

/** The companions saved beside a cached file (for a child process that gets its path only). */
export function companionsOf(file: string): Record<string, Uint8Array> | undefined {
  const dir = `${file}.companions`;
  if (!existsSync(dir)) return undefined;
  return Object.fromEntries(readdirSync(dir).map((n) => [n, new Uint8Array(readFileSync(path.join(dir, n)))]));
}

/** Every format's static ~targetMB file, then (unless `skinnedVertices` is 0) its skinned one. */
export function benchInputs(targetMB: number, skinnedVertices: number, formats?: Set<string>): CachedInput[] {
  const wanted = (f: string) => !formats || formats.has(f);
  const statics = Object.entries(generators)
    .filter(([f]) => wanted(f))
    .map(([format, gen]) => ({ ...cached(() => gen(targetMB), `v${GENERATOR_VERSION}-${targetMB}mb-${format}`), kind: 'static' as const }));
  const skinned = skinnedVertices > 0 ? skinnedFormats.filter(wanted).map((format) => cached(() => generateSkinned(format, skinnedVertices), `skinned-v${SKINNED_VERSION}-${skinnedVertices}v-${format}`)) : [];
  return [...statics, ...skinned];
}
