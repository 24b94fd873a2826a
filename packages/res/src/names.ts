// Entry names (docs/formats/res.md §4): the client joins them to the pack's folder, so one that
// climbs, names a drive or a subfolder, or holds control characters is refused.

/** Why `name` cannot be a pack entry's name, or undefined when it can. */
export function entryNameProblem(name: string): string | undefined {
  if (!name) return 'an empty name';
  if (name === '.' || name === '..') return `'${name}'`;
  if (/[\\/]/.test(name)) return 'a path separator';
  if (name.includes(':')) return 'a drive or stream colon';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character';
  if ([...name].some((c) => c.charCodeAt(0) > 0xff)) return 'a character beyond one byte';
  return undefined;
}

/** Latin-1 bytes of a name (the client compares bytes after `strlwr`). */
export function nameBytes(name: string): Uint8Array {
  const out = new Uint8Array(name.length);
  for (let i = 0; i < name.length; i++) out[i] = name.charCodeAt(i);
  return out;
}
