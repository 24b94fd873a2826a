// Values from the JSON (or a Document built by hand) made into what the scene takes: finite
// numbers of the right count, plain-object extras.

/** `size` finite numbers from `value`, or undefined when it is not that. */
export function finiteTuple(value: unknown, size: number): number[] | undefined {
  if (!value || typeof value !== 'object' || (value as ArrayLike<unknown>).length !== size) return undefined;
  const out = new Array<number>(size);
  for (let i = 0; i < size; i++) {
    const x = (value as ArrayLike<unknown>)[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return undefined;
    out[i] = x;
  }
  return out;
}

/** A finite number, or `fallback`. */
export function finiteOr<T extends number | undefined>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);

/** A copy of `extras` without `keys`; undefined when nothing is left (or extras are not an object). */
export function extrasWithout(extras: unknown, ...keys: string[]): Record<string, unknown> | undefined {
  if (!isPlainObject(extras)) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(extras)) {
    if (keys.includes(k) || extras[k] === undefined) continue;
    (out ??= {})[k] = extras[k];
  }
  return out;
}

/** Replaces non-finite values by `fill`, in place on a copy made only when needed; returns the count. */
export function finiteArray(data: Float32Array, fill = 0): { data: Float32Array; replaced: number } {
  let replaced = 0;
  let out = data;
  for (let i = 0; i < data.length; i++) {
    if (Number.isFinite(data[i])) continue;
    if (out === data) out = data.slice();
    out[i] = fill;
    replaced++;
  }
  return { data: out, replaced };
}

/**
 * A name as text: a Document built by hand may hold any value there (files are made text before
 * reading, sanitize.ts); numbers and booleans give their text, anything else no name.
 */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
