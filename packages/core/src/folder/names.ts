// Companion names as old files write them: either slash, any case, `..` kept inside the root.

/** `a/b` + `../c` → `a/c`; undefined when the path climbs above the root. */
export function joinInside(dir: string, relative: string): string | undefined {
  const out = dir ? dir.split('/') : [];
  for (const part of relative.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** Whether a name, as an old file writes it, is absolute (`/x`, `\\x`, `C:\\x`, `C:x`, `\\\\server\\x`). */
export function isAbsoluteName(name: string): boolean {
  return /^[\\/]/.test(name) || /^[A-Za-z]:/.test(name);
}

/** The last segment of a name written with either slash. */
export function baseNameOf(name: string): string {
  const slashed = name.replace(/\\/g, '/');
  return slashed.slice(slashed.lastIndexOf('/') + 1);
}
