// Colliders: PHYS parts BOX_, CYLI and MESH; shapes Ultra has no known tag for become meshes.
import { addNode, math, type Collider } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { meshScene, roundTrip, triangle } from './helpers.js';

const scene = (...colliders: Collider[]) => {
  const s = meshScene(triangle());
  s.colliders.push(...colliders);
  return s;
};

describe('colliders', () => {
  it('writes boxes and cylinders as BOX_/CYLI with offset, rotation and full size (converted)', () => {
    const rotation = math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
    const { file, back, codes } = roundTrip(scene(
      { node: 0, shape: { type: 'box', size: [1, 2, 3] }, translation: [0, 1, 2] },
      { node: 0, shape: { type: 'cylinder', radius: 0.5, height: 2 }, rotation },
    ));
    expect(codes).toEqual([]);
    const [box, cyl] = file.root.collision.parts;
    expect([box.shapeTag, box.primitive!.offset, box.primitive!.size]).toEqual(['BOX_', [0, 1, -2], [1, 2, 3]]);
    expect(cyl.shapeTag).toBe('CYLI');
    expect(cyl.primitive!.size).toEqual([1, 2, 1]);
    cyl.primitive!.rotation.forEach((v, k) => expect(v).toBeCloseTo([-rotation[0], -rotation[1], rotation[2], rotation[3]][k], 6));
    expect(back.colliders.map((c) => c.shape)).toEqual([{ type: 'box', size: [1, 2, 3] }, { type: 'cylinder', radius: 0.5, height: 2 }]);
    expect(back.colliders[0].translation).toEqual([0, 1, 2]);
  });

  it('writes a triangle mesh as MESH polygons that read back facing the same way', () => {
    const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1);
    const indices = Uint32Array.of(0, 1, 2, 0, 3, 1);
    const { file, back } = roundTrip(scene({ node: 0, shape: { type: 'trimesh', positions, indices }, translation: [5, 0, 0] }));
    const part = file.root.collision.parts[0];
    expect(part.shapeTag).toBe('MESH');
    expect(part.mesh!.polygons.map((p) => p.length / 3)).toEqual([3, 3]);
    const c = back.colliders[0];
    expect(c.shape.type).toBe('trimesh');
    const shape = c.shape as { positions: Float32Array; indices: Uint32Array };
    // Same triangles (offset baked), same winding: the normal of the first is +z.
    const [a, b, d] = [shape.indices[0], shape.indices[1], shape.indices[2]].map((i) => Array.from(shape.positions.subarray(i * 3, i * 3 + 3)));
    expect([a, b, d]).toEqual([[5, 0, 0], [6, 0, 0], [5, 1, 0]]);
  });

  it('gives back the reader\'s own polygons and flag (extras), so MESH parts round-trip as stored', () => {
    const first = roundTrip(scene({ node: 0, shape: { type: 'trimesh', positions: Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0), indices: Uint32Array.of(0, 1, 2, 0, 2, 3) }, extras: { flag: 1 } }));
    const second = roundTrip(first.back);
    expect(second.file.root.collision.parts[0].mesh).toEqual(first.file.root.collision.parts[0].mesh);
    expect(second.file.root.collision.parts[0].mesh!.flag).toBe(1);
  });

  it('writes spheres, capsules and cones as polygon meshes and a bare convex point set as its box (warned)', () => {
    const { file, back, codes } = roundTrip(scene(
      { node: 0, shape: { type: 'sphere', radius: 1 } },
      { node: 0, shape: { type: 'capsule', radius: 0.5, height: 1 } },
      { node: 0, shape: { type: 'cone', radius: 1, height: 2 } },
      { node: 0, shape: { type: 'convex', positions: Float32Array.of(0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 6) } },
    ));
    expect(codes).toEqual(Array(4).fill('MDL_WRITE_COLLIDER_APPROXIMATED'));
    expect(file.root.collision.parts.map((p) => p.shapeTag)).toEqual(['MESH', 'MESH', 'MESH', 'BOX_']);
    const extent = (c: Collider) => {
      const p = (c.shape as { positions: Float32Array }).positions;
      return [0, 1, 2].map((k) => Math.max(...p.filter((_, i) => i % 3 === k)) - Math.min(...p.filter((_, i) => i % 3 === k)));
    };
    extent(back.colliders[0]).forEach((e) => expect(e).toBeCloseTo(2, 5));
    expect(extent(back.colliders[1])[1]).toBeCloseTo(2, 5); // height + two radii
    expect(extent(back.colliders[2])[1]).toBeCloseTo(2, 5);
    expect(back.colliders[3].shape).toEqual({ type: 'box', size: [2, 4, 6] });
    expect(back.colliders[3].translation).toEqual([1, 2, 3]);
  });

  it('puts a collider on the NODE of its node; one on the scene root goes to the top node, placed', () => {
    const s = scene({ shape: { type: 'box', size: [1, 1, 1] }, translation: [0, 0, 3] });
    s.nodes[0].translation = [10, 0, 0];
    addNode(s, { name: 'child', translation: [0, 5, 0] }, 0);
    s.colliders.push({ node: 1, shape: { type: 'box', size: [2, 2, 2] } });
    const { file, back } = roundTrip(s);
    expect(file.root.collision.parts[0].primitive!.offset).toEqual([-10, 0, -3]);
    expect(file.root.children[0].collision.parts).toHaveLength(1);
    expect(back.colliders.map((c) => back.nodes[c.node!].name)).toEqual(['mesh', 'child']);
  });
});
