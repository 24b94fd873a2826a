import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeBatch, type BatchError, type BatchInput, type BatchResult } from '@relic3d/batch';
import { isFormatError } from '@relic3d/core';
import { companionsOf, parseFile } from './node.js';
import { detect, formats } from './index.js';

export { decodeBatch, type BatchError, type BatchInput, type BatchResult };

/** A FormatError (or anything else) as plain data. */
export function errorData(e: unknown): BatchError {
  if (isFormatError(e)) return { name: e.name, message: e.message, code: e.code, offset: e.offset, format: e.format, expected: e.expected, found: e.found };
  return { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) };
}

/**
 * Companions the worker could not use: Ultra Engine `.mat` files outside the model's folder are
 * resolved here by re-parsing with a folder resolver. (Flyff .chr/.ani companions travel with the
 * batch input and are loaded in the worker.) Returns the scene to keep.
 */
export async function withCompanions(result: BatchResult, input: { path: string }): Promise<BatchResult['scene']> {
  const scene = result.scene;
  if (scene?.format === 'mdl') return withMdlMaterials(scene, input.path);
  return scene;
}

/**
 * Ultra Engine models name `.mat` files the worker does not have; when one is missing, the file is
 * parsed again here with a folder resolver and kept if that found more of them.
 */
async function withMdlMaterials(scene: NonNullable<BatchResult['scene']>, file: string): Promise<BatchResult['scene']> {
  const missing = (s: typeof scene) => s.warnings.filter((w) => w.code === 'MDL_MATERIAL_NOT_FOUND').length;
  const before = missing(scene);
  if (!before) return scene;
  const again = await parseFile(file).catch(() => undefined);
  return again && missing(again) < before ? again : scene;
}

// ------------------------------------------------------------------ folder walking

/** Files that only ever come with a model (skeletons, motions, materials, images) or are ours. */
const COMPANION = /\.(chr|ani|mat|tex|meta|png|jpe?g|bmp|tga|dds|gif|webp|ktx2?|tsv|txt|md|json|glb|gltf|bin|zip)$/i;

export interface WalkEntry {
  /** Absolute path. */
  path: string;
  /** Path relative to the batch root, with '/'. */
  relative: string;
}

/** Every file under `root`, sorted, skipping `exclude` (the output folder when it is inside). */
export function walk(root: string, exclude?: string): WalkEntry[] {
  const out: WalkEntry[] = [];
  const skip = exclude ? path.resolve(exclude) : undefined;
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (full === skip) continue;
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) out.push({ path: full, relative: path.relative(root, full).split(path.sep).join('/') });
    }
  };
  visit(path.resolve(root));
  return out;
}

/**
 * Splits a folder into model inputs and the rest. Known model extensions are inputs (so a broken
 * one is reported, not skipped); companions are skipped; anything else is an input only when its
 * content is a known format (files without an extension).
 */
export function classify(files: WalkEntry[]): { inputs: WalkEntry[]; skipped: WalkEntry[] } {
  const modelExtensions = new Set(formats.flatMap((f) => f.extensions.map((e) => e.toLowerCase())));
  const inputs: WalkEntry[] = [];
  const skipped: WalkEntry[] = [];
  for (const file of files) {
    const ext = path.extname(file.path).toLowerCase();
    if (modelExtensions.has(ext)) inputs.push(file);
    else if (COMPANION.test(file.path)) skipped.push(file);
    else if (detect(readFileSync(file.path), path.basename(file.path))) inputs.push(file);
    else skipped.push(file);
  }
  return { inputs, skipped };
}

/** The batch input for a file: its bytes plus companions (.chr/.ani for .o3d, .mat for .mdl). */
export function batchInput(file: WalkEntry): BatchInput {
  const bytes = new Uint8Array(readFileSync(file.path));
  const dir = path.dirname(file.path);
  const name = path.basename(file.path);
  const companions: Record<string, Uint8Array> = {};
  const ext = path.extname(name).toLowerCase();
  if (ext === '.o3d') {
    const found = companionsOf(name, dir);
    for (const companion of [found.skeleton, ...Object.values(found.motions)]) {
      if (companion) companions[companion] = new Uint8Array(readFileSync(path.join(dir, companion)));
    }
  }
  return Object.keys(companions).length ? { name: file.relative, bytes, companions } : { name: file.relative, bytes };
}
