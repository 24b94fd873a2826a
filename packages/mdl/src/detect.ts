import { FormatError, foreignError, identifyForeign, printable } from '@relic3d/core';
import type { MdlVariant } from './types.js';

export const FORMAT_ID = 'mdl';
export const FORMAT_NAME = 'Ultra Engine MDL';

const ULTRA_MAGIC = 'Ultra Model\0';
const G3D_MAGIC = 'G3D\0';
export const ULTRA_VERSIONS = [300, 301, 302];
export const G3D_VERSION = 100;

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

function i32At(bytes: Uint8Array, at: number): number | undefined {
  if (at + 4 > bytes.length) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0, true);
}

export interface MdlHeader {
  variant: MdlVariant;
  magic: string;
  /** Bytes of the magic; the version follows. */
  magicLength: number;
  version: number | undefined;
}

/** Which of our two magics the bytes start with (the version is not checked). */
export function sniffMdl(bytes: Uint8Array): MdlHeader | undefined {
  if (startsWith(bytes, ULTRA_MAGIC)) return { variant: 'ultra', magic: 'Ultra Model', magicLength: 12, version: i32At(bytes, 12) };
  if (startsWith(bytes, G3D_MAGIC)) return { variant: 'g3d', magic: 'G3D', magicLength: 4, version: i32At(bytes, 4) };
  return undefined;
}

/** Content test: the Ultra magic (any version, so the parser can name it) or `G3D\0` + 100. */
export function isMdl(bytes: Uint8Array): boolean {
  const header = sniffMdl(bytes);
  if (!header) return false;
  return header.variant === 'ultra' || header.version === G3D_VERSION;
}

/** Names formats core does not know: NWN/KotOR binary MDL (first uint32 = 0; weak, so last). */
function identifyLocalForeign(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 12 && i32At(bytes, 0) === 0) return 'Neverwinter Nights / KotOR binary MDL';
  return undefined;
}

/**
 * The error for bytes that are not an MDL we read, following the spec's dispatch table: it names
 * the real format (Quake, Half-Life, Source, Leadwerks, LFS pointer, …) and shows the first bytes.
 */
export function notMdlError(bytes: Uint8Array): FormatError {
  const expected = `an ${FORMAT_NAME} file ('Ultra Model' v300–302 or 'G3D' v100)`;
  if (identifyForeign(bytes) || bytes.length === 0) return foreignError(bytes, FORMAT_ID, expected, FORMAT_NAME);
  const local = identifyLocalForeign(bytes);
  const head = printable(String.fromCharCode(...bytes.subarray(0, 16)));
  if (local) {
    return new FormatError({
      format: FORMAT_ID,
      offset: 0,
      expected,
      found: local,
      code: 'FOREIGN_FORMAT',
      message: `this is a ${local}, not an ${FORMAT_NAME} (first bytes '${head}')`,
    });
  }
  return new FormatError({ format: FORMAT_ID, offset: 0, expected, found: `'${head}'`, code: 'UNKNOWN_FORMAT' });
}

/** Checks the magic and version; returns the header or throws the dispatch table's error. */
export function checkHeader(bytes: Uint8Array): MdlHeader & { version: number } {
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
