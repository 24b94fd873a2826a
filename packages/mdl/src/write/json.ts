/**
 * JSON laid out as Ultra Engine writes its `.mat` files: keys sorted, one tab per level, every
 * array element on its own line, and float fields as the double of a float32 with at least one
 * decimal (`1.0`, `0.10000000149011612`), e.g. `Models/Doors/doordouble_wood.mat` in the
 * Circuit-Chaos project.
 */
export function ultraJson(value: unknown, floatKeys: ReadonlySet<string>): string {
  return format(value, 0, false, floatKeys);
}

function format(value: unknown, depth: number, float: boolean, floatKeys: ReadonlySet<string>): string {
  const indent = '\t'.repeat(depth + 1), close = '\t'.repeat(depth);
  if (typeof value === 'number') return float ? floatText(value) : Number.isFinite(value) ? String(value) : 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => indent + format(v, depth + 1, float, floatKeys)).join(',\n')}\n${close}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    if (keys.length === 0) return '{}';
    const entries = keys.map((k) => `${indent}${JSON.stringify(k)}: ${format((value as Record<string, unknown>)[k], depth + 1, floatKeys.has(k), floatKeys)}`);
    return `{\n${entries.join(',\n')}\n${close}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function floatText(v: number): string {
  if (!Number.isFinite(v)) return '0.0';
  const text = String(Math.fround(v));
  return /[.e]/.test(text) ? text : `${text}.0`;
}
