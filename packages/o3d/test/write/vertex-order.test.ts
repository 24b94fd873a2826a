// Vertex emission (emit.ts): written vertices are numbered by first use whatever the scene's order,
// so a primitive already in first-use order (copied in bulk) and the same primitive with its
// vertices shuffled (numbered through the remap table) write the same bytes; 16- and 32-bit
// indices too, and vertices no triangle uses are not written.
import { describe, expect, it } from 'vitest';
import type { Primitive } from '@relic3d/core';
import { readO3d, writeO3d } from '../../src/index.js';
import { box, meshScene } from './scenes.js';

/** The same primitive with its vertices stored in the order `order` (new vertex k = old order[k]). */
function reordered(p: Primitive, order: number[]): Primitive {
  const pick = (a: Float32Array, size: number) => Float32Array.from(order.flatMap((v) => Array.from(a.subarray(v * size, v * size + size))));
  const where = new Map(order.map((v, k) => [v, k]));
  return {
    attributes: { POSITION: pick(p.attributes.POSITION, 3), NORMAL: pick(p.attributes.NORMAL!, 3), TEXCOORD_0: pick(p.attributes.TEXCOORD_0!, 2) },
    indices: Uint32Array.from(p.indices!, (v) => where.get(v)!),
  };
}

const bytesOf = (p: Primitive[]) => writeO3d(meshScene('order', [p])).files['order.o3d'];

describe('vertex order', () => {
  const inOrder = box();
  const count = inOrder.attributes.POSITION.length / 3;

  it('writes a shuffled primitive as the same bytes as the one in first-use order', () => {
    const reversed = reordered(inOrder, Array.from({ length: count }, (_, k) => count - 1 - k));
    expect(bytesOf([reversed])).toEqual(bytesOf([inOrder]));
  });

  it('writes 16- and 32-bit indices alike', () => {
    const wide = { ...inOrder, indices: Uint32Array.from(inOrder.indices!) };
    expect(bytesOf([wide])).toEqual(bytesOf([inOrder]));
  });

  it('numbers each primitive from where the last one ended, and leaves out unused vertices', () => {
    const extra = reordered(inOrder, [...Array.from({ length: count }, (_, k) => k), 0]);
    const two = readO3d(bytesOf([inOrder, extra])).groups[0][0].geometry;
    expect(two.positions.length / 3).toBe(2 * count);
    expect(Array.from(two.indices.subarray(36, 39))).toEqual([count, count + 2, count + 1]);
    expect(two.blocks.map((b) => b.startIndex)).toEqual([0, 36]);
  });
});
