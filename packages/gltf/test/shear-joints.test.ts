// Sheared joints: skinned and rigid vertices at rest and through a clip.
import { describe, expect, it } from 'vitest';
import { addNode, computeWorldMatrices, createScene, math, type Scene } from '@relic3d/core';
import { axisAngle, trs, shear, product, box, channel, expectSameVertices, exportChecked, codes } from './shear-helpers.js';

/** A skeleton with a sheared static joint (a mesh on it too) and a sheared animated joint. */
function skinScene(): Scene {
  const scene = createScene('test');
  scene.meshes.push(box('body', true), box('prop'));
  const root = addNode(scene, { name: 'root', rotation: axisAngle([1, 0, 0], -0.3) });
  const j0 = addNode(scene, { name: 'J0', joint: true, translation: [0, 0.5, 0] }, root);
  const j1 = addNode(scene, { name: 'J1 sheared', joint: true, matrix: product(trs([0, 1, 0], axisAngle([0, 0, 1], 0.4), [1, 1, 1]), shear(0.45, -0.2, 0.3), trs([0, 0, 0], [0, 0, 0, 1], [1, 1.3, 0.8])), mesh: 1 }, j0);
  const j2 = addNode(scene, { name: 'J2', joint: true, translation: [0, 1, 0] }, j1);
  const j3 = addNode(scene, { name: 'J3 animated sheared', joint: true, matrix: product(trs([1, 0, 0], [0, 0, 0, 1], [1, 1, 1]), shear(0, 0.35, 0.2)) }, j0);
  const joints = [j0, j1, j2, j3];
  const world = computeWorldMatrices(scene);
  const ibm = new Float32Array(64);
  joints.forEach((j, k) => ibm.set(math.invert(world.subarray(j * 16, j * 16 + 16))!, k * 16));
  scene.skins.push({ name: 'skin', joints, inverseBindMatrices: ibm, skeleton: root });
  // At the root: glTF ignores a skinned node's own transform (the validator warns otherwise).
  addNode(scene, { name: 'skinned body', mesh: 0, skin: 0 });
  const d3 = math.decompose(scene.nodes[j3].matrix!);
  scene.animations.push({
    name: 'wave',
    duration: 1,
    channels: [
      channel(j2, 'rotation', [0, 1], [0, 0, 0, 1, ...axisAngle([1, 0, 0], 0.8)]),
      channel(j3, 'translation', [0, 1], [...d3.translation, 1, 0.5, 0]),
    ],
  });
  return scene;
}

describe('sheared joints', () => {
  it('skinned and rigid vertices equal the scene at rest; through a clip the static sheared joint stays exact', async () => {
    const scene = skinScene();
    const { gltf, warnings } = await exportChecked(scene);
    expectSameVertices(gltf, scene, 'rest');
    expect(codes(warnings, 'GLTF_MATRIX_SPLIT')).toEqual([expect.stringMatching(/^node 'J1 sheared' .*baked into its mesh, its children, its inverse bind matrices; world transforms are exact$/)]);
    expect(codes(warnings, 'GLTF_MATRIX_NOT_TRS')).toEqual([expect.stringMatching(/^node 'J3 animated sheared' is animated .*baked into its inverse bind matrices: the rest pose is exact/)]);
    const m = scene.nodes[4].matrix!;
    const d = math.decompose(m);
    const x = Array.from(math.multiply(math.invert(math.fromTRS(d.translation, d.rotation, d.scale, new Float64Array(16)), new Float64Array(16))!, m, new Float64Array(16)));
    for (const time of [0.25, 0.6, 1]) expectSameVertices(gltf, scene, `wave at ${time} s`, 0, time, new Map([[4, x]]));
    // The skin keeps its joints, in order.
    expect(gltf.json.skins[0].joints).toEqual([1, 2, 3, 4]);
  });
});
