/**
 * Node helpers: read an `.o3d` and its companions from the file's folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scene } from '@relic3d/core';
import { findCompanions, findInListing } from './companions.js';
import { parseO3d } from './parse.js';
import type { O3dParseOptions } from './types.js';

export interface O3dFileOptions extends Omit<O3dParseOptions, 'motions' | 'skeleton' | 'resolve'> {
  /**
   * Motions to load from the folder: names (`stand`, `walk`) or file names, or `'all'` for every
   * `<skeleton>_*.ani` there. Default: none.
   */
  motions?: string[] | 'all';
  /** Skeleton file to use instead of the one found in the folder. */
  skeleton?: string;
}

/** Parses an `.o3d` file, loading its `.chr` and the chosen motions from its folder (case-insensitive). */
export function parseO3dFile(filePath: string, options: O3dFileOptions = {}): Scene {
  const dir = path.dirname(filePath);
  const fileName = path.basename(filePath);
  const listing = readdirSync(dir);
  const found = findCompanions(fileName, listing);
  const read = (name: string) => new Uint8Array(readFileSync(path.join(dir, name)));

  const skeletonFile = options.skeleton ?? found.skeleton;
  const motions: Record<string, Uint8Array> = {};
  const wanted = options.motions === 'all' ? Object.keys(found.motions) : (options.motions ?? []);
  for (const motion of wanted) {
    const file = /\.ani$/i.test(motion) ? findInListing(motion, listing) : found.motions[motion] ?? findMotion(found.motions, motion);
    if (file) motions[/\.ani$/i.test(motion) ? motion.replace(/\.ani$/i, '') : motion] = read(file);
    else options.onWarning?.({ code: 'O3D_MISSING_MOTION', message: `no motion '${motion}' next to ${fileName}`, format: 'o3d' });
  }
  const { motions: _m, skeleton: _s, ...rest } = options;
  return parseO3d(read(fileName), {
    ...rest,
    fileName,
    skeleton: skeletonFile ? read(path.isAbsolute(skeletonFile) ? path.relative(dir, skeletonFile) : skeletonFile) : undefined,
    motions,
    noSkeletonLookup: true,
  });
}

function findMotion(motions: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const key = Object.keys(motions).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : motions[key];
}

export { findCompanions } from './companions.js';
