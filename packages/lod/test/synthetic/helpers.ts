// Shared helpers of the synthetic LOD tests: a validated parse, the FormatError catcher, float comparison, small skeletons.
import { isFormatError, validateScene, type Scene } from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync, type LodParseOptions } from '../../src/index.js';

/**
 * A parse that must give a valid scene. Synthetic files are checked field by field against the
 * coordinates they store, so they are read as stored (`upAxis: 'y'`) unless a test asks otherwise;
 * the default Z-up edge conversion has its own tests (up-axis.test.ts, skeleton.test.ts).
 */
export function valid(bytes: Uint8Array, options?: LodParseOptions): Scene {
  const scene = parseSync(bytes, { upAxis: 'y', ...options });
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

export function formatError(fn: () => unknown): { code: string; offset: number; message: string } {
  try {
    fn();
  } catch (e) {
    expect(isFormatError(e)).toBe(true);
    return e as { code: string; offset: number; message: string };
  }
  throw new Error('expected a FormatError');
}

export const closeTo = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 5) => Array.from(a).forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));

export const bones2 = [
  { id: 0, parent: -1, name: 'root' },
  { id: 1, parent: 0, name: 'child' },
];

export function manyBones(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }));
}
