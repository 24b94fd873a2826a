import { addNode, createScene, defaultMaterial, type Scene } from '../src/index.js';

/** A valid scene: a skinned two-triangle quad on a 2-joint chain, with a clip and a morph target. */
export function validScene(): Scene {
  const scene = createScene('test', 1);
  const root = addNode(scene, { name: 'root' });
  const j0 = addNode(scene, { name: 'j0', joint: true }, root);
  const j1 = addNode(scene, { name: 'j1', joint: true, translation: [0, 1, 0] }, j0);
  scene.materials.push(defaultMaterial());
  scene.meshes.push({
    name: 'quad',
    primitives: [
      {
        attributes: {
          POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 0]),
          NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
          JOINTS_0: new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
          WEIGHTS_0: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
        },
        indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
        material: 0,
        targets: [{ name: 'bulge', POSITION: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]) }],
      },
    ],
    weights: [0],
  });
  const ibm = new Float32Array(32);
  ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 0);
  ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1], 16);
  scene.skins.push({ joints: [j0, j1], inverseBindMatrices: ibm, skeleton: j0 });
  addNode(scene, { name: 'skinned', mesh: 0, skin: 0 }, root);
  scene.animations.push({
    name: 'bend',
    duration: 1,
    channels: [
      { node: j1, path: 'rotation', interpolation: 'LINEAR', times: new Float32Array([0, 1]), values: new Float32Array([0, 0, 0, 1, 0, 0, Math.SQRT1_2, Math.SQRT1_2]) },
      { node: 3, path: 'weights', interpolation: 'LINEAR', times: new Float32Array([0, 1]), values: new Float32Array([0, 1]) },
    ],
  });
  return scene;
}
