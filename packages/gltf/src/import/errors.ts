// The one error fromGltf throws: core's FormatError with format 'gltf'.
import { FormatError, isFormatError, type FormatErrorCode } from '@relic3d/core';

/** A FormatError for glTF input; `where` is a JSON path (`meshes[0].primitives[1]`) or a byte position. */
export function gltfError(code: FormatErrorCode, where: string, expected: string, found: string, offset = 0): FormatError {
  return new FormatError({ format: 'gltf', code, offset, expected, found, message: `gltf: ${where}: expected ${expected}, found ${found}` });
}

/**
 * Any error thrown while glTF-Transform reads a checked document (a case the checks do not cover,
 * an extension's own reader, a missing decoder) as a FormatError, so nothing untyped escapes.
 */
export function asFormatError(error: unknown, what: string): FormatError {
  if (isFormatError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const unsupported = /missing (required extension|dependency)|unsupported/i.test(message);
  return gltfError(unsupported ? 'UNSUPPORTED' : 'BAD_VALUE', what, 'a glTF 2.0 document glTF-Transform can read', message || 'an error');
}

/** Short JSON of a value found in the file, for error messages. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
