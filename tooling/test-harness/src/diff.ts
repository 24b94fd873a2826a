/**
 * Paths where two values differ: typed arrays compared byte for byte (same type and same bits),
 * everything else structurally, `Object.is` on leaves. Much faster than `toEqual` on large scenes,
 * and strict enough to compare the WASM and TypeScript paths.
 */
export function sceneDifferences(a: unknown, b: unknown, limit = 10, path = '$', out: string[] = []): string[] {
  if (out.length >= limit) return out;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor) {
      out.push(`${path}: array types differ`);
    } else if (a.byteLength !== b.byteLength) {
      out.push(`${path}: ${a.byteLength} bytes vs ${b.byteLength}`);
    } else {
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      for (let i = 0; i < x.length; i++) {
        if (x[i] !== y[i]) {
          out.push(`${path}: byte ${i} differs`);
          break;
        }
      }
    }
  } else if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) out.push(`${path}: array vs object`);
    else if (a instanceof Map || b instanceof Map) {
      sceneDifferences([...(a as Map<unknown, unknown>)], [...(b as Map<unknown, unknown>)], limit, path, out);
    } else {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys) {
        sceneDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], limit, `${path}.${k}`, out);
      }
    }
  } else if (!Object.is(a, b)) {
    out.push(`${path}: ${String(a)} !== ${String(b)}`);
  }
  return out;
}
