import { rejectForeign, type Format } from '@relic3d/core';
import { FORMAT_ID, MS3D_MAGIC, type Ms3dParseOptions } from './file.js';
import { parse, parseSync } from './parse.js';
import { HEADER_SIZE, VERSION_OFFSET } from './read/layout.js';

/** The versions this reader knows (docs/formats/ms3d.md §7): 4, and 3. */
export function isKnownVersion(version: number): boolean {
  return version === 3 || version === 4;
}

/** True when the bytes start with `MS3D000000`. */
function hasMagic(bytes: Uint8Array): boolean {
  for (let i = 0; i < MS3D_MAGIC.length; i++) if (bytes[i] !== MS3D_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** True for `MS3D000000` followed by version 3 or 4. */
export function isMs3d(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_SIZE || !hasMagic(bytes)) return false;
  const at = VERSION_OFFSET;
  return isKnownVersion(bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24));
}

/**
 * For a header without the magic: throws the error that names a format we recognise (or says the
 * input is empty); returns otherwise, so the reader reports its own mismatch.
 */
export function rejectIfForeign(bytes: Uint8Array): void {
  if (!hasMagic(bytes)) rejectForeign(bytes, FORMAT_ID, `'${MS3D_MAGIC}'`, 'MilkShape 3D model');
}

export const ms3dFormat: Format<Ms3dParseOptions> = {
  id: FORMAT_ID,
  name: 'MilkShape 3D',
  extensions: ['.ms3d'],
  mimeTypes: ['model/x-ms3d', 'application/x-ms3d'],
  encoding: 'binary',
  test: isMs3d,
  parse,
  parseSync,
};
