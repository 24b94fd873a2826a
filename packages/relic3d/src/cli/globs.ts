// Patterns in file arguments (`info "dir/*.ms3d"`, `convert "models/**/*.ase" out/`) are expanded
// by relic3d itself with tinyglobby, so quoted patterns work in any shell, Windows' included. A
// pattern never leaves its base (the folders before the first wildcard): no `..` after it, no
// symlink out of it. Matches are sorted; a pattern matching nothing is an error naming it.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { isInside } from '@relic3d/core/node';
import { UsageError } from './io.js';

/** One file a pattern matched: its path, and its path inside the pattern's base (for output names). */
export interface GlobMatch {
  file: string;
  relative: string;
}

/** Whether `arg` is a pattern: it has wildcards and is not the name of a file that exists. */
export const isGlob = (arg: string): boolean => isDynamicPattern(toSlashes(arg)) && !existsSync(arg);

// Backslashes separate folders on Windows only; elsewhere they escape a wildcard.
const toSlashes = (arg: string) => (path.sep === '\\' ? arg.replace(/\\/g, '/') : arg);

/** The files `pattern` matches, sorted by path; a usage error when none does or it climbs out. */
export function expandGlob(pattern: string): GlobMatch[] {
  const parts = toSlashes(pattern).split('/');
  const first = parts.findIndex((part) => isDynamicPattern(part));
  const baseParts = parts.slice(0, first);
  const rest = parts.slice(first);
  if (rest.includes('..')) throw new UsageError(`${pattern}: a pattern may not climb out of its base ('${baseParts.join('/') || '.'}') with '..'`);
  const base = baseParts.length === 0 ? '.' : baseParts.length === 1 && baseParts[0] === '' ? '/' : baseParts.join('/');
  let realBase: string;
  try {
    realBase = realpathSync(base);
  } catch {
    throw new UsageError(`${pattern}: no file matches the pattern (its folder '${base}' does not exist)`);
  }
  const found = globSync(rest.join('/'), { cwd: base, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false, dot: false });
  const matches: GlobMatch[] = [];
  for (const relative of found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const file = path.join(base, relative);
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      continue; // a link that leads nowhere
    }
    if (isInside(realBase, real)) matches.push({ file, relative });
  }
  if (matches.length === 0) throw new UsageError(`${pattern}: no file matches the pattern`);
  return matches;
}

/** The files an argument stands for: itself, or what the pattern matches. */
export const filesOf = (arg: string): GlobMatch[] => (isGlob(arg) ? expandGlob(arg) : [{ file: arg, relative: path.basename(arg) }]);

/** The files an input argument names, for outputs that must never replace them (`-` names none). */
export const inputsOf = (arg: string): string[] => (arg === '-' ? [] : filesOf(arg).map((m) => m.file));
