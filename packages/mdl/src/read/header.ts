import { FormatError } from '@relic3d/core';
import { FORMAT_ID, G3D_VERSION, ULTRA_VERSIONS } from '../file.js';
import { notMdlError, sniffMdl, type MdlHeader } from '../format.js';

/** Checks the magic and version; returns the header or throws the dispatch table's error. */
export function readHeader(bytes: Uint8Array): MdlHeader & { version: number } {
  const header = sniffMdl(bytes);
  if (!header) throw notMdlError(bytes);
  const at = header.magicLength;
  if (header.version === undefined) {
    throw new FormatError({ format: FORMAT_ID, offset: at, expected: 'a 4-byte version', found: `${bytes.length - at} bytes`, code: 'TRUNCATED' });
  }
  const supported = header.variant === 'ultra' ? ULTRA_VERSIONS.includes(header.version) : header.version === G3D_VERSION;
  if (!supported) {
    const which = header.variant === 'ultra' ? 'Ultra MDL' : 'G3D MDL';
    throw new FormatError({
      format: FORMAT_ID,
      offset: at,
      expected: header.variant === 'ultra' ? 'version 300, 301 or 302' : 'version 100',
      found: String(header.version),
      code: 'BAD_VERSION',
      message: `unsupported ${which} version ${header.version} (this reader knows ${header.variant === 'ultra' ? '300–302' : '100'})`,
    });
  }
  return header as MdlHeader & { version: number };
}
