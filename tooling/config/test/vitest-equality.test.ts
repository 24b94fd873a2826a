// The shared equality tester (vitest-equality.js) must give exactly vitest's answer, for toEqual and
// toStrictEqual, or hand the pair back: each case is decided by vitest's own equals without the tester
// and with it in front, and by a hand-written expectation.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .js setup module without declarations
import { fastArrayEquality } from '../vitest-equality.js';

type Tester = (a: unknown, b: unknown, testers: Tester[]) => boolean | undefined;
interface VitestExpect {
  equals(a: unknown, b: unknown, testers?: Tester[], strict?: boolean): boolean;
  iterableEquality: Tester;
  typeEquality: Tester;
  sparseArrayEquality: Tester;
  arrayBufferEquality: Tester;
}

// vitest's own deep equality, loaded from the copy vitest itself uses.
const fromVitest = createRequire(createRequire(import.meta.url).resolve('vitest'));
const vx = (await import(pathToFileURL(fromVitest.resolve('@vitest/expect')).href)) as VitestExpect;

/** toEqual's and toStrictEqual's tester lists, as vitest builds them, with or without ours in front. */
function decide(a: unknown, b: unknown, ours: boolean) {
  const lead = ours ? [fastArrayEquality as Tester] : [];
  return {
    toEqual: vx.equals(a, b, [...lead, vx.iterableEquality]),
    toStrictEqual: vx.equals(a, b, [...lead, vx.iterableEquality, vx.typeEquality, vx.sparseArrayEquality, vx.arrayBufferEquality], true),
  };
}

class MyArray<T> extends Array<T> {}
const withProp = <T extends object>(o: T, key: string | symbol, value: unknown): T => Object.assign(o, { [key]: value });
// eslint-disable-next-line no-sparse-arrays
const holey = [1, , 3];

/** [name, a, b, toEqual, toStrictEqual] */
const CASES: [string, unknown, unknown, boolean, boolean][] = [
  ['equal Float32Arrays', new Float32Array([1, 2.5, -3]), new Float32Array([1, 2.5, -3]), true, true],
  ['one element differs', new Float32Array([1, 2, 3]), new Float32Array([1, 2, 4]), false, false],
  ['NaN equals NaN', new Float64Array([NaN, 1]), new Float64Array([NaN, 1]), true, true],
  ['0 is not -0', new Float32Array([0]), new Float32Array([-0]), false, false],
  ['lengths differ', new Uint16Array([1, 2]), new Uint16Array([1, 2, 0]), false, false],
  ['constructors differ', new Uint8Array([1, 2]), new Int8Array([1, 2]), false, false],
  ['Buffer is not Uint8Array', Buffer.from([1, 2]), new Uint8Array([1, 2]), false, false],
  ['equal Buffers', Buffer.from([1, 2]), Buffer.from([1, 2]), true, true],
  ['a subarray view', new Uint8Array([9, 1, 2]).subarray(1), new Uint8Array([1, 2]), true, true],
  ['BigInt64Arrays', new BigInt64Array([1n, -2n]), new BigInt64Array([1n, -2n]), true, true],
  ['BigInt64Arrays differing', new BigInt64Array([1n]), new BigInt64Array([2n]), false, false],
  ['empty typed arrays', new Int32Array(0), new Int32Array(0), true, true],
  ['typed array against an array', new Uint8Array([1, 2]), [1, 2], false, false],
  ['same expando property', withProp(new Uint8Array([1]), 'tag', 'x'), withProp(new Uint8Array([1]), 'tag', 'x'), true, true],
  ['different expando property', withProp(new Uint8Array([1]), 'tag', 'x'), withProp(new Uint8Array([1]), 'tag', 'y'), false, false],
  ['expando on one side only', withProp(new Uint8Array([1]), 'tag', 'x'), new Uint8Array([1]), false, false],
  ['equal number arrays', [1, 2, 3], [1, 2, 3], true, true],
  ['number arrays differing', [1, 2, 3], [1, 2, 4], false, false],
  ['0 is not -0 in arrays', [0], [-0], false, false],
  ['NaN in arrays', [NaN], [NaN], true, true],
  ['number is not string', [1], ['1'], false, false],
  ['mixed primitives', ['a', true, 2n, 1.5], ['a', true, 2n, 1.5], true, true],
  ['array lengths differ', [1, 2], [1, 2, 3], false, false],
  ['undefined against a hole', [1, undefined, 3], holey, true, false],
  ['nested arrays', [[1, 2], [3]], [[1, 2], [3]], true, true],
  ['nested arrays differing', [[1, 2], [3]], [[1, 2], [4]], false, false],
  ['objects in arrays', [{ a: 1 }], [{ a: 1, b: undefined }], true, false],
  ['an Array subclass', MyArray.from([1, 2]), [1, 2], true, false],
  ['expando on an array', withProp([1, 2], 'x', 1), [1, 2], false, false],
  ['symbol on an array', withProp([1, 2], Symbol.for('s'), 1), [1, 2], false, false],
  ['asymmetric element', [1, 2], [1, expect.any(Number)], true, true],
  ['typed arrays nested in objects', { p: new Float32Array([1, 2]) }, { p: new Float32Array([1, 2]) }, true, true],
  ['typed arrays nested, differing', { p: new Float32Array([1, 2]) }, { p: new Float32Array([1, 3]) }, false, false],
];

describe('fastArrayEquality', () => {
  it.each(CASES)('%s: vitest decides it the same with and without the tester, as expected', (_, a, b, loose, strict) => {
    expect(decide(a, b, false)).toEqual({ toEqual: loose, toStrictEqual: strict });
    expect(decide(a, b, true)).toEqual({ toEqual: loose, toStrictEqual: strict });
    expect(decide(b, a, true)).toEqual(decide(b, a, false));
  });

  it('decides typed and primitive arrays itself, and hands everything else back', () => {
    expect(fastArrayEquality(new Float32Array([1]), new Float32Array([2]))).toBe(false);
    expect(fastArrayEquality([1, 'a'], [1, 'a'])).toBe(true);
    expect(fastArrayEquality([{ a: 1 }], [{ a: 1 }])).toBeUndefined();
    expect(fastArrayEquality({ a: 1 }, { a: 1 })).toBeUndefined();
    expect(fastArrayEquality(withProp(new Uint8Array([1]), 'tag', 'x'), new Uint8Array([1]))).toBeUndefined();
  });

  it('is installed in this worker: matchers use it and still fail on a difference', () => {
    const registered = (globalThis as unknown as Record<symbol, { customEqualityTesters: Record<symbol, boolean>[] }>)[Symbol.for('$$jest-matchers-object')].customEqualityTesters;
    expect(registered.filter((t) => t[Symbol.for('relic3d.fastArrayEquality')])).toHaveLength(1);
    const big = Float32Array.from({ length: 5_000 }, (_, i) => i / 7);
    const copy = big.slice();
    expect(copy).toEqual(big);
    copy[4_999] = -1;
    expect(copy).not.toEqual(big);
    expect(() => expect(copy).toStrictEqual(big)).toThrow();
    expect(Array.from(big)).toEqual(Array.from(big.slice()));
    expect([...Array.from(big), 0]).not.toEqual([...Array.from(big), -0]);
  });

  it('steps aside when a test registers its own tester, which then decides the elements', () => {
    const closeEnough = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 0.5 : undefined);
    expect.addEqualityTesters([closeEnough]);
    try {
      expect(fastArrayEquality([1, 2], [1, 2.2])).toBeUndefined();
      expect([1, 2]).toEqual([1, 2.2]);
    } finally {
      const registered = (globalThis as unknown as Record<symbol, { customEqualityTesters: unknown[] }>)[Symbol.for('$$jest-matchers-object')].customEqualityTesters;
      registered.splice(registered.indexOf(closeEnough), 1);
    }
    expect(fastArrayEquality([1, 2], [1, 2.2])).toBe(false);
  });
});
