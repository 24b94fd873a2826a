/** On globalThis, so a module imported afresh after vi.resetModules() finds the same values. */
const MEMO = Symbol.for('relic3d.test-memo');

/**
 * The value `make` gives for `key`, made once per vitest worker: with `isolate: false` a package's
 * test files share a worker, so a corpus file parsed (or written) by one file is not parsed again by
 * the next (issue #30). The value is shared: callers read it, never change it.
 */
export function memo<T>(key: string, make: () => T): T {
  const g = globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>;
  const values = (g[MEMO] ??= new Map());
  if (values.has(key)) return values.get(key) as T;
  const value = make();
  values.set(key, value);
  return value;
}
