import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseOptions, Resolver, Scene } from '@relic3d/core';
import { findCompanions } from '@relic3d/o3d';
import { formatFor, type AnyParseOptions } from './index.js';

/** Case-insensitive lookup of one path segment in a folder; undefined when absent. */
function matchEntry(dir: string, name: string, cache: Map<string, string[]>): string | undefined {
  let listing = cache.get(dir);
  if (!listing) {
    try {
      listing = readdirSync(dir);
    } catch {
      listing = [];
    }
    cache.set(dir, listing);
  }
  if (listing.includes(name)) return name;
  const lower = name.toLowerCase();
  return listing.find((entry) => entry.toLowerCase() === lower);
}

/**
 * A resolver over a folder: companions named by a model (`..\Textures\wood.bmp`,
 * `mvr_aibatt.chr`) are found with either slash, case-insensitively, and finally by base name in
 * the folder itself, as old engines did.
 */
export function folderResolver(dir: string): Resolver {
  const root = path.resolve(dir);
  const cache = new Map<string, string[]>();
  const find = (relative: string): string | undefined => {
    const parts = relative.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.');
    if (!parts.length) return undefined;
    let current = path.isAbsolute(relative.replace(/\\/g, '/')) ? path.parse(relative).root : root;
    for (const part of parts) {
      if (part === '..') {
        current = path.dirname(current);
        continue;
      }
      const entry = matchEntry(current, part, cache);
      if (!entry) return undefined;
      current = path.join(current, entry);
    }
    return current;
  };
  return async (name: string) => {
    const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
    for (const candidate of [find(name), base ? find(base) : undefined]) {
      if (candidate && existsSync(candidate) && statSync(candidate).isFile()) return new Uint8Array(await readFile(candidate));
    }
    return undefined;
  };
}

/** Options of `parseFile`: those of `parse`, minus the file name it knows. */
export type ParseFileOptions = Omit<ParseOptions, 'fileName'> & Record<string, unknown>;

/**
 * Reads a model file and its companions from its folder: textures and material files through a
 * folder resolver, and for Flyff `.o3d` the `.chr` skeleton and every `<skeleton>_*.ani` motion
 * found case-insensitively.
 */
export async function parseFile(file: string, options: ParseFileOptions = {}): Promise<Scene> {
  const bytes = new Uint8Array(await readFile(file));
  const fileName = path.basename(file);
  const dir = path.dirname(path.resolve(file));
  const resolve = options.resolve ?? folderResolver(dir);
  const format = formatFor(bytes, fileName);
  const extra: AnyParseOptions = {};
  if (format.id === 'o3d' && options.motions === undefined) {
    const motions = Object.values(companionsOf(fileName, dir).motions);
    if (motions.length) extra.motions = motions;
  }
  return format.parse(bytes, { ...options, ...extra, fileName, resolve });
}

/** The `.chr` and `.ani` files beside an `.o3d` (case-insensitive), from a folder listing. */
export function companionsOf(fileName: string, dir: string): ReturnType<typeof findCompanions> {
  let listing: string[] = [];
  try {
    listing = readdirSync(dir);
  } catch {
    /* an unreadable folder has no companions */
  }
  return findCompanions(fileName, listing);
}

export * from './index.js';
