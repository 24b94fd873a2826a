// Corpus models parsed with their companions (textures, .chr/.ani), for the import tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requireFormat, type Format, type Scene, type Warning } from '@relic3d/core';
import { aseFormat } from '@relic3d/ase';
import { lodFormat } from '@relic3d/lod';
import { mdlFormat } from '@relic3d/mdl';
import { ms3dFormat } from '@relic3d/ms3d';
import { findCompanions, o3dFormat } from '@relic3d/o3d';
import { corpusFiles, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { toGlb } from '../src/index.js';

const formats: Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];

/** Companions by base name, case-insensitive; corpus files carry a `<source>__` prefix. */
export function corpusResolver(entry: CorpusEntry) {
  const dir = path.dirname(entry.path);
  const listing = readdirSync(dir);
  const prefix = /^(.*?__)/.exec(entry.file)?.[1] ?? '';
  return (name: string) => {
    const base = name.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
    const hit = listing.find((f) => f.toLowerCase() === base || f.toLowerCase() === (prefix + base).toLowerCase());
    return hit ? new Uint8Array(readFileSync(path.join(dir, hit))) : undefined;
  };
}

export async function loadCorpusScene(entry: CorpusEntry): Promise<Scene> {
  const bytes = readCorpusFile(entry);
  const format = requireFormat(bytes, entry.file, formats);
  const options: Record<string, unknown> = { fileName: entry.file, resolve: corpusResolver(entry) };
  if (format.id === 'o3d') {
    const motions = Object.values(findCompanions(entry.file, readdirSync(path.dirname(entry.path))).motions);
    if (motions.length) options.motions = motions;
  }
  return format.parse(bytes, options);
}

/**
 * Each corpus model written by toGlb (with its companions) once per test process: the corpus suites
 * run in one module graph (isolate: false) and read the same 99 files. Only the bytes are kept (a
 * heap of 99 scenes made GC pauses fail the hardening suites' time budgets); scenes are parsed again
 * (the whole corpus parses in ~1 CPU-s, the export is the costly part), except by the call that makes
 * the conversion: it gets the scene the conversion was made from (toGlb leaves a scene as it was).
 * Each call gets its own copy of the bytes.
 */
const shared = new Map<string, Promise<{ glb: Uint8Array; warnings: Warning[] }>>();
function sharedConversion(entry: CorpusEntry): { conversion: Promise<{ glb: Uint8Array; warnings: Warning[] }>; scene?: Promise<Scene> } {
  const made = shared.get(entry.path);
  if (made) return { conversion: made };
  const warnings: Warning[] = [];
  const scene = loadCorpusScene(entry);
  const conversion = scene.then(async (parsed) => ({
    glb: await toGlb(parsed, { resolve: corpusResolver(entry), onWarning: (w) => warnings.push(w) }),
    warnings,
  }));
  shared.set(entry.path, conversion);
  return { conversion, scene };
}

/** The corpus model's scene (parsed afresh: callers may keep it). */
export const corpusScene = (entry: CorpusEntry): Promise<Scene> => loadCorpusScene(entry);

/** toGlb(scene, { resolve: corpusResolver(entry) }) of the corpus model, written once per process; a fresh copy each call. */
export const corpusGlb = async (entry: CorpusEntry): Promise<Uint8Array> => (await sharedConversion(entry).conversion).glb.slice();

/** The scene (its own: parsed once with the conversion when this call makes it), its .glb (a fresh copy) and toGlb's warnings. */
export async function corpusConversion(entry: CorpusEntry) {
  const { conversion, scene = loadCorpusScene(entry) } = sharedConversion(entry);
  const [parsed, { glb, warnings }] = await Promise.all([scene, conversion]);
  return { scene: parsed, glb: glb.slice(), warnings: [...warnings] };
}

const models = (folder: string, exts: string[]) => corpusFiles(folder, exts).map((e) => [`${folder}/${e.file}`, e] as const);

/** Every model of the corpus (the formats' own files), as `[folder/file, entry]`. */
export const corpusModels = (): (readonly [string, CorpusEntry])[] => [
  ...models('ms3d', ['.ms3d']),
  ...models('ase', ['.ase', 'testformatdetection']),
  ...models('o3d', ['.o3d']),
  ...models('mdl', ['.mdl']),
  ...models('lod', ['.lod']),
];
