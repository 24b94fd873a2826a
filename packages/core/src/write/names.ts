import type { CodePageEncoder } from '../io/codepage-encoder.js';
import type { WarningSink } from '../io/warnings.js';
import type { Scene } from '../scene/types.js';
import type { WriteOptions } from './types.js';

/** The base name of a writer's files: `options.name`, else the scene's name, else `model`; no folders. */
export function outputBaseName(scene: Scene, options: WriteOptions = {}): string {
  const raw = options.name ?? scene.name ?? 'model';
  const base = raw.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const safe = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
  return safe.length > 0 && safe !== '.' && safe !== '..' ? safe : 'model';
}

/**
 * A name for a fixed-size field of `size` bytes that keeps a NUL terminator (`terminated`, the
 * default) or may fill the field. Too long: cut on a character boundary, warned
 * `WRITE_NAME_TRUNCATED`. Characters the code page lacks become `?`, warned `WRITE_NAME_LOSSY`.
 */
export function fixedName(
  text: string,
  size: number,
  encoder: CodePageEncoder,
  sink: WarningSink,
  what: string,
  terminated = true,
): Uint8Array {
  const room = terminated ? size - 1 : size;
  const { bytes, lossy } = encoder.encode(text);
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  if (lossy) sink.warn('WRITE_NAME_LOSSY', `${what} "${shown}" has characters ${encoder.name} cannot hold; written as "?"`);
  if (bytes.length <= room) return bytes;
  // Do not end inside a multi-byte character: characters are encoded one by one (the pages are
  // stateless) until the next would not fit. Every character takes a byte at least, so at most
  // `room` characters are looked at: linear in the field, whatever the name's length.
  let cut = 0;
  let chars = 0;
  for (const c of text) {
    const next = cut + encoder.encode(c).bytes.length;
    if (next > room) break;
    cut = next;
    chars += c.length;
  }
  const prefix = encoder.encode(text.slice(0, chars)).bytes.subarray(0, cut);
  sink.warn('WRITE_NAME_TRUNCATED', `${what} "${shown}" is ${bytes.length} bytes; the field holds ${room}, cut to ${cut}`);
  return prefix;
}
