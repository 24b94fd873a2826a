import type { CompanionCache } from '../format/types.js';

/** A least-recently-used cache bounded in bytes (a value larger than the bound is not kept). */
export function lruCache(maxBytes: number): CompanionCache & { readonly bytes: number; readonly size: number; clear(): void } {
  const entries = new Map<string, { value: unknown; bytes: number }>();
  let total = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, bytes) {
      const old = entries.get(key);
      if (old) {
        total -= old.bytes;
        entries.delete(key);
      }
      if (bytes > maxBytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [k, e] of entries) {
        if (total <= maxBytes) break;
        entries.delete(k);
        total -= e.bytes;
      }
    },
    get bytes() {
      return total;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      total = 0;
    },
  };
}
