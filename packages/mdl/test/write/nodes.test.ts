// The node tree: hierarchy and transforms, the one top NODE, LOD levels, legacy node fields.
import { addNode, computeBounds, createScene, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { grid, meshScene, roundTrip, triangle } from './helpers.js';

/** root (moved, turned, scaled) → arm (moved) → hand (mesh) and a sibling mesh node. */
function hierarchy(): Scene {
  const scene = createScene('test');
  scene.name = 'rig';
  scene.meshes.push({ name: 'tri', primitives: [triangle()] }, { name: 'plane', primitives: [grid(2)] });
  const root = addNode(scene, { name: 'root', translation: [1, 2, 3], rotation: math.quatFromAxisAngle([0, 1, 0], 0.5), scale: [2, 2, 2] });
  const arm = addNode(scene, { name: 'arm', translation: [0, 1, -4] }, root);
  addNode(scene, { name: 'hand', mesh: 0, rotation: math.quatFromAxisAngle([1, 0, 0], 1) }, arm);
  addNode(scene, { name: 'floor', mesh: 1, matrix: math.fromTRS([0, -1, 0], [0, 0, 0, 1], [3, 1, 3], new Float32Array(16)) as Float32Array }, root);
  return scene;
}

describe('the node tree', () => {
  it('keeps the hierarchy: the single root is the top NODE, its children KIDS, transforms converted', () => {
    const scene = hierarchy();
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual([]);
    expect(file.root.name).toBe('root');
    expect(file.root.position).toEqual([1, 2, -3]);
    const q = scene.nodes[0].rotation!;
    file.root.rotation.forEach((v, k) => expect(v).toBeCloseTo([-q[0], -q[1], q[2], q[3]][k], 6));
    expect(file.root.children.map((c) => c.name)).toEqual(['arm', 'floor']);
    expect(file.root.children[0].children.map((c) => c.name)).toEqual(['hand']);
    expect(file.root.children[1].scale).toEqual([3, 1, 3]); // a matrix node as TRS
    expect(back.name).toBe('root');
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'lodLevels'] })).toEqual([]);
    // Each NODE's meshes become its one level: '<name> LOD0'.
    expect(sceneFacts(back).meshNodes).toEqual(['floor LOD0', 'hand LOD0']);
  });

  it('adds a top NODE named after the scene when there are several roots (or the root is animated)', () => {
    const scene = createScene('test');
    scene.name = 'pair';
    scene.meshes.push({ name: 'tri', primitives: [triangle()] });
    addNode(scene, { name: 'a', mesh: 0, translation: [5, 0, 0] });
    addNode(scene, { name: 'b', mesh: 0, translation: [-5, 0, 0] });
    const { file, back } = roundTrip(scene);
    expect(file.root.name).toBe('pair');
    expect(file.root.position).toEqual([0, 0, 0]);
    expect(file.root.lods).toEqual([]);
    expect(file.root.children.map((c) => c.name)).toEqual(['a', 'b']);
    expect(computeBounds(back)).toEqual(computeBounds(scene));
  });

  it('writes LOD levels with their distances; nodes under a level are merged into it (warned)', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'fine', primitives: [grid(8)] }, { name: 'coarse', primitives: [grid(2)] }, { name: 'tri', primitives: [triangle()] });
    const holder = addNode(scene, { name: 'tree' });
    const l0 = addNode(scene, { name: 'near', mesh: 0 }, holder);
    const l1 = addNode(scene, { name: 'far' }, holder);
    addNode(scene, { name: 'far part', mesh: 1, translation: [0, 3, 0], scale: [4, 4, 4] }, l1);
    addNode(scene, { name: 'far leaf', mesh: 2, translation: [1, 1, 1] }, l1);
    scene.nodes[holder].lods = [{ node: l0, distance: 0 }, { node: l1, distance: 25 }];
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_LOD_NODES_MERGED']);
    expect(file.root.lods.map((l) => [l.viewDistance, l.meshes.length])).toEqual([[0, 1], [25, 2]]);
    expect(file.root.lods[1].meshes.map((m) => m.name)).toEqual(['far part', 'far leaf']);
    const lods = back.nodes[back.roots[0]].lods!;
    expect(lods.map((l) => l.distance)).toEqual([0, 25]);
    for (const lod of [0, 1]) {
      const a = computeBounds(scene, { lod }), b = computeBounds(back, { lod });
      for (let c = 0; c < 3; c++) {
        expect(b.min[c]).toBeCloseTo(a.min[c], 5);
        expect(b.max[c]).toBeCloseTo(a.max[c], 5);
      }
    }
  });

  it('warns for a level with no distance past the first (MSFT_lod screen coverage only)', () => {
    const scene = meshScene(triangle());
    const extra = addNode(scene, { name: 'low', mesh: 0 }, 0);
    const self = addNode(scene, { name: 'high', mesh: 0 }, 0);
    scene.nodes[0].mesh = undefined;
    scene.nodes[0].lods = [{ node: self, screenCoverage: 0.5 }, { node: extra, screenCoverage: 0.1 }];
    const { codes, file } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_LOD_DISTANCE']);
    expect(file.root.lods.map((l) => l.viewDistance)).toEqual([0, 0]);
  });

  it('gives back the node fields the reader keeps in extras: colour, properties, the v301 floats', () => {
    const scene = meshScene(triangle());
    scene.nodes[0].extras = { color: [0.5, 0.25, 1, 1], engineProperties: '{"collision":2}', user: { health: 10 }, unknownNodeFloats: [1, 2, 3] };
    const { file } = roundTrip(scene);
    expect(file.root.color).toEqual([0.5, 0.25, 1, 1]);
    expect(file.root.engineProperties).toBe('{"collision":2}');
    expect(file.root.userProperties).toBe('{"health":10}');
    expect(file.root.unknownNodeFloats).toEqual([1, 2, 3]);
    const plain = roundTrip(meshScene(triangle())).file.root;
    expect([plain.color, plain.unknownNodeFloats, plain.engineProperties]).toEqual([[1, 1, 1, 1], [16, 32, 64], '']);
    expect(roundTrip(meshScene(triangle()), { version: 300 }).file.root.unknownNodeFloats).toBeUndefined();
  });

  it('keeps camera and light nodes as empty NODEs and warns that the objects are gone', () => {
    const scene = meshScene(triangle());
    scene.cameras.push({ type: 'perspective', znear: 0.1, yfov: 1 });
    scene.lights.push({ type: 'point', color: [1, 1, 1], intensity: 1 });
    addNode(scene, { name: 'cam', camera: 0 }, 0);
    addNode(scene, { name: 'lamp', light: 0 }, 0);
    const { codes, file } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_CAMERA_DROPPED', 'MDL_WRITE_LIGHT_DROPPED']);
    expect(file.root.children.map((c) => c.name)).toEqual(['cam', 'lamp']);
  });

  it('warns about a sheared node matrix (TRS cannot hold it)', () => {
    const scene = meshScene(triangle());
    scene.nodes[0].matrix = Float32Array.of(1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    expect(roundTrip(scene).codes).toEqual(['MDL_WRITE_SHEAR']);
  });
});
