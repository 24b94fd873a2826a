// File names a conversion may create: the file system's limits and Windows' reserved device names,
// checked before a writer names its companions from the scene (textures, `.mat` files).
import { createHash } from 'node:crypto';
import type { Resolver, Scene, Warning } from '@relic3d/core';

/** Bytes of one path component (Linux NAME_MAX, NTFS 255 UTF-16 units, APFS 255 bytes). */
export const NAME_MAX_BYTES = 255;
/** Bytes of a whole path, with its NUL (Linux PATH_MAX). */
export const PATH_MAX_BYTES = 4096;
/** Room a writer may add to a name it takes from the scene: `_12`, `_texture3`, `.png`. */
const SUFFIX_ROOM = 40;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** `CON`, `prn.txt`, `Com1.tar.gz`, `NUL. `: a name Windows maps to a device whatever the extension. */
export function isReservedName(name: string): boolean {
  const stem = name.replace(/[. ]+$/, '').split('.')[0]!.replace(/[ ]+$/, '');
  return /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i.test(stem);
}

/** `CON.png` → `CON_.png`; trailing dots and spaces (which Windows drops) go. */
export function unreserved(name: string): string {
  const trimmed = name.replace(/[. ]+$/, '') || '_';
  if (!isReservedName(trimmed)) return trimmed;
  const dot = trimmed.indexOf('.');
  return dot < 0 ? `${trimmed}_` : `${trimmed.slice(0, dot)}_${trimmed.slice(dot)}`;
}

/** Why `name` cannot be created in `folder` (too long for the name or the path), or undefined. */
export function nameLimitProblem(folder: string, name: string): string | undefined {
  const n = bytesOf(name);
  if (n > NAME_MAX_BYTES) return `the name is ${n} bytes; a file name holds ${NAME_MAX_BYTES}`;
  const whole = bytesOf(folder) + 1 + n;
  if (whole >= PATH_MAX_BYTES) return `the path is ${whole} bytes; a path holds ${PATH_MAX_BYTES - 1}`;
  return undefined;
}

/** The bytes a name taken from the scene may have in `folder`, leaving writers room for suffixes. */
export function nameBudget(folder: string): number {
  return Math.min(NAME_MAX_BYTES, PATH_MAX_BYTES - 2 - bytesOf(folder)) - SUFFIX_ROOM;
}

/** `name` cut to `budget` UTF-8 bytes on a character boundary, keeping its extension, with a hash of the whole name so two cuts never meet. */
export function shortenName(name: string, budget: number): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const tag = `~${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
  let stem = '';
  for (const char of Array.from(name.slice(0, name.length - ext.length))) {
    if (bytesOf(stem + char + tag + ext) > budget) break;
    stem += char;
  }
  return `${stem}${tag}${ext}`;
}

/** The last segment of a path written either way. */
const baseOf = (p: string) => p.replace(/^.*[\\/]/, '');

export interface DiskNames {
  /** The scene with texture and material names a writer can turn into file names. */
  scene: Scene;
  /** The resolver given, also finding a renamed texture under its new name. */
  resolve?: Resolver;
  /** What was renamed, as warnings (`WRITE_FILE_NAME_SHORTENED`, `WRITE_FILE_NAME_RESERVED`). */
  warnings: Warning[];
}

/**
 * Renames what writers name files after (a texture's uri or name, a material's name: `.mat` files)
 * when the name is over the file system's limits for `folder` or is a Windows device name. The
 * scene's own arrays are not changed; renamed entries are copies. Writers then name and reference
 * the same shortened file, and the copy of a uri-only texture finds its source under the new name.
 */
export function diskSafeNames(scene: Scene, folder: string, resolve?: Resolver): DiskNames {
  const budget = nameBudget(folder);
  const warnings: Warning[] = [];
  const aliases = new Map<string, string>();
  // A texture's uri and name are often the same: one new name and one warning for both.
  const renamed = new Map<string, string>();
  const fix = (text: string | undefined, what: string, warnings: Warning[]): string | undefined => {
    if (!text || text.startsWith('data:')) return text;
    const base = baseOf(text);
    const known = renamed.get(`${what}\u0000${base}`);
    if (known !== undefined) return known === base ? text : text.slice(0, text.length - base.length) + known;
    let next = base;
    if (bytesOf(next) > budget) {
      next = shortenName(next, budget);
      warnings.push({ code: 'WRITE_FILE_NAME_SHORTENED', message: `${what} "${base.slice(0, 40)}…" is ${bytesOf(base)} bytes, too long for a file name in ${folder}; written as "${next}"` });
    }
    const safe = unreserved(next);
    if (safe !== next) warnings.push({ code: 'WRITE_FILE_NAME_RESERVED', message: `${what} "${next}" is a device name on Windows; written as "${safe}"` });
    renamed.set(`${what}\u0000${base}`, safe);
    if (safe === base) return text;
    const out = text.slice(0, text.length - base.length) + safe;
    aliases.set(out, text);
    aliases.set(safe, text);
    return out;
  };
  const textures = scene.textures.map((t) => {
    // A texture's uri and name (often its stem): one warning for the texture.
    const notes: Warning[] = [];
    const uri = fix(t.uri, 'texture', notes);
    const name = fix(t.name, 'texture', t.uri ? [] : notes);
    warnings.push(...notes);
    return uri === t.uri && name === t.name ? t : { ...t, ...(t.uri !== undefined ? { uri } : {}), ...(t.name !== undefined ? { name } : {}) };
  });
  const materials = scene.materials.map((m) => {
    const name = fix(m.name, 'material', warnings);
    return name === m.name ? m : { ...m, name: name! };
  });
  if (!aliases.size) return { scene, resolve, warnings };
  const aliased: Resolver | undefined = resolve && Object.assign((name: string) => resolve(aliases.get(name) ?? name), {
    ...(resolve.list ? { list: () => resolve.list!() } : {}),
    ...(resolve.key ? { key: (name: string) => resolve.key!(aliases.get(name) ?? name) } : {}),
  });
  return { scene: { ...scene, textures, materials }, resolve: aliased, warnings };
}
