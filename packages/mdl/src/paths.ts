/** Small POSIX-style path helpers for companion names (parsers never touch the filesystem). */

export function dirname(path: string): string {
  const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** Joins and normalises `a/b`, resolving `.` and `..` segments where it can. */
export function joinPath(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/').replace(/\\/g, '/');
  const absolute = joined.startsWith('/');
  const out: string[] = [];
  for (const seg of joined.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (seg === '..' && absolute) continue;
    else out.push(seg);
  }
  return (absolute ? '/' : '') + out.join('/');
}

/**
 * The name handed to the resolver for a path stored in a model or material file: `./x` is relative
 * to the referring file's folder; anything else is relative to the game's base folder.
 */
export function companionName(path: string, referrerDir: string, baseFolder: string | undefined): string {
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('./')) return joinPath(referrerDir, p.slice(2));
  return baseFolder !== undefined ? joinPath(baseFolder, p) : joinPath(p);
}
