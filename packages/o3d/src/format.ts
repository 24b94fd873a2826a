/**
 * The O3D `Format` and all of its detection: the XOR-encoded header name, the version, and the
 * rejection of bytes that are not a Flyff O3D (docs/formats/o3d.md §2.1).
 */
import { FormatError, rejectForeign, type Format } from '@relic3d/core';
import { LIMITS, NAME_XOR, O3D_VERSIONS, type O3dParseOptions } from './file.js';
import { parse, parseSync } from './parse.js';

/** Fly For Fun `.o3d` (versions 20–22), with `.chr` skeletons and `.ani` motions as companions. */
export const o3dFormat: Format<O3dParseOptions> = {
  id: 'o3d',
  name: 'Flyff O3D',
  extensions: ['.o3d'],
  mimeTypes: ['application/x-flyff-o3d'],
  encoding: 'binary',
  test: isFlyffO3d,
  parse,
  parseSync,
};

/**
 * Decodes the XOR-encoded header name, or undefined when the bytes do not start like a Flyff O3D
 * (first byte < 64, printable name ending in `.o3d`).
 */
export function decodeO3dName(bytes: Uint8Array): string | undefined {
  if (bytes.length < 1) return undefined;
  const n = bytes[0];
  if (n < 5 || n >= LIMITS.nameLength || bytes.length < 1 + n) return undefined;
  let name = '';
  for (let i = 1; i <= n; i++) {
    const c = bytes[i] ^ NAME_XOR;
    if (c === 0 && i > 1) break; // a NUL-terminated name inside the length
    if (c < 0x20 || c > 0x7e) return undefined;
    name += String.fromCharCode(c);
  }
  return name.toLowerCase().endsWith('.o3d') ? name : undefined;
}

/** Content test: XOR name ending in `.o3d`, then a version from 20 to 22. */
export function isFlyffO3d(bytes: Uint8Array): boolean {
  const name = decodeO3dName(bytes);
  if (name === undefined) return false;
  const at = 1 + bytes[0];
  if (bytes.length < at + 4) return false;
  const version = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0, true);
  return version >= O3D_VERSIONS.min && version <= O3D_VERSIONS.max;
}

/** The error for bytes whose header name is not a Flyff O3D's: a named foreign format, else the bytes seen. */
export function notFlyffO3d(bytes: Uint8Array): FormatError {
  rejectForeign(bytes, 'o3d', 'a Flyff O3D header (XOR-encoded name ending in .o3d)');
  const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return new FormatError({
    format: 'o3d',
    offset: 0,
    expected: 'a Flyff O3D header (name length < 64, XOR-0xCD name ending in .o3d)',
    found: `bytes ${head}`,
    code: 'UNKNOWN_FORMAT',
    message: `o3d: not a Flyff O3D: expected a name length below 64 and an XOR-0xCD encoded name ending in .o3d at offset 0, found bytes ${head}`,
  });
}
