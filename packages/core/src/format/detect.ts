import { article, foreignError, identifyForeign } from './foreign.js';
import { registeredFormats } from './registry.js';
import type { Format } from './types.js';

function extensionOf(fileName: string | undefined): string {
  if (!fileName) return '';
  const m = /\.[^./\\]+$/.exec(fileName);
  return m ? m[0].toLowerCase() : '';
}

/**
 * Picks the format whose `test` accepts the bytes. Content decides; the file name only breaks ties.
 */
export function detectFormat(
  bytes: Uint8Array,
  fileName?: string,
  formats: readonly Format[] = registeredFormats(),
): Format | undefined {
  const matches = formats.filter((f) => {
    try {
      return f.test(bytes);
    } catch {
      return false;
    }
  });
  if (matches.length <= 1) return matches[0];
  const ext = extensionOf(fileName);
  return matches.find((f) => f.extensions.includes(ext)) ?? matches[0];
}

export interface RequireFormatOptions {
  /**
   * When no format accepts the bytes and they are neither empty nor a known foreign format, use
   * the format the file extension names, so its parser reports exactly what is wrong (a version,
   * a count) instead of "unknown format".
   */
  byExtension?: boolean;
}

/**
 * Like `detectFormat`, but throws a `FormatError` that says what the file is when no format
 * accepts it: "this is a Quake 1 MDL (IDPO v6), not an Ultra Engine MDL".
 */
export function requireFormat(
  bytes: Uint8Array,
  fileName?: string,
  formats: readonly Format[] = registeredFormats(),
  options: RequireFormatOptions = {},
): Format {
  const found = detectFormat(bytes, fileName, formats);
  if (found) return found;
  const ext = extensionOf(fileName);
  const expectedFormat = formats.find((f) => f.extensions.includes(ext));
  if (options.byExtension && expectedFormat && bytes.length > 0 && !identifyForeign(bytes)) return expectedFormat;
  const expected = expectedFormat ? `${article(expectedFormat.name)} ${expectedFormat.name} file` : `one of ${formats.map((f) => f.name).join(', ') || 'the registered formats'}`;
  throw foreignError(bytes, expectedFormat?.id ?? 'unknown', expected, expectedFormat?.name);
}
