// Skins: bones of the top NODE, byte weights, the bind pose, one root bone, rigid parts in levels.
import { addNode, computeWorldMatrices, createScene, math, type AnimationClip, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { grid, roundTrip, triangle } from './helpers.js';

/** A column of 10 vertices up to y = 4 on two joints (upper below y = 2, lower above, blended at 2). */
function arm(options: { twoRoots?: boolean; posed?: boolean } = {}): Scene {
  const scene = createScene('test');
  scene.name = 'arm';
  const top = addNode(scene, { name: 'Armature' });
  const upper = addNode(scene, { name: 'upper', joint: true }, top);
  const lower = addNode(scene, { name: 'lower', joint: true, translation: [0, 2, 0] }, options.twoRoots ? top : upper);
  const position = new Float32Array(30), joints = new Uint16Array(40), weights = new Float32Array(40);
  for (let level = 0; level < 5; level++) {
    for (let side = 0; side < 2; side++) {
      const v = level * 2 + side;
      position.set([side ? 0.5 : -0.5, level, 0], v * 3);
      joints.set([0, 1, 0, 0], v * 4);
      weights.set(level < 2 ? [1, 0, 0, 0] : level > 2 ? [0, 1, 0, 0] : [0.5, 0.5, 0, 0], v * 4);
    }
  }
  const indices = Uint16Array.from({ length: 24 }, (_, k) => [0, 1, 2, 2, 1, 3][k % 6] + Math.floor(k / 6) * 2);
  scene.meshes.push({ name: 'skin', primitives: [{ attributes: { POSITION: position, JOINTS_0: joints, WEIGHTS_0: weights }, indices }] });
  addNode(scene, { name: 'body', mesh: 0, skin: 0 }, top);
  const world = computeWorldMatrices(scene);
  const inverseBind = new Float32Array(32);
  [upper, lower].forEach((j, k) => inverseBind.set(math.invert(world.subarray(j * 16, j * 16 + 16))!, k * 16));
  scene.skins.push({ name: 'arm', joints: [upper, lower], inverseBindMatrices: inverseBind });
  const bend: AnimationClip = {
    name: 'bend',
    duration: 1,
    channels: [{ node: lower, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.from([...math.quatFromAxisAngle([0, 0, 1], 0), ...math.quatFromAxisAngle([0, 0, 1], Math.PI / 2)]) }],
  };
  scene.animations.push(bend);
  if (options.posed) scene.nodes[lower].rotation = math.quatFromAxisAngle([1, 0, 0], 0.3);
  return scene;
}

describe('skins', () => {
  it('writes the joints as the top NODE bones, the weights as u16 ids + u8 bytes, and keeps the posed bounds', () => {
    const scene = arm();
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_SKINNED_MOVED']);
    expect(file.root.bones.map((b) => [b.name, b.children.map((c) => c.name)])).toEqual([['upper', ['lower']]]);
    expect(file.root.bones[0].children[0].position).toEqual([0, 2, 0]);
    expect(file.root.animations.map((a) => [a.name, a.tracks.map((t) => [t.boneId, t.flags])])).toEqual([['bend', [[1, 2]]]]);
    const v = file.root.lods[0].meshes[0].vertices;
    expect(Array.from(v.boneWeights.subarray(0, 4))).toEqual([255, 0, 0, 0]);
    expect(Array.from(v.boneIds.subarray(16, 20))).toEqual([0, 1, 0, 0]);
    expect(Array.from(v.boneWeights.subarray(16, 20))).toEqual([127, 128, 0, 0]); // 127.5 each: the rounding remainder goes to the first largest
    expect(Array.from(v.boneWeights.subarray(36, 40))).toEqual([0, 255, 0, 0]);
    // The skinned mesh moved into the top node; the rest of the facts are the scene's.
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'lodLevels'] })).toEqual([]);
    expect(sceneFacts(back).meshNodes).toEqual(['Armature LOD0']);
  });

  it('writes vertices where the current pose puts them when the joints are not in their bind pose (warned)', () => {
    const scene = arm({ posed: true });
    const { back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_SKINNED_MOVED', 'MDL_WRITE_POSE_BAKED']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['bounds', 'joints', 'jointParents', 'vertices'] })).toEqual([]);
  });

  it('gives several root bones one added root (the spec allows one), with a warning', () => {
    const scene = arm({ twoRoots: true });
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toContain('MDL_WRITE_ROOT_BONE_ADDED');
    expect(file.root.bones.map((b) => [b.name, b.children.map((c) => c.name)])).toEqual([['root', ['upper', 'lower']]]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['bounds', 'posed', 'clips'] })).toEqual([]);
  });

  it('binds unweighted vertices of a skinned level to the model (the reader adds it as the last joint)', () => {
    const scene = arm();
    // The top node draws a static triangle in the same level as the skin.
    scene.meshes.push({ name: 'plate', primitives: [triangle()] });
    scene.nodes[0].mesh = 1;
    const { back, file } = roundTrip(scene);
    expect(file.root.lods[0].meshes.map((m) => m.name)).toEqual(['plate', 'skin']);
    expect(Array.from(file.root.lods[0].meshes[0].vertices.boneWeights)).toEqual(Array(12).fill(0));
    const skin = back.skins[0];
    expect(skin.extras!.modelJoint).toBe(2);
    expect(back.nodes[skin.joints[2]].name).toBe('Armature');
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['bounds', 'posed', 'vertices', 'triangles'] })).toEqual([]);
  });

  it('keeps a moving part inside a level of the top node in that level, skinned whole to its bone', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'base', primitives: [grid(4)] }, { name: 'blade', primitives: [triangle()] }, { name: 'low', primitives: [grid(1)] });
    const top = addNode(scene, { name: 'mill' });
    const near = addNode(scene, { name: 'near', mesh: 0 }, top);
    const blade = addNode(scene, { name: 'blade', mesh: 1, translation: [2, 3, 0] }, near);
    const far = addNode(scene, { name: 'far', mesh: 2 }, top);
    scene.nodes[top].lods = [{ node: near, distance: 0 }, { node: far, distance: 50 }];
    scene.animations.push({ name: 'spin', duration: 2, channels: [{ node: blade, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, 1, 2), values: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, -1]) }] });
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_NODES_AS_BONES', 'MDL_WRITE_LOD_NODES_MERGED']);
    expect(file.root.bones.map((b) => b.name)).toEqual(['blade']);
    expect(file.root.lods.map((l) => l.meshes.length)).toEqual([2, 1]);
    expect(Array.from(file.root.lods[0].meshes[1].vertices.boneWeights.subarray(0, 4))).toEqual([255, 0, 0, 0]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['vertices', 'triangles', 'bounds', 'posed', 'clips', 'lodLevels'] })).toEqual([]);
  });
});
