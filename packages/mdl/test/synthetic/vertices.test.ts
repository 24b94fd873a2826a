// Vertex records: the Ultra zero-range speed path, non-finite values, and a builder that only reads the file.
import { WarningSink } from '@relic3d/core';
import { buildMdlScene } from '../../src/scene/index.js';
import { describe, expect, it } from 'vitest';
import { parseSync as parseMdl, readMdl } from '../../src/index.js';
import { writeMdl, writeSampleMdl, type V3, type WVertex } from '@relic3d/fixtures/mdl';
import { valid, tri } from './helpers.js';

describe('Ultra vertex records whose zero ranges are not copied (speed path)', () => {
  // The reader skips copying texcoord1 (bytes 32–39) and the tail (60–95) when every record has
  // them zero. A single non-zero value in the last record must switch each back on.
  const vertices = (last: Partial<WVertex>): WVertex[] => [
    { position: [0, 0, 0], uv0: [0, 0], tangent: [1, 0, 0] },
    { position: [1, 0, 0], uv0: [1, 0], tangent: [1, 0, 0] },
    { position: [0, 1, 0], uv0: [0, 1], tangent: [1, 0, 0], ...last },
  ];
  const read = (last: Partial<WVertex>) =>
    readMdl(writeMdl({ variant: 'ultra', version: 300, root: { lods: [{ meshes: [tri('t', { vertices: vertices(last) })] }] } })).root.lods[0].meshes[0];

  it('all zero: zero arrays of the right lengths, tail unused, and the scene has no TEXCOORD_1', () => {
    const m = read({});
    expect(m.vertices.tailUsed).toBe(false);
    expect(Array.from(m.vertices.texcoord1)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(m.vertices.bitangent.length).toBe(9);
    expect(m.vertices.boneIds.length).toBe(12);
    expect(m.vertices.boneWeights.length).toBe(12);
    expect(m.vertices.unknown!.length).toBe(9);
    expect(Array.from(m.vertices.position)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', version: 300, root: { lods: [{ meshes: [tri('t', { vertices: vertices({}) })] }] } })));
    expect(scene.meshes[0].primitives[0].attributes.TEXCOORD_1).toBeUndefined();
  });

  it('texcoord1 set on the last vertex only is read', () => {
    const m = read({ uv1: [0.5, 0.25] });
    expect(m.vertices.tailUsed).toBe(false);
    expect(Array.from(m.vertices.texcoord1)).toEqual([0, 0, 0, 0, 0.5, 0.25]);
  });

  it('one tail byte on the last vertex (a bone weight) turns the tail on and is read', () => {
    const m = read({ bones: [0, 0, 0, 7], weights: [0, 0, 0, 9] });
    expect(m.vertices.tailUsed).toBe(true);
    expect(Array.from(m.vertices.boneIds)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
    expect(Array.from(m.vertices.boneWeights)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
  });

  it('a −0 bitangent (only the sign byte set) also counts as a used tail', () => {
    const m = read({ bitangent: [0, 0, -0] });
    expect(m.vertices.tailUsed).toBe(true);
    expect(Object.is(m.vertices.bitangent[8], -0)).toBe(true);
  });
});

describe('non-finite vertex values (arrays checked while built are skipped by the final scan)', () => {
  it('a NaN normal and an infinite texcoord are replaced and counted; finite meshes beside them are untouched', () => {
    const bad = tri('bad', {
      vertices: [
        { position: [0, 0, 0], normal: [NaN, 0, 1] },
        { position: [1, 0, 0], uv0: [Infinity, 0.5] },
        { position: [0, 1, 0] },
      ],
    });
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('good'), bad] }] } })));
    const [good, fixed] = scene.meshes[0].primitives.map((p) => p.attributes);
    expect(scene.warnings.map((w) => [w.code, w.message])).toEqual([['MDL_NOT_FINITE', '2 non-finite values (NaN or infinity) were replaced']]);
    expect(Array.from(fixed.NORMAL!.subarray(0, 3))).toEqual([0, 0, -1]); // z mirrored, NaN → 0
    expect(Array.from(fixed.TEXCOORD_0!.subarray(2, 4))).toEqual([0, 0.5]);
    expect(Array.from(good.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });
});

describe('the scene builder only reads the file', () => {
  it('buildMdlScene leaves every array of the file as read: vertices, morphs, bitangents, keys, colliders, non-finite values', () => {
    const g3dVertex = (x: number, y: number): WVertex => ({ position: [x, y, 1], normal: [0, 0, 1], tangent: [1, 0, 0.25], bitangent: [0, 1, 0.5], uv1: [x, y] });
    const morph = [0, 1, 2].map((i) => ({ position: [i, i, 2] as V3, normal: [0, 1, 1] as V3, tangent: [1, 0, 1] as V3, bitangent: [0, 1, 1] as V3 }));
    const g3d = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('m', { vertices: [g3dVertex(0, 0), g3dVertex(1, 0), g3dVertex(0, 1)], morphs: [morph] })] }] } });
    const nonFinite = writeMdl({
      variant: 'ultra',
      root: { lods: [{ meshes: [tri('n', { vertices: [{ position: [0, 0, 1], normal: [NaN, 0, 1] }, { position: [1, 0, 1], uv0: [Infinity, 0.5] }, { position: [0, 1, 1] }] })] }] },
    });
    for (const bytes of [writeSampleMdl(), g3d, nonFinite]) {
      const file = readMdl(bytes);
      const before = structuredClone(file);
      buildMdlScene(file, {}, new WarningSink('mdl'));
      expect(file).toEqual(before);
    }
  });
});
