// The parsed JSON made safe before anything else reads it, in one iterative walk (issue 26):
// values nested deeper than any glTF structure (deep extras) are cut, and the string fields the
// scene and the writers take as strings (names, MIME types, asset text) are made strings.
import type { WarningSink } from '@relic3d/core';

/** glTF's own structure is at most ~10 levels deep; deeper values can only be extras or unknown extension data. */
export const MAX_JSON_DEPTH = 64;

type Json = Record<string, unknown>;

/** Fields read as text outside extras: numbers and booleans become their text, anything else goes. */
const TEXT_FIELDS = ['name', 'mimeType', 'generator', 'copyright', 'minVersion'];

/**
 * Cuts containers nested deeper than MAX_JSON_DEPTH (replaced by null) and makes the text fields
 * outside extras strings, in place; each kind of fix is one warning with its count. No recursion:
 * JSON.parse reads nesting far deeper than a call stack holds.
 */
export function sanitizeJson(json: Json, warnings: WarningSink): void {
  let cut = 0;
  let fixed = 0;
  let dropped = 0;
  const stack: [Json | unknown[], number, boolean][] = [[json, 0, false]];
  const visit = (item: unknown, depth: number, inExtras: boolean): boolean => {
    if (typeof item !== 'object' || item === null) return true;
    if (depth >= MAX_JSON_DEPTH) {
      cut++;
      return false;
    }
    stack.push([item as Json, depth, inExtras]);
    return true;
  };
  while (stack.length) {
    const [value, depth, inExtras] = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (!visit(value[i], depth + 1, inExtras)) value[i] = null;
      continue;
    }
    if (!inExtras) {
      for (const key of TEXT_FIELDS) {
        const text = value[key];
        if (text === undefined || typeof text === 'string') continue;
        if (typeof text === 'number' || typeof text === 'boolean') {
          value[key] = String(text);
          fixed++;
        } else {
          delete value[key];
          dropped++;
        }
      }
    }
    for (const key of Object.keys(value)) if (!visit(value[key], depth + 1, inExtras || key === 'extras')) value[key] = null;
  }
  if (cut) warnings.warn('GLTF_EXTRAS_CUT', `${cut} values nested deeper than ${MAX_JSON_DEPTH} levels are cut (null in their place)`);
  if (fixed) warnings.warn('GLTF_TEXT_FIXED', `${fixed} names, MIME types or asset fields are numbers or booleans; read as their text`);
  if (dropped) warnings.warn('GLTF_TEXT_FIXED', `${dropped} names, MIME types or asset fields are neither text nor numbers; left out`);
}
