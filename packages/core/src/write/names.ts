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
  if (lossy) sink.warn('WRITE_NAME_LOSSY', `${what} "${text}" has characters ${encoder.name} cannot hold; written as "?"`);
  if (bytes.length <= room) return bytes;
  let cut = room;
  // Do not end inside a multi-byte character: re-encode the longest prefix that fits.
  const chars = Array.from(text);
  let prefix = bytes.subarray(0, 0);
  for (let n = chars.length - 1; n >= 0; n--) {
    const candidate = encoder.encode(chars.slice(0, n).join('')).bytes;
    if (candidate.length <= room) {
      prefix = candidate;
      cut = candidate.length;
      break;
    }
  }
  sink.warn('WRITE_NAME_TRUNCATED', `${what} "${text}" is ${bytes.length} bytes; the field holds ${room}, cut to ${cut}`);
  return prefix;
}
