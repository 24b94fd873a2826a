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
 * A path stored in a file, made relative to where it starts and unable to leave it: `.` segments
 * go, `..` takes back the segment before it and is dropped when there is none, and an absolute
 * path (`/etc/x`, `C:\x`, `\\host\x`) keeps only its base name.
 */
export function containedPath(path: string): string {
  const p = path.replace(/\\/g, '/');
  const absolute = p.startsWith('/') || /^[A-Za-z]:/.test(p);
  const out: string[] = [];
  for (const seg of p.replace(/^[A-Za-z]:/, '').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return absolute ? (out.pop() ?? '') : out.join('/');
}

/**
 * The name handed to the resolver for a path stored in a model or material file: `./x` is relative
 * to the referring file's folder; anything else is relative to the game's base folder. The stored
 * path never climbs above that start and an absolute one goes by its base name beside the referring
 * file, so only the caller's `baseFolder` can lead outside the model's folder.
 */
export function companionName(path: string, referrerDir: string, baseFolder: string | undefined): string {
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return joinPath(referrerDir, containedPath(p));
  if (p.startsWith('./')) return joinPath(referrerDir, containedPath(p.slice(2)));
  return baseFolder !== undefined ? joinPath(baseFolder, containedPath(p)) : containedPath(p);
}
