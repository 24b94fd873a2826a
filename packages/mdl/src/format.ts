import { FormatError, foreignError, identifyForeign, printable, type Format } from '@relic3d/core';
import { FORMAT_ID, FORMAT_NAME, G3D_MAGIC, G3D_VERSION, ULTRA_MAGIC, type MdlParseOptions, type MdlVariant } from './file.js';
import { parse, parseSync } from './parse.js';

/** Ultra Engine `.mdl` as a core `Format`; `test` looks at the magic only, never the file name. */
export const mdlFormat: Format<MdlParseOptions> = {
  id: FORMAT_ID,
  name: FORMAT_NAME,
  extensions: ['.mdl'],
  mimeTypes: ['model/x-ultra-mdl'],
  encoding: 'binary',
  test: isMdl,
  parse,
  parseSync,
};

/** Content test: the Ultra magic (any version, so the parser can name it) or `G3D\0` + 100. */
export function isMdl(bytes: Uint8Array): boolean {
  const header = sniffMdl(bytes);
  if (!header) return false;
  return header.variant === 'ultra' || header.version === G3D_VERSION;
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

/**
 * The error for bytes that are not an MDL we read, following the dispatch table in
 * docs/formats/mdl.md §1.1: it names the real format (Quake, Half-Life, Source, Leadwerks, LFS pointer, …)
 * and shows the first bytes.
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

/** Names formats core does not know: NWN/KotOR binary MDL (first uint32 = 0; weak, so last). */
function identifyLocalForeign(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 12 && i32At(bytes, 0) === 0) return 'Neverwinter Nights / KotOR binary MDL';
  return undefined;
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

function i32At(bytes: Uint8Array, at: number): number | undefined {
  if (at + 4 > bytes.length) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0, true);
}
