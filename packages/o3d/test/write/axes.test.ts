// The edge conversion (docs/formats/o3d.md §5.8): Z mirrored, winding reversed, matrices F·M·F as
// row vectors; checked on the raw file with the spec's own rule (the plain cross product of a
// stored triangle points along its stored normal), and on the scene read back.
import { describe, expect, it } from 'vitest';
import { addNode, math } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { readO3d, writeO3d } from '../../src/index.js';
import { toD3dMatrix, toD3dMatrixAt } from '../../src/write/axes.js';
import { readBack } from './helpers.js';
import { meshScene, triangle } from './scenes.js';

const cross = (p: ArrayLike<number>, a: number, b: number, c: number) => {
  const u = [0, 1, 2].map((k) => p[b * 3 + k] - p[a * 3 + k]), v = [0, 1, 2].map((k) => p[c * 3 + k] - p[a * 3 + k]);
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
};

describe('axes and winding', () => {
  it('toD3dMatrixAt (unrolled) gives toD3dMatrix’s bits at an offset, ±0 too, and writes nothing else', () => {
    const m = Float64Array.from({ length: 20 }, (_, k) => (k % 5 === 0 ? (k % 2 ? -0 : 0) : (k - 7.5) / 3));
    const out = new Float64Array(24).fill(9);
    toD3dMatrixAt(m, 3, out, 5);
    expect(Array.from(out.subarray(5, 21))).toEqual(Array.from(toD3dMatrix(m.subarray(3, 19), new Float64Array(16))));
    expect([...out.subarray(0, 5), ...out.subarray(21)]).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
  });

  it('writes a counter-clockwise +Z triangle as a clockwise -Z one, normal and cross product agreeing', async () => {
    const scene = meshScene('tri', [[triangle()]]);
    const result = writeO3d(scene);
    const g = readO3d(result.files['tri.o3d']).groups[0][0].geometry;
    expect(Array.from(g.indices)).toEqual([0, 2, 1]);
    expect(Array.from(g.normals.subarray(0, 3))).toEqual([0, 0, -1]);
    const n = cross(g.positions, g.indices[0], g.indices[1], g.indices[2]);
    expect(n[2]).toBeLessThan(0);
    const back = await readBack(result);
    const p = back.meshes[0].primitives[0];
    expect(Array.from(p.attributes.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(cross(p.attributes.POSITION, p.indices![0], p.indices![1], p.indices![2])[2]).toBeGreaterThan(0);
    expect(Array.from(p.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(Array.from(p.attributes.TEXCOORD_0!)).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it('mirrors positions and local matrices on Z (row vectors, translation in row 4)', async () => {
    const scene = meshScene('moved', [[triangle()]]);
    const q = [0, Math.sin(0.3), 0, Math.cos(0.3)] as [number, number, number, number];
    Object.assign(scene.nodes[1], { translation: [1, 2, 3], rotation: q });
    const result = writeO3d(scene);
    const object = readO3d(result.files['moved.o3d']).groups[0][0];
    expect(Array.from(object.localTM.subarray(12, 15))).toEqual([1, 2, -3]);
    // Row-vector D3D matrix of the mirrored rotation: F·R·F read row-major.
    const expected = math.fromTRS([1, 2, 3], q, [1, 1, 1], new Float64Array(16));
    const mirrored = Array.from(expected, (v, k) => (((k >> 2) === 2) !== ((k & 3) === 2) ? -v : v));
    object.localTM.forEach((v, k) => expect(v).toBeCloseTo(mirrored[k], 6));
    const back = await readBack(result);
    const node = back.nodes.find((n) => n.mesh !== undefined)!;
    expect(node.translation).toEqual([1, 2, 3]);
    node.rotation!.forEach((v, k) => expect(v).toBeCloseTo(q[k], 6));
  });

  it('parents a mesh under a mesh to its object (parent type 0), parents first', async () => {
    const scene = meshScene('chain', [[triangle()], [triangle()]]);
    // Node 2 (second mesh) under node 1, listed before its parent's place would allow.
    Object.assign(scene.nodes[2], { parent: 1, translation: [0, 0, 2] });
    scene.nodes[0].children = [1];
    scene.nodes[1].children = [2];
    Object.assign(scene.nodes[1], { translation: [1, 0, 0] });
    const objects = readO3d(writeO3d(scene).files['chain.o3d']).groups[0];
    expect(objects.map((o) => [o.parentIndex, o.parentType])).toEqual([[-1, -1], [0, 0]]);
    expect(Array.from(objects[1].localTM.subarray(12, 15))).toEqual([0, 0, -2]);
    const back = await readBack(writeO3d(scene));
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['bounds', 'vertices', 'triangles'] })).toEqual([]);
  });

  it('keeps a scaled, sheared-free hierarchy of nodes without meshes in the objects\' local matrices', async () => {
    const scene = meshScene('nested', [[triangle()]]);
    const group = addNode(scene, { name: 'group', translation: [0, 5, 0], scale: [2, 2, 2] }, 0);
    scene.nodes[1].parent = group;
    scene.nodes[0].children = [group];
    scene.nodes[group].children = [1];
    const back = await readBack(writeO3d(scene));
    const node = back.nodes.find((n) => n.mesh !== undefined)!;
    expect(node.translation).toEqual([0, 5, 0]);
    node.scale!.forEach((v) => expect(v).toBeCloseTo(2, 6));
  });
});
