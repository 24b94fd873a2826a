import { FormatError, foreignError, type Format } from '@relic3d/core';
import { FORMAT_ID, SIGNATURE, type LodParseOptions } from './file.js';
import { parse, parseSync } from './parse.js';

const signatureBytes = Uint8Array.from(SIGNATURE, (c) => c.charCodeAt(0));

/** Content test: the 8-byte signature 'LODka3D1' (many unrelated formats use .lod). */
export function test(bytes: Uint8Array): boolean {
  if (bytes.length < signatureBytes.length) return false;
  for (let i = 0; i < signatureBytes.length; i++) if (bytes[i] !== signatureBytes[i]) return false;
  return true;
}

/**
 * Throws unless the file starts with the signature: a foreign file (another format's magic) is
 * named as such, and 'LODka3D' with another version digit is BAD_VERSION.
 */
export function expectSignature(bytes: Uint8Array): void {
  if (bytes.length < SIGNATURE.length || String.fromCharCode(...bytes.subarray(0, 7)) !== SIGNATURE.slice(0, 7)) {
    throw foreignError(bytes, FORMAT_ID, `the signature '${SIGNATURE}'`, 'LODka3D model');
  }
  if (bytes[7] !== SIGNATURE.charCodeAt(7)) {
    throw new FormatError({ format: FORMAT_ID, offset: 7, expected: `signature '${SIGNATURE}'`, found: `version '${String.fromCharCode(bytes[7])}'`, code: 'BAD_VERSION' });
  }
}

export const lodFormat: Format<LodParseOptions> = {
  id: FORMAT_ID,
  name: 'LODka3D',
  extensions: ['.lod'],
  mimeTypes: ['model/x-lodka3d'],
  encoding: 'binary',
  test,
  parse,
  parseSync,
};
