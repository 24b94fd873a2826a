/** Turns format extras into plain JSON: typed arrays become arrays, non-finite numbers null. */
export function toJSONValue(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'function':
    case 'symbol':
      return null;
  }
  const object = value as object;
  if (seen.has(object)) return null;
  seen.add(object);
  try {
    if (ArrayBuffer.isView(object)) {
      if (object instanceof DataView) return null;
      return Array.from(object as unknown as ArrayLike<number | bigint>, (x) => toJSONValue(x, seen));
    }
    if (object instanceof ArrayBuffer) return Array.from(new Uint8Array(object));
    if (Array.isArray(object)) return object.map((x) => toJSONValue(x, seen));
    if (object instanceof Map) return toJSONValue(Object.fromEntries(object), seen);
    if (object instanceof Set) return toJSONValue([...object], seen);
    if (object instanceof Date) return object.toISOString();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(object)) {
      if (v === undefined || typeof v === 'function') continue;
      out[k] = toJSONValue(v, seen);
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

/** Plain-object extras, or undefined when there is nothing to write. */
export function extrasOf(...parts: (Record<string, unknown> | undefined)[]): Record<string, unknown> | undefined {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [k, v] of Object.entries(part)) if (v !== undefined) merged[k] = v;
  }
  if (Object.keys(merged).length === 0) return undefined;
  return toJSONValue(merged) as Record<string, unknown>;
}
