// Meshes → groups (docs/formats/ms3d.md §2.2-2.4, §4): nodes baked to world space, winding and
// normals as glTF has them (MS3D is already right-handed, +Y up, CCW), welded file vertices that
// read back with each primitive's vertex count.
import { addNode, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { dumpMs3d } from '../reference.js';
import { fieldsOf } from './fields.js';
import { factsOf, material, meshScene, primitive, quadPrimitive, roundTrip } from './helpers.js';

type V3 = number[];
const sub = (a: V3, b: V3) => a.map((v, i) => v - b[i]);
const cross = (a: V3, b: V3) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Each written triangle's face normal (from its corners, CCW) and its first corner normal. */
function faces(bytes: Uint8Array): { face: V3; normal: V3 }[] {
  const d = dumpMs3d(bytes);
  return fieldsOf(bytes).triangles.map((t) => {
    const [a, b, c] = t.vertices.map((v) => d.positions[v]);
    return { face: cross(sub(b, a), sub(c, a)), normal: t.normals[0] };
  });
}

describe('geometry', () => {
  it('a CCW quad facing +Z stays CCW facing +Z (no axis change, no winding change)', () => {
    const trip = roundTrip(meshScene('quad', [quadPrimitive()]));
    for (const { face, normal } of faces(trip.bytes)) {
      expect(face[2]).toBeGreaterThan(0);
      expect(normal).toEqual([0, 0, 1]);
    }
    expect(compareSceneFacts(factsOf(meshScene('quad', [quadPrimitive()])), sceneFacts(trip.back))).toEqual([]);
  });

  it('nested nodes (TRS and a matrix) are baked to world space; normals turn with them', () => {
    const scene = meshScene('root', [], { translation: [0, 10, 0], rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2] });
    scene.meshes[0].primitives.push(quadPrimitive());
    const child = addNode(scene, { name: 'child', mesh: 0, matrix: Array.from(math.fromTRS([1, 0, 0], [0, 0, 0, 1], [2, 2, 2])) }, 0);
    void child;
    const trip = roundTrip(scene);
    expect(compareSceneFacts(factsOf(scene), sceneFacts(trip.back), { skip: ['meshNodes'] })).toEqual([]);
    // +Z turned 90° about X is −Y... (0, 0, 1) → (0, −1, 0)
    const written = faces(trip.bytes);
    expect(written).toHaveLength(4);
    for (const { face, normal } of written) {
      expect(normal.map((v) => +v.toFixed(6))).toEqual([0, -1, 0]);
      expect(dot(face, normal)).toBeGreaterThan(0);
    }
    expect(trip.warnings).toEqual([]);
  });

  it('a mirroring node turns the winding back so front faces stay front faces', () => {
    const scene = meshScene('mirror', [quadPrimitive()], { scale: [-1, 1, 1] });
    for (const { face, normal } of faces(roundTrip(scene).bytes)) {
      expect(normal).toEqual([0, 0, 1]);
      expect(dot(face, normal)).toBeGreaterThan(0);
    }
  });

  it('welds shared positions into one file vertex per (position, joints) when normals or UVs differ', () => {
    // A cube corner: 3 faces sharing one position with 3 normals → 1 file vertex, 3 corner normals.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0];
    const normals = [0, 0, -1, 0, 0, -1, 0, 0, -1, -1, 0, 0, -1, 0, 0, -1, 0, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0];
    const scene = meshScene('corner', [primitive(positions, [0, 2, 1, 3, 5, 4, 6, 8, 7], { NORMAL: new Float32Array(normals) })]);
    const trip = roundTrip(scene);
    expect(dumpMs3d(trip.bytes).nVertices).toBe(4);
    expect(sceneFacts(trip.back).vertices).toBe(9);
  });

  it('keeps two equal render vertices of one primitive apart (they read back as two)', () => {
    const scene = meshScene('twins', [primitive([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0], [0, 1, 2, 0, 1, 3], { NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]) })]);
    const trip = roundTrip(scene);
    expect(dumpMs3d(trip.bytes).nVertices).toBe(4);
    expect(sceneFacts(trip.back).vertices).toBe(4);
  });

  it('one group per primitive per node: an instanced mesh is written twice', () => {
    const scene = meshScene('a', [quadPrimitive(0), quadPrimitive(1)]);
    scene.materials.push(material('red'), material('blue'));
    addNode(scene, { name: 'b', mesh: 0, translation: [3, 0, 0] });
    const f = fieldsOf(roundTrip(scene).bytes);
    expect(f.groups.map((g) => [g.name, g.material, g.triangles.length])).toEqual([['a.0', 0, 2], ['a.1', 1, 2], ['b.0', 0, 2], ['b.1', 1, 2]]);
    expect(f.triangles.map((t) => t.group)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('computes smooth normals for a primitive without them (warned); UVs default to 0', () => {
    const scene = meshScene('bare', [primitive([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3])]);
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_NORMALS']);
    for (const t of fieldsOf(trip.bytes).triangles) {
      expect(t.normals).toEqual([[0, 0, 1], [0, 0, 1], [0, 0, 1]]);
      expect([...t.s, ...t.t]).toEqual([0, 0, 0, 0, 0, 0]);
    }
    expect(sceneFacts(trip.back).vertices).toBe(4);
  });

  it('writes a non-indexed primitive, its triangles in order', () => {
    const scene = meshScene('soup', [primitive([0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 2, 1, 0], undefined, { NORMAL: new Float32Array(18).map((_, i) => (i % 3 === 2 ? 1 : 0)) })]);
    const trip = roundTrip(scene);
    expect(compareSceneFacts(factsOf(scene), sceneFacts(trip.back))).toEqual([]);
    expect(fieldsOf(trip.bytes).triangles.map((t) => t.vertices)).toEqual([[0, 1, 2], [3, 4, 5]]);
  });

  it('bakes a texture transform into the UVs and writes the UV set the texture uses', () => {
    const scene: Scene = meshScene('uv', [quadPrimitive(0)]);
    scene.textures.push({ uri: 'a.png' });
    scene.materials.push(material('m', { baseColorTexture: { texture: 0, texCoord: 1, transform: { offset: [0.5, 0], scale: [2, 1], rotation: 0 } } }));
    scene.meshes[0].primitives[0].attributes.TEXCOORD_1 = new Float32Array([0, 0, 0.25, 0, 0.25, 1, 0, 1]);
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_ATTRIBUTES']);
    const first = fieldsOf(trip.bytes).triangles[0];
    expect(first.s).toEqual([0.5, 1, 1]);
    expect(first.t).toEqual([0, 0, 1]);
  });

  it('writes the editor fields of vertices, triangles and groups as MilkShape keeps them', () => {
    const f = fieldsOf(roundTrip(meshScene('quad', [quadPrimitive()])).bytes);
    // Reference counts: triangles using each vertex; one smoothing group; no flags.
    expect(f.referenceCounts).toEqual([2, 1, 2, 1]);
    expect(f.triangles.map((t) => [t.flags, t.smoothingGroup])).toEqual([[0, 1], [0, 1]]);
    expect(f.groups.map((g) => [g.flags, g.name, g.material])).toEqual([[0, 'quad', -1]]);
  });
});
