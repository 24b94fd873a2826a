// Hostile matrices: huge, tiny, singular and mirrored sheared matrices still give a valid glTF.
import { describe, expect, it } from 'vitest';
import { addNode, createScene } from '@relic3d/core';
import { toGlb } from '../src/index.js';
import { describeIssues, validateGltf } from './validate.js';
import { type M4, box, channel } from './shear-helpers.js';

describe('hostile matrices', () => {
  it('huge, tiny, singular and mirrored sheared matrices on static, animated and joint nodes still give a valid glTF', async () => {
    const matrices: M4[] = [
      [1e30, 0, 0, 0, 1e30, 1e30, 0, 0, 0, 0, 1e30, 0, 0, 0, 0, 1],
      [3e38, 1e38, 0, 0, 1e38, 3e38, 0, 0, 0, 0, 3e38, 0, 1, 2, 3, 1],
      [1e-30, 0, 0, 0, 1e-30, 1e-30, 0, 0, 0, 0, 1e-30, 0, 0, 0, 0, 1],
      [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], // rank 1
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      [-1, 0, 0, 0, 0.9, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    ];
    for (const matrix of matrices) {
      const scene = createScene('test');
      scene.meshes.push(box('body', true), box('prop'));
      const j0 = addNode(scene, { name: 'J0', joint: true, matrix, mesh: 1 });
      const j1 = addNode(scene, { name: 'J1', joint: true, matrix }, j0);
      const a = addNode(scene, { name: 'animated', matrix, mesh: 1 }, j1);
      const c = addNode(scene, { name: 'animated child', mesh: 1 }, a);
      addNode(scene, { name: 'static child', matrix, mesh: 1 }, a);
      const j2 = addNode(scene, { name: 'J2', joint: true }, a);
      const j3 = addNode(scene, { name: 'J3', joint: true, matrix }, j2);
      // Bind matrices near the float32 limit: turned by a carry they may overflow.
      const ibm = new Float32Array(64).map((_, k) => (k % 16 === 15 ? 1 : k % 16 < 11 && k % 4 !== 3 ? 3e38 : 0));
      scene.skins.push({ name: 'skin', joints: [j0, j1, j2, j3], inverseBindMatrices: ibm });
      addNode(scene, { name: 'skinned', mesh: 0, skin: 0 });
      scene.animations.push({ name: 'a', duration: 1, channels: [channel(a, 'rotation', [0, 1], [0, 0, 0, 1, 0, 1, 0, 0]), channel(c, 'translation', [0, 1], [0, 0, 0, 1, 1, 1])] });
      const glb = await toGlb(scene, { onWarning: () => {} });
      const report = await validateGltf(glb);
      expect(report.errors, `${JSON.stringify(matrix)}: ${describeIssues(report.errors)}`).toEqual([]);
    }
  });
});
