import { FormatError, type ByteReader } from '@relic3d/core';
import { FORMAT_ID, MS3D_MAGIC } from '../file.js';
import { isKnownVersion, rejectIfForeign } from '../format.js';
import { HEADER_SIZE, VERSION_OFFSET } from './layout.js';

/** The 14-byte header (docs/formats/ms3d.md §2.1): checks the magic, returns the version. */
export function readHeader(r: ByteReader): number {
  const bytes = r.bytes;
  if (bytes.length < HEADER_SIZE) {
    r.fail(`a ${HEADER_SIZE}-byte header starting '${MS3D_MAGIC}'`, `${bytes.length} bytes`, bytes.length === 0 ? 'EMPTY' : 'TRUNCATED');
  }
  rejectIfForeign(bytes);
  r.expectBytes(MS3D_MAGIC, 'MS3D magic');
  const version = r.i32();
  if (!isKnownVersion(version)) {
    throw new FormatError({
      format: FORMAT_ID,
      offset: VERSION_OFFSET,
      expected: 'version 3 or 4',
      found: String(version),
      code: 'BAD_VERSION',
      message: `unsupported MS3D version ${version}`,
    });
  }
  return version;
}
