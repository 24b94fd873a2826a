// Texture paths as old models write them ('.\\tex\\a.BMP'): the names to look up, and safe resource names.
import { baseNameOf } from '@relic3d/core';

/** Names to try for a texture path as old files write it: as is, with '/', then the base name. */
export function candidateNames(uri: string): string[] {
  const names = [uri];
  const slashed = uri.replace(/\\/g, '/');
  if (slashed !== uri) names.push(slashed);
  const stripped = slashed.replace(/^(\.\/)+/, '');
  if (!names.includes(stripped)) names.push(stripped);
  const base = baseNameOf(slashed);
  if (base && !names.includes(base)) names.push(base);
  return names;
}

/** A file-name-safe base name for a texture's .gltf resource. */
export function imageBaseName(uri: string | undefined, fallback: string): string {
  const stem = baseNameOf(uri ?? '').replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '_');
  return stem || fallback;
}

/** A path with '\' as '/', and '.', empty and resolvable '..' segments gone (`././a.png` → `a.png`). */
export function normalPath(uri: string): string {
  const out: string[] = [];
  for (const part of uri.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}
