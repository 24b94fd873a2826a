// Vertices and primitives: the edge conversion (mirror Z, reversed winding), what is computed when
// missing, colours, UV sets, lines, points and polygons.
import { describe, expect, it } from 'vitest';
import { firstPrimitive, meshScene, roundTrip, triangle } from './helpers.js';

const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const sub = (p: ArrayLike<number>, i: number, j: number) => [0, 1, 2].map((k) => p[i * 3 + k] - p[j * 3 + k]);

describe('vertices and primitives', () => {
  it('a CCW triangle facing +Z is stored left-handed (z mirrored, winding reversed) and reads back facing +Z', () => {
    const { file, back, codes } = roundTrip(meshScene(triangle()));
    expect(codes).toEqual([]);
    // The raw file (no conversion): normals point along −z, indices are swapped, and the stored
    // winding agrees with the stored normals as in every real file (docs/formats/mdl.md §1).
    const stored = file.root.lods[0].meshes[0];
    expect(Array.from(stored.indices)).toEqual([0, 2, 1]);
    expect(Array.from(stored.vertices.normal.subarray(0, 3))).toEqual([0, 0, -1]);
    const p = stored.vertices.position, i = stored.indices;
    const face = cross(sub(p, i[1], i[0]), sub(p, i[2], i[0]));
    expect(face[2]).toBeLessThan(0);
    expect(stored.vertexStride).toBe(96);
    expect(stored.strideField).toBe(88);
    expect(Array.from(stored.vertices.color!)).toEqual(Array(12).fill(255));
    expect(Array.from(stored.vertices.displacement)).toEqual([1, 1, 1]);

    const prim = firstPrimitive(back);
    expect(Array.from(prim.attributes.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const q = prim.attributes.POSITION, j = prim.indices!;
    expect(cross(sub(q, j[1], j[0]), sub(q, j[2], j[0]))[2]).toBeGreaterThan(0);
    expect(Array.from(prim.attributes.NORMAL!)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(Array.from(prim.attributes.TEXCOORD_0!)).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it('computes normals and UV tangents a primitive lacks (stored as dP/du, like real files)', () => {
    const t = triangle();
    delete t.attributes.NORMAL;
    const { back, file } = roundTrip(meshScene(t));
    const prim = firstPrimitive(back);
    for (let v = 0; v < 3; v++) expect(Array.from(prim.attributes.NORMAL!.subarray(v * 3, v * 3 + 3))).toEqual([0, 0, 1]);
    // u grows along +x: the stored tangent is +x; v grows along −y, so glTF's bitangent (+y) is −dP/dv: w = +1.
    expect(Array.from(file.root.lods[0].meshes[0].vertices.tangent.subarray(0, 3))).toEqual([1, 0, 0]);
    expect(Array.from(prim.attributes.TANGENT!)).toEqual([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]);
  });

  it('keeps the scene TANGENT xyz, colours as RGBA8, and both UV sets; warns about a third', () => {
    const t = triangle();
    t.attributes.TANGENT = Float32Array.of(0, 1, 0, -1, 0, 1, 0, -1, 0, 1, 0, -1);
    t.attributes.COLOR_0 = Float32Array.of(1, 0, 0, 1, 0, 1, 0, 0.5, 0.2, 0.4, 0.6, 1);
    t.attributes.TEXCOORD_1 = Float32Array.of(0.5, 0.5, 1, 0, 0, 1);
    t.attributes.TEXCOORD_2 = Float32Array.of(0, 0, 0, 0, 0, 0);
    const { back, file, codes } = roundTrip(meshScene(t));
    expect(codes).toEqual(['MDL_WRITE_TEXCOORDS_DROPPED']);
    expect(Array.from(file.root.lods[0].meshes[0].vertices.tangent.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(Array.from(file.root.lods[0].meshes[0].vertices.color!)).toEqual([255, 0, 0, 255, 0, 255, 0, 128, 51, 102, 153, 255]);
    const prim = firstPrimitive(back);
    prim.attributes.COLOR_0!.forEach((c, k) => expect(Math.abs(c - t.attributes.COLOR_0![k])).toBeLessThanOrEqual(0.5 / 255 + 1e-6));
    expect(Array.from(prim.attributes.TEXCOORD_1!)).toEqual([0.5, 0.5, 1, 0, 0, 1]);
    expect(prim.attributes.TEXCOORD_2).toBeUndefined();
  });

  it('writes lines and points as 2- and 1-corner primitives; strips and loops become lines', () => {
    const base = triangle();
    for (const [mode, indices, polyVerts, expected] of [
      ['LINES', [0, 1, 1, 2], 2, [0, 1, 1, 2]],
      ['LINE_STRIP', [0, 1, 2], 2, [0, 1, 1, 2]],
      ['LINE_LOOP', [0, 1, 2], 2, [0, 1, 1, 2, 2, 0]],
      ['POINTS', [2, 0], 1, [2, 0]],
    ] as const) {
      const { back, file } = roundTrip(meshScene({ ...base, mode, indices: Uint16Array.from(indices) }));
      const stored = file.root.lods[0].meshes[0];
      expect(stored.polyVerts).toBe(polyVerts);
      expect(Array.from(stored.indices)).toEqual(expected);
      expect(firstPrimitive(back).mode).toBe(polyVerts === 2 ? 'LINES' : 'POINTS');
    }
  });

  it('writes a primitive without indices with one corner per vertex', () => {
    const { indices: _dropped, ...rest } = triangle();
    const { back } = roundTrip(meshScene(rest));
    expect(Array.from(firstPrimitive(back).indices!)).toEqual([0, 1, 2]);
  });

  it('stores the polygons the reader fanned (extras.polyVerts) as polygons again', () => {
    // A quad (0,1,2,3) as the reader fans it: (0,2,1), (0,3,2) in glTF order.
    const quad = {
      attributes: { POSITION: Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0), NORMAL: new Float32Array(12) },
      indices: Uint16Array.of(0, 2, 1, 0, 3, 2),
      extras: { polyVerts: 4 },
    };
    const { file, back } = roundTrip(meshScene(quad));
    const stored = file.root.lods[0].meshes[0];
    expect(stored.polyVerts).toBe(4);
    expect(Array.from(stored.indices)).toEqual([0, 1, 2, 3]);
    expect(Array.from(firstPrimitive(back).indices!)).toEqual([0, 2, 1, 0, 3, 2]);
    // Triangles that are not such fans stay triangles.
    const { file: other } = roundTrip(meshScene({ ...quad, indices: Uint16Array.of(0, 1, 2, 0, 2, 3) }));
    expect(other.root.lods[0].meshes[0].polyVerts).toBe(3);
  });

  it('keeps the displacement, stride field and PRIM flags the reader put in extras', () => {
    const t = triangle({ extras: { displacement: Float32Array.of(0.5, 1, 2), strideField: 84, primitiveFlags: Uint8Array.of(7), pick: Uint8Array.of(1, 2, 3) } });
    const { file, back } = roundTrip(meshScene(t));
    const stored = file.root.lods[0].meshes[0];
    expect(Array.from(stored.vertices.displacement)).toEqual([0.5, 1, 2]);
    expect(stored.strideField).toBe(84);
    expect(Array.from(stored.primitiveFlags)).toEqual([7]);
    expect(Array.from(stored.pick)).toEqual([1, 2, 3]);
    expect(Array.from(firstPrimitive(back).extras!.displacement as Float32Array)).toEqual([0.5, 1, 2]);
  });
});
