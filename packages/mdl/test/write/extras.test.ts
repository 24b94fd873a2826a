// Legacy fields come back from extras only when they have the shape the reader gives them:
// extras of any other shape (a glTF's, a hostile scene's) are ignored, never trusted.
import { addNode, defaultMaterial } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { firstPrimitive, meshScene, roundTrip, triangle } from './helpers.js';

describe('extras of the wrong shape', () => {
  it('are ignored everywhere: nodes, primitives, clips, colliders, materials, textures', () => {
    const scene = meshScene(
      triangle({
        material: 0,
        extras: { polyVerts: 99, strideField: 1e20, displacement: 'a', primitiveFlags: Uint8Array.of(1, 2), pick: [1, 2], tangents: new Float32Array(5), unverifiedVertexTail: new Uint8Array(7), name: 5, indexSize: '4', morphBitangents: 'x', bitangents: [1, 2, 3] },
      }),
    );
    scene.nodes[0].extras = { color: 'red', unknownNodeFloats: [NaN, 0, 0], engineProperties: 7, user: undefined };
    scene.materials.push({ ...defaultMaterial('m'), baseColorTexture: { texture: 0 }, extras: { material: 'not an object', materialPath: 5 } });
    scene.textures.push({ uri: 'a.png', extras: { path: 7 } });
    const lid = addNode(scene, { name: 'lid' }, 0);
    scene.animations.push({ name: 'c', duration: 1, channels: [{ node: lid, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 1, 0, 0) }], extras: { speed: 1e6, keyframeCount: 60_000_000, keyframeFlags: 'x' } });
    scene.colliders.push({ node: 0, shape: { type: 'trimesh', positions: new Float32Array(9), indices: Uint32Array.of(0, 1, 2) }, extras: { polygonSizes: ['a'], flag: 1.5, size: [NaN, 1, 1] } });
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_NODES_AS_BONES']);
    const mesh = file.root.lods[0].meshes[0];
    expect([mesh.polyVerts, mesh.strideField, mesh.name, mesh.indexSize, mesh.primitiveFlags.length, mesh.pick.length]).toEqual([3, 88, 'mesh', 2, 0, 0]);
    expect(Array.from(mesh.vertices.displacement)).toEqual([1, 1, 1]);
    expect([file.root.color, file.root.unknownNodeFloats, file.root.engineProperties]).toEqual([[1, 1, 1, 1], [16, 32, 64], '']);
    expect(file.root.animations[0].keyframeCount).toBe(60);
    expect(file.root.collision.parts[0].mesh!.flag).toBe(0);
    expect(mesh.materialPath).toBe('./m.mat');
    expect(back.textures[0].uri).toBe('a.png');
    expect(firstPrimitive(back).attributes.POSITION.length).toBe(9);
  });
});
