// Type checks at the public boundary. The WASM path copies a typed array's bytes into module memory
// and the kernel reads them as the type it expects, so an array of another element type (an
// Int32Array of offsets, a Float64Array of indices) would be read as garbage offsets or skip checks.

type Ctor = abstract new (...args: never[]) => ArrayBufferView;

/** A short description of a value for error messages: `Float64Array(3)`, `array(4)`, `undefined`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array(${value.length})`;
  if (ArrayBuffer.isView(value)) {
    const length = (value as { length?: number }).length;
    return `${value.constructor.name}(${length ?? value.byteLength})`;
  }
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}

/**
 * Throws a TypeError unless `value` is an instance of `a`, `b` or `c` (subclasses such as Buffer
 * pass). Fixed arity, no rest array: it runs on every kernel call.
 */
export function expectArray(name: string, value: unknown, a: Ctor, b?: Ctor, c?: Ctor): void {
  if (value instanceof a || (b && value instanceof b) || (c && value instanceof c)) return;
  const names = [a, b, c].filter((x) => x !== undefined).map((x) => x.name);
  throw new TypeError(`${name} must be a ${names.join(' or ')}, got ${describe(value)}`);
}

/** Like {@link expectArray}, but `undefined` is allowed. */
export function expectOptionalArray(name: string, value: unknown, a: Ctor): void {
  if (value !== undefined) expectArray(name, value, a);
}

/** Throws a TypeError unless `value` is a plain array or a typed array of numbers (not BigInt, not a DataView). */
export function expectNumbers(name: string, value: unknown): void {
  if (Array.isArray(value)) return;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView) && !(value instanceof BigInt64Array) && !(value instanceof BigUint64Array)) return;
  throw new TypeError(`${name} must be an array or a typed array of numbers, got ${describe(value)}`);
}

/** Throws a RangeError unless `value` is an integer in 0..max. */
export function expectCount(name: string, value: unknown, max = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${typeof value === 'number' ? value : describe(value)}`);
  }
}
