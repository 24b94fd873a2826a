// Geometry: winding, vertex splitting, groups (empty, duplicated, out of range) and material indices.
import { describe, expect, it } from 'vitest';
import { parseSync, readMs3d } from '../../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { expectError, valid } from './helpers.js';

describe('geometry', () => {
  it('keeps glTF conventions as stored: CCW winding, top-left t, normals, positions', () => {
    const scene = valid(parseSync(writeMs3d(quad())));
    const p = scene.meshes[0].primitives[0];
    const P = p.attributes.POSITION, I = p.indices!;
    // Triangle 0 in file order 0,1,2 → CCW seen from +Z.
    const tri = [0, 1, 2].map((k) => Array.from(P.subarray(I[k] * 3, I[k] * 3 + 3)));
    expect(tri).toEqual([[0, 0, 0], [1, 0, 0], [1, 1, 0]]);
    const uv = [0, 1, 2].map((k) => Array.from(p.attributes.TEXCOORD_0!.subarray(I[k] * 2, I[k] * 2 + 2)));
    expect(uv).toEqual([[0, 1], [1, 1], [1, 0]]); // t not flipped
    expect(Array.from(p.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(p.attributes.JOINTS_0).toBeUndefined();
  });

  it('splits vertices by (position, corner normal, corner uv) and shares identical corners', () => {
    const shared = valid(parseSync(writeMs3d(quad())));
    // Corner 0 and 2 agree in both triangles (same uv, same normal): 4 render vertices.
    expect(shared.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(4);
    const f = quad();
    f.triangles![1].normals = [[0, 0, 1], [0, 1, 0], [0, 0, 1]]; // corner on vertex 2 differs
    const split = valid(parseSync(writeMs3d(f)));
    expect(split.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(5);
  });

  it('allows unused vertices', () => {
    const f = quad();
    f.vertices!.push({ position: [100, 100, 100] });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(4);
  });

  it('keeps an empty group in extras and gives material -1 a default material', () => {
    const f = quad({
      groups: [
        { name: 'empty', triangles: [], material: 0, flags: 2 },
        { name: 'quad', triangles: [0, 1], material: -1 },
      ],
      materials: [{ name: 'm' }],
      comments: { groups: [[0, 'nothing here']] },
    });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives).toHaveLength(1);
    expect(scene.meshes[0].extras!.emptyGroups).toEqual([{ name: 'empty', groupIndex: 0, flags: 2, materialIndex: 0, comment: 'nothing here' }]);
    expect(scene.materials).toHaveLength(2);
    expect(scene.meshes[0].primitives[0].material).toBe(1);
    expect(scene.materials[1].extras!.ms3dDefault).toBe(true);
    expect(scene.meshes[0].primitives[0].extras).toMatchObject({ name: 'quad', materialIndex: -1, groupIndex: 1 });
  });

  it('reads 0 groups as a file with no mesh', () => {
    const scene = valid(parseSync(writeMs3d({ vertices: [{ position: [1, 2, 3] }], joints: [{ name: 'root', rotKeys: [[0, 0, 0, 0]] }] })));
    expect(scene.meshes).toHaveLength(0);
    expect(scene.nodes.map((n) => n.name)).toEqual(['root']);
    expect(scene.animations).toHaveLength(1);
  });

  it('warns on a material index past the materials and on a triangle whose group disagrees', () => {
    const f = quad({ groups: [{ name: 'q', triangles: [0, 1], material: 3 }] });
    f.triangles![1].groupIndex = 7;
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.warnings.map((w) => w.code).sort()).toEqual(['MS3D_BAD_MATERIAL', 'MS3D_GROUP_MISMATCH']);
    expect(scene.materials[scene.meshes[0].primitives[0].material!].extras!.ms3dDefault).toBe(true);
  });

  it('fails with FormatError on vertex or triangle indices out of range, at the offending field', () => {
    const f = quad();
    f.triangles![1].v = [0, 2, 9];
    const bytes = writeMs3d(f);
    // header 14, vertex count 2 + 4 × 15, triangle count 2, triangle 1 at + 70, vertexIndices[2] at + 2 + 4.
    const at = 14 + 2 + 4 * 15 + 2 + 70 + 2 + 4;
    expect(new DataView(bytes.buffer).getUint16(at, true)).toBe(9);
    const vertexError = expectError(bytes, 'BAD_INDEX');
    expect(vertexError.offset).toBe(at);
    expect(vertexError.expected).toBe('a vertex index below 4');
    const groupBytes = writeMs3d(quad({ groups: [{ name: 'q', triangles: [0, 5] }] }));
    // Groups start after the 2 triangles; triangleIndices[1] sits at + 1 + 32 + 2 + 2.
    const groupAt = 14 + 2 + 4 * 15 + 2 + 2 * 70 + 2 + 1 + 32 + 2 + 2;
    expect(new DataView(groupBytes.buffer).getUint16(groupAt, true)).toBe(5);
    const triangleError = expectError(groupBytes, 'BAD_INDEX');
    expect(triangleError.offset).toBe(groupAt);
    expect(triangleError.found).toMatch(/^5 in group 0/);
  });

  it('a triangle listed again (in its group or another) is drawn once, by the first group that lists it', () => {
    const f = quad({ groups: [{ name: 'a', triangles: [1, 1, 0, 1] }, { name: 'b', triangles: [0, 1] }] });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives).toHaveLength(1);
    const p = scene.meshes[0].primitives[0];
    expect(Array.from(p.extras!.triangleIndices as Uint16Array)).toEqual([1, 0]);
    expect(p.indices!.length).toBe(6);
    // Group b lists nothing new: it is kept as an empty group.
    expect(scene.meshes[0].extras?.emptyGroups).toEqual([{ name: 'b', groupIndex: 1, flags: 0, materialIndex: -1 }]);
    expect(scene.warnings.map((w) => w.message)).toEqual(['4 group references name a triangle already listed (each triangle belongs to one group); dropped']);
    // The raw reader keeps the lists as stored.
    expect(Array.from(readMs3d(writeMs3d(f)).groups[0].triangleIndices)).toEqual([1, 1, 0, 1]);
  });

  it('keeps the groups of a file whose groups are all empty in scene extras', () => {
    const f = quad({ groups: [{ name: 'a', triangles: [], material: -1, flags: 1 }, { name: 'b', triangles: [] }], comments: { groups: [[1, 'note']] } });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes).toHaveLength(0);
    expect(scene.extras.emptyGroups).toEqual([
      { name: 'a', groupIndex: 0, flags: 1, materialIndex: -1 },
      { name: 'b', groupIndex: 1, flags: 0, materialIndex: -1, comment: 'note' },
    ]);
  });
});
