// Synthetic O3D: blocks take the stored vertex arrays or gather copies; readO3d's arrays are its own.
import { describe, expect, it } from 'vitest';
import { type Scene } from '@relic3d/core';
import { parseSync as parseO3d, readO3d } from '../../src/index.js';
import { writeO3d } from '@relic3d/fixtures/o3d';
import { model, parsed } from './helpers.js';

describe('vertex order: blocks that take the stored arrays (in order or reordered in place) or gather copies', () => {
  // Eight vertices with distinct positions, normals and uvs; four triangles over all of them.
  const vertices = Array.from({ length: 8 }, (_, i) => ({ p: [i, 10 + i, 20 + i] as [number, number, number], n: [0.1 * i, 1, -0.5 * i] as [number, number, number], uv: [i / 8, 1 - i / 8] as [number, number] }));
  const all = [5, 2, 7, 0, 3, 6, 1, 4, 2, 6, 5, 1];
  const subset = [0, 1, 2, 2, 1, 3];

  /** Each output corner is the stored vertex of the input corner (a, c, b), mirrored in z. */
  function expectCorners(scene: Scene, primitive: number, stored: number[]): void {
    const p = scene.meshes[0].primitives[primitive];
    const positions = p.attributes.POSITION as Float32Array;
    const normals = p.attributes.NORMAL as Float32Array;
    const uvs = p.attributes.TEXCOORD_0 as Float32Array;
    const indices = Array.from(p.indices!);
    expect(indices.length).toBe(stored.length);
    expect(positions.length / 3).toBe(new Set(stored).size);
    for (let t = 0; t < stored.length; t += 3) {
      const corners = [stored[t], stored[t + 2], stored[t + 1]];
      corners.forEach((v, k) => {
        const o = indices[t + k];
        expect(Array.from(positions.subarray(o * 3, o * 3 + 3))).toEqual([v, 10 + v, -(20 + v)]);
        expect(Array.from(normals.subarray(o * 3, o * 3 + 3))).toEqual(Array.from(Float32Array.of(0.1 * v, 1, 0.5 * v)));
        expect(Array.from(uvs.subarray(o * 2, o * 2 + 2))).toEqual(Array.from(Float32Array.of(v / 8, 1 - v / 8)));
      });
    }
  }

  const withBlocks = (indices: number[], blocks: { start: number; count: number }[]) =>
    model({ groups: [[{ type: 0, geometry: { vertices, indices, materials: [{ texture: 'tex.dds' }], blocks } }]] });

  it('one block over every vertex, first used out of order', () => {
    expectCorners(parsed(withBlocks(all, [{ start: 0, count: 4 }])), 0, all);
  });

  it('a subset block first, then a last block over every vertex', () => {
    const scene = parsed(withBlocks([...subset, ...all], [{ start: 0, count: 2 }, { start: 6, count: 4 }]));
    expectCorners(scene, 0, subset);
    expectCorners(scene, 1, all);
  });

  it('a block in stored order, then another over every vertex', () => {
    const inOrder = [0, 2, 1, 3, 5, 4, 6, 7, 7];
    const scene = parsed(withBlocks([...inOrder, ...all], [{ start: 0, count: 3 }, { start: 9, count: 4 }]));
    expectCorners(scene, 0, inOrder);
    expectCorners(scene, 1, all);
    // The in-order block holds all 8 vertices, as stored.
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 7]);
  });

  it('gathers from the vertex records at every byte alignment of the vertex buffer', () => {
    // Only the name precedes the records with a variable length: names of 1–4 characters before
    // '.o3d' put the buffer at each offset mod 4 (unaligned records are copied once to be read as floats).
    for (const name of ['a.o3d', 'ab.o3d', 'abc.o3d', 'abcd.o3d']) {
      const inOrder = [0, 2, 1, 3, 5, 4, 6, 7, 7];
      const scene = parsed({ ...withBlocks([...inOrder, ...all, ...subset], [{ start: 0, count: 3 }, { start: 9, count: 4 }, { start: 21, count: 2 }]), name });
      expectCorners(scene, 0, inOrder);
      expectCorners(scene, 1, all);
      expectCorners(scene, 2, subset);
    }
  });

  it('reads unaligned records from a Node Buffer too, whose slice() is a view, not a copy', () => {
    for (const name of ['a.o3d', 'ab.o3d', 'abc.o3d']) {
      const bytes = writeO3d({ ...withBlocks(all, [{ start: 0, count: 4 }]), name });
      // A Buffer placed at each offset mod 4 of a larger one, so the records are unaligned in memory.
      for (let shift = 0; shift < 4; shift++) {
        const host = Buffer.alloc(bytes.length + 8);
        host.set(bytes, shift);
        const scene = parseO3d(host.subarray(shift, shift + bytes.length));
        expectCorners(scene, 0, all);
      }
    }
  });

  it('readO3d returns arrays of its own; parsing the same bytes changes nothing in them', () => {
    const bytes = writeO3d(withBlocks(all, [{ start: 0, count: 4 }]));
    const before = bytes.slice();
    const raw = readO3d(bytes);
    const g = raw.groups[0][0].geometry;
    for (const a of [g.positions, g.indices, g.vertexMap, g.vertexList]) expect(a.buffer).not.toBe(bytes.buffer);
    parseO3d(bytes);
    expect(bytes).toEqual(before);
    expect(Array.from(g.positions.subarray(0, 3))).toEqual([0, 10, 20]);
  });
});
