// Loaded in every test worker (vitest.base.js setupFiles). vitest's toEqual walks a typed array element by
// element through its generic deep equality, then again as Object.entries pairs: microseconds per element,
// most of the kernels suite's CPU (issue #30). This tester decides the same cases with a plain loop and gives
// the same answer vitest would; anything it is not sure of it hands back (undefined) to vitest's own walk.
import { expect } from 'vitest';

const TypedArray = Object.getPrototypeOf(Uint8Array);

/** Marks this tester: setup files run again before each test file, and a worker may hold several copies. */
const MINE = Symbol.for('relic3d.fastArrayEquality');

/** The testers registered with expect.addEqualityTesters (vitest keeps them under this global symbol). */
const userTesters = () => /** @type {{ customEqualityTesters: unknown[] }} */ (globalThis[Symbol.for('$$jest-matchers-object')]).customEqualityTesters;

/** @param {unknown} v */
const isTypedArray = (v) => v instanceof TypedArray;

/** True when the array holds only its indices as own enumerable keys (no expando properties, no holes). */
function onlyIndices(/** @type {ArrayLike<unknown>} */ a) {
  // Symbols: vitest compares enumerable own symbols of arrays, and typed arrays' entries ignore them.
  if (Array.isArray(a) && Object.getOwnPropertySymbols(a).length > 0) return false;
  return Object.keys(a).length === a.length;
}

/** Elements vitest compares with Object.is whatever the strictness: defined primitives. */
function isPlainPrimitive(/** @type {unknown} */ v) {
  const t = typeof v;
  return t === 'number' || t === 'string' || t === 'boolean' || t === 'bigint';
}

/**
 * Typed arrays, and plain arrays of defined primitives, decided as vitest's equals decides them
 * (constructor, length, every element by Object.is); undefined hands anything else back to vitest.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean | undefined}
 */
export function fastArrayEquality(a, b) {
  // A test's own testers (expect.addEqualityTesters) may decide elements otherwise: leave arrays to vitest then.
  if (userTesters().some((t) => !(/** @type {Record<symbol, boolean>} */ (t)[MINE]))) return undefined;
  if (isTypedArray(a) && isTypedArray(b)) {
    const x = /** @type {Uint8Array} */ (a);
    const y = /** @type {Uint8Array} */ (b);
    if (x.constructor !== y.constructor) return false;
    if (x.length !== y.length) return false;
    // Expando properties: vitest compares them in insertion order; let it.
    if (!onlyIndices(x) || !onlyIndices(y)) return undefined;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    // Subclasses and other realms differ under toStrictEqual's type check: leave them to vitest.
    if (Object.getPrototypeOf(a) !== Array.prototype || Object.getPrototypeOf(b) !== Array.prototype) return undefined;
    if (a.length !== b.length) return undefined;
    for (let i = 0; i < a.length; i++) if (!isPlainPrimitive(a[i]) || !isPlainPrimitive(b[i])) return undefined;
    if (!onlyIndices(a) || !onlyIndices(b)) return undefined;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  return undefined;
}

/** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (fastArrayEquality))[MINE] = true;
if (!userTesters().some((t) => /** @type {Record<symbol, boolean>} */ (t)[MINE])) expect.addEqualityTesters([fastArrayEquality]);
