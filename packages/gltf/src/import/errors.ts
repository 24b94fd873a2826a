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

const SHOWN_LENGTH = 60;

/**
 * Short JSON of a value found in the file, for error messages. Written piece by piece and stopped
 * at 60 characters, never recursing: a value nested 100,000 deep overflowed JSON.stringify and
 * Array.join here (issue 26).
 */
export function shown(value: unknown): string {
  let text = '';
  const stack: ({ raw: string } | { value: unknown })[] = [{ value }];
  while (stack.length && text.length <= SHOWN_LENGTH) {
    const piece = stack.pop()!;
    if ('raw' in piece) {
      text += piece.raw;
      continue;
    }
    const v = piece.value;
    if (Array.isArray(v) || ArrayBuffer.isView(v)) {
      const items = v as ArrayLike<unknown>;
      text += '[';
      stack.push({ raw: ']' });
      for (let i = Math.min(items.length, SHOWN_LENGTH) - 1; i >= 0; i--) {
        stack.push({ value: items[i] });
        if (i) stack.push({ raw: ',' });
      }
    } else if (typeof v === 'object' && v !== null) {
      text += '{';
      stack.push({ raw: '}' });
      const keys = Object.keys(v).slice(0, SHOWN_LENGTH);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (v as Record<string, unknown>)[keys[i]] }, { raw: `${JSON.stringify(keys[i].slice(0, SHOWN_LENGTH))}:` });
        if (i) stack.push({ raw: ',' });
      }
    } else text += typeof v === 'string' ? JSON.stringify(v.slice(0, SHOWN_LENGTH + 1)) : typeof v === 'number' || typeof v === 'boolean' || v === null ? JSON.stringify(v) : String(v);
  }
  return text.length > SHOWN_LENGTH || stack.length ? `${text.slice(0, SHOWN_LENGTH - 3)}...` : text;
}
