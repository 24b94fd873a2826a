import { ready } from '@relic3d/kernels';
import { unweldJS } from '@relic3d/kernels/reference';
import { beforeAll, describe, expect, it } from 'vitest';
import { weldCorners, type CornerLists } from '../src/scene/weld.js';

/** Deterministic pseudo-random integers below `n`. */
function ints(count: number, n: number, seed: number): Uint32Array {
  let s = seed >>> 0;
  return Uint32Array.from({ length: count }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  });
}

/** The 6-word keys the kernel reference would see (position, normal or 3 normal words, UV 1, UV 2). */
function keysOf(l: CornerLists): Uint32Array {
  const n = l.position.length;
  const keys = new Uint32Array(n * 6);
  for (let c = 0; c < n; c++) {
    keys[c * 6] = l.position[c];
    if (l.normal.length) keys[c * 6 + 1] = l.normal[c];
    else if (l.normalBits.length) for (let k = 0; k < 3; k++) keys[c * 6 + 1 + k] = l.normalBits[(l.bitsBase + c) * 3 + k];
    if (l.uv0.length) keys[c * 6 + 4] = l.uv0[c];
    if (l.uv1.length) keys[c * 6 + 5] = l.uv1[c];
  }
  return keys;
}

function expectSameAsKernel(l: CornerLists): void {
  for (const kernels of ['js', 'wasm'] as const) expectSame(l, kernels);
}

function expectSame(l: CornerLists, kernels: 'wasm' | 'js'): void {
  const ours = weldCorners(l, kernels);
  const ref = unweldJS(keysOf(l), 6, l.position.length);
  expect(ours.vertexCount).toBe(ref.vertexCount);
  expect(Array.from(ours.indices)).toEqual(Array.from(ref.indices));
  expect(Array.from(ours.firstCorner)).toEqual(Array.from(ref.firstCorner));
  const atFirst = (list: Uint32Array) => (list.length ? Array.from(ref.firstCorner, (c) => list[c]) : []);
  expect(Array.from(ours.position)).toEqual(atFirst(l.position));
  expect(Array.from(ours.normal)).toEqual(atFirst(l.normal));
  expect(Array.from(ours.uv0)).toEqual(atFirst(l.uv0));
  expect(Array.from(ours.uv1)).toEqual(atFirst(l.uv1));
}

const none = new Uint32Array(0);

describe('weldCorners: position-bucketed un-welding equals the unweld kernel', () => {
  beforeAll(() => ready());

  it('stored normal and two UV lists, with many repeats', () => {
    expectSameAsKernel({ position: ints(3000, 50, 1), positionCount: 50, normal: ints(3000, 4, 2), normalBits: none, bitsBase: 0, uv0: ints(3000, 3, 3), uv1: ints(3000, 2, 4) });
  });

  it('generated normal bits from a base corner, one UV list', () => {
    const bits = ints(3 * 900, 2, 5);
    expectSameAsKernel({ position: ints(600, 40, 6), positionCount: 40, normal: none, normalBits: bits, bitsBase: 300, uv0: ints(600, 5, 7), uv1: none });
  });

  it('more vertices than positions (the per-vertex arrays grow)', () => {
    expectSameAsKernel({ position: ints(20000, 30, 9), positionCount: 30, normal: ints(20000, 7, 10), normalBits: none, bitsBase: 0, uv0: ints(20000, 9, 11), uv1: none });
  });

  it('positions only, and every list equal to the position list', () => {
    const p = ints(2000, 300, 8);
    expectSameAsKernel({ position: p, positionCount: 300, normal: none, normalBits: none, bitsBase: 0, uv0: none, uv1: none });
    expectSameAsKernel({ position: p, positionCount: 300, normal: p, normalBits: none, bitsBase: 0, uv0: p, uv1: none });
  });

  it('one position shared by thousands of distinct vertices falls back to the kernel, same result', () => {
    const n = 3000;
    const l: CornerLists = { position: new Uint32Array(n), positionCount: 1, normal: none, normalBits: none, bitsBase: 0, uv0: Uint32Array.from({ length: n }, (_, i) => i % 2500), uv1: none };
    expectSameAsKernel(l);
    const r = weldCorners(l, 'js');
    expect(r.vertexCount).toBe(2500);
    expect(r.indices[2600]).toBe(100);
  });
});
