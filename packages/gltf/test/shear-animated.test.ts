// An animated node with a sheared matrix: T·R·S kept, the remainder baked, its size reported.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, math, type Scene } from '@relic3d/core';
import { axisAngle, trs, shear, product, box, channel, expectSameVertices, exportChecked, codes } from './shear-helpers.js';

/** An animated node with a sheared matrix, its static, animated and sheared children. */
function animatedScene(): Scene {
  const scene = createScene('test');
  scene.meshes.push(box('box'), box('small'));
  const root = addNode(scene, { name: 'root', translation: [0, 1, 0] });
  const a = addNode(scene, { name: 'animated sheared', matrix: product(trs([1, 0, 0], axisAngle([0, 1, 1], 0.6), [1, 1, 1]), shear(0.5, 0.1, -0.2), trs([0, 0, 0], [0, 0, 0, 1], [1.2, 1, 0.9])), mesh: 0 }, root);
  addNode(scene, { name: 'static child', translation: [0, 1, 0], rotation: axisAngle([1, 0, 0], 0.4), mesh: 1 }, a);
  const e = addNode(scene, { name: 'animated child', translation: [1, 0, 0], mesh: 1 }, a);
  addNode(scene, { name: 'sheared child', matrix: product(trs([0, 0, 1], [0, 0, 0, 1], [1, 1, 1]), shear(0, 0.4, 0.3)), mesh: 1 }, a);
  const d = math.decompose(scene.nodes[a].matrix!);
  scene.animations.push({
    name: 'turn',
    duration: 1,
    channels: [
      channel(a, 'rotation', [0, 1], [...d.rotation, ...math.quatMultiply(axisAngle([0, 0, 1], 1.3), d.rotation)]),
      channel(e, 'translation', [0, 1], [1, 0, 0, 0, 2, 0.5]),
    ],
  });
  return scene;
}

describe('an animated node with a sheared matrix keeps T·R·S; the remainder is baked', () => {
  it('the rest pose is exact; in a clip the remainder stays, as the warning says', async () => {
    const scene = animatedScene();
    const { gltf, warnings } = await exportChecked(scene);
    expectSameVertices(gltf, scene, 'rest');
    const messages = codes(warnings, 'GLTF_MATRIX_NOT_TRS');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^node 'animated sheared' is animated and has a sheared matrix .*the rest pose is exact.*up to ([\d.]+)% of their distance/);
    // The remainder X = (T·R·S)⁻¹ · M of the decomposition the clip starts from.
    const m = scene.nodes[1].matrix!;
    const d = math.decompose(m);
    const x = Array.from(math.multiply(math.invert(math.fromTRS(d.translation, d.rotation, d.scale, new Float64Array(16)), new Float64Array(16))!, m, new Float64Array(16)));
    for (const time of [0, 0.4, 1]) expectSameVertices(gltf, scene, `turn at ${time} s`, 0, time, new Map([[1, x]]));
    // The reported size: how far X moves a point, per unit of its distance (largest singular value of X − I).
    const reported = Number(/up to ([\d.]+)%/.exec(messages[0])![1]) / 100;
    let largest = 0;
    for (let k = 0; k < 2000; k++) {
      const dir = [Math.sin(k) * Math.cos(k * 0.37), Math.sin(k) * Math.sin(k * 0.37), Math.cos(k)];
      const moved = [0, 1, 2].map((r) => x[r] * dir[0] + x[4 + r] * dir[1] + x[8 + r] * dir[2] - dir[r]);
      largest = Math.max(largest, Math.hypot(...moved) / Math.hypot(...dir));
    }
    expect(reported).toBeGreaterThanOrEqual(largest * 0.999);
    expect(reported).toBeLessThan(largest * 1.01);
    // The animated child hangs under a remainder node; its channels turn with it.
    const names = gltf.json.nodes.map((n: { name: string }) => n.name);
    const remainder = names.indexOf('animated sheared (remainder)');
    expect(remainder).toBeGreaterThanOrEqual(scene.nodes.length);
    expect(gltf.json.nodes[remainder].children).toEqual([3]);
    expect(gltf.json.nodes[1].children).toEqual([2, remainder, 4]);
  });
});
