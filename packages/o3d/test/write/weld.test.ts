// The vertex list, map and physique the writer welds straight into its output (write/vertex-list.ts),
// checked on the file read back: one list entry per distinct written position (Z mirrored, so a
// z of -0 and +0 are one), entries in first-use order, and each entry's physique the bone its first
// vertex's stored index names in its block's palette, also when bound to the game's skeleton.
import { describe, expect, it } from 'vitest';
import type { Primitive } from '@relic3d/core';
import { readCorpusFile } from '@relic3d/test-harness';
import { parse, readO3d, writeO3d, type O3dGeometry, type O3dObject } from '../../src/index.js';
import { chrs, o3ds } from '../corpus/helpers.js';
import { meshScene } from './scenes.js';

const bits = new DataView(new ArrayBuffer(4));
/** The stored bits of a float as a key. */
const keyOf = (x: number, y: number, z: number) => [x, y, z].map((v) => (bits.setFloat32(0, v, true), bits.getUint32(0, true))).join(',');

/** A grid of `side` × `side` quads, each drawn twice (the second copy with other UVs): every position used by two vertices. */
function doubledGrid(side: number): Primitive {
  const p: number[] = [], n: number[] = [], uv: number[] = [], idx: number[] = [];
  for (const copy of [0, 1]) {
    for (let j = 0; j < side; j++) {
      for (let i = 0; i < side; i++) {
        const base = p.length / 3;
        for (const [di, dj] of [[0, 0], [1, 0], [1, 1], [0, 1]]) {
          p.push((i + di) * 0.5, (j + dj) * 0.25, Math.sin(i + di + 3 * (j + dj)));
          n.push(0, 0, 1);
          uv.push(copy + di, dj);
        }
        idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
      }
    }
  }
  return { attributes: { POSITION: Float32Array.from(p), NORMAL: Float32Array.from(n), TEXCOORD_0: Float32Array.from(uv) }, indices: Uint32Array.from(idx) };
}

const geometryOf = (p: Primitive) => readO3d(writeO3d(meshScene('weld', [[p]])).files['weld.o3d']).groups[0][0].geometry;

describe('the weld', () => {
  it('makes one entry of z = -0 and z = +0 (both written +0), and two of x = -0 and x = +0', () => {
    const tri = (x: number, z: number) => [x, 0, z, 1, 0, 0, 0, 1, 0];
    const p: Primitive = { attributes: { POSITION: Float32Array.from([...tri(0, 0), ...tri(0, -0), ...tri(-0, 0)]) }, indices: Uint16Array.from({ length: 9 }, (_, k) => k) };
    const g = geometryOf(p);
    expect(g.positions.length / 3).toBe(9);
    // (0,0,±0) one entry, (1,0,0) and (0,1,0) one each, (-0,0,0) its own.
    expect(g.vertexList.length / 3).toBe(4);
    expect(Array.from(g.vertexMap)).toEqual([0, 1, 2, 0, 1, 2, 3, 1, 2]);
    expect(Object.is(g.vertexList[2], 0)).toBe(true);
  });

  it('lists each distinct position of a large object once, in first-use order, and maps every vertex to its own', () => {
    const g = geometryOf(doubledGrid(90));
    const count = g.positions.length / 3;
    expect(count).toBe(2 * 90 * 90 * 4);
    const distinct = new Map<string, number>();
    const expected: number[] = [];
    for (let v = 0; v < count; v++) {
      const key = keyOf(g.positions[v * 3], g.positions[v * 3 + 1], g.positions[v * 3 + 2]);
      if (!distinct.has(key)) distinct.set(key, distinct.size);
      expected.push(distinct.get(key)!);
    }
    expect(Array.from(g.vertexMap)).toEqual(expected);
    // The grid's 91 × 91 corners.
    expect(distinct.size).toBe(91 * 91);
    expect(g.vertexList.length / 3).toBe(distinct.size);
    expect(Array.from({ length: distinct.size }, (_, u) => keyOf(g.vertexList[u * 3], g.vertexList[u * 3 + 1], g.vertexList[u * 3 + 2]))).toEqual([...distinct.keys()]);
  });
});

/** Per list entry, the bone its first vertex's idxA names in that vertex's block palette (the object's when the block has none). */
function physiqueFromPalettes(object: O3dObject): number[] {
  const g: O3dGeometry = object.geometry;
  const paletteOf = new Map<number, Int32Array>();
  for (const b of g.blocks) for (let k = b.startIndex; k < b.startIndex + b.primitiveCount * 3; k++) paletteOf.set(g.indices[k], b.useBones.length ? b.useBones : object.useBones);
  const out: number[] = [];
  for (let v = 0; v < g.vertexMap.length; v++) {
    if (g.vertexMap[v] !== out.length) continue;
    const palette = paletteOf.get(v)!, slot = g.boneIndices![v * 2] / 3;
    // No palette: the stored index is the bone × 3.
    out.push(palette.length ? palette[slot] : slot);
  }
  return out;
}

const part = o3ds.find((e) => e.file === 'Part_femaleUpper.o3d');
const female = chrs.find((e) => /^mvr_female\.chr$/i.test(e.file));

describe.skipIf(!part || !female)('the physique', () => {
  it.each([false, true])('of Part_femaleUpper written again (bound to mvr_female.chr: %s) is the bone of each entry’s first vertex', async (bound) => {
    const chr = readCorpusFile(female!);
    const scene = await parse(readCorpusFile(part!), { fileName: part!.file, skeleton: chr, motions: 'none', kernels: 'js' });
    const written = writeO3d(scene, bound ? { skeleton: chr, name: 'Part_femaleUpper' } : { name: 'Part_femaleUpper' });
    const skins = readO3d(written.files['Part_femaleUpper.o3d']).groups[0].filter((o) => o.geometry.boneIndices);
    expect(skins.length).toBeGreaterThan(0);
    for (const object of skins) {
      expect(object.geometry.physique.length).toBe(object.geometry.vertexList.length / 3);
      expect(Array.from(object.geometry.physique)).toEqual(physiqueFromPalettes(object));
    }
  });
});
