// Synthetic scenes for the tests, built by hand from the core model.
import { addNode, createScene, defaultMaterial, math, type Scene } from '@relic3d/core';

/** Two joints stacked on Y; a quad skinned half to each; the mesh node sits far away (glTF ignores it). */
export function skinnedScene(): Scene {
  const scene = createScene('test');
  const rootJoint = addNode(scene, { name: 'hip', joint: true, translation: [0, 1, 0] });
  const tip = addNode(scene, { name: 'spine', joint: true, translation: [0, 1, 0] }, rootJoint);
  const body = addNode(scene, { name: 'body', mesh: 0, skin: 0, translation: [100, 0, 0] });
  // Vertices 0,1 at y=1 (bound to hip); 2,3 at y=2 (bound to spine).
  const positions = new Float32Array([-1, 1, 0, 1, 1, 0, 1, 2, 0, -1, 2, 0]);
  scene.meshes.push({
    name: 'quad',
    primitives: [{
      attributes: {
        POSITION: positions,
        NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
        JOINTS_0: new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
        WEIGHTS_0: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
      },
      indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
      material: 0,
    }],
  });
  scene.materials.push(defaultMaterial('skin'));
  // Inverse bind: hip at world y=1, spine at world y=2.
  const ibm = new Float32Array(32);
  ibm.set(math.fromTRS([0, -1, 0], undefined, undefined) as ArrayLike<number>, 0);
  ibm.set(math.fromTRS([0, -2, 0], undefined, undefined) as ArrayLike<number>, 16);
  scene.skins.push({ name: 'rig', joints: [rootJoint, tip], inverseBindMatrices: ibm, skeleton: rootJoint });
  // Spine: rotate 90° about Z over one second (LINEAR); hip: STEP translation.
  const half = Math.SQRT1_2;
  scene.animations.push({
    name: 'bend',
    duration: 1,
    channels: [
      { node: tip, path: 'rotation', interpolation: 'LINEAR', times: new Float32Array([0, 1]), values: new Float32Array([0, 0, 0, 1, 0, 0, half, half]) },
      { node: rootJoint, path: 'translation', interpolation: 'STEP', times: new Float32Array([0, 0.5]), values: new Float32Array([0, 1, 0, 5, 1, 0]) },
    ],
  });
  void body;
  return scene;
}

/** One triangle with two morph targets, animated weights, and a cubic-spline translation. */
export function morphScene(): Scene {
  const scene = createScene('test');
  const node = addNode(scene, { name: 'blob', mesh: 0, weights: [0.25, 0] });
  scene.meshes.push({
    name: 'tri',
    weights: [0, 0],
    primitives: [{
      attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) },
      targets: [
        { name: 'up', POSITION: new Float32Array([0, 0, 0, 0, 0, 0, 0, 2, 0]) },
        { name: 'right', POSITION: new Float32Array([0, 0, 0, 3, 0, 0, 0, 0, 0]) },
      ],
    }],
  });
  scene.animations.push({
    name: 'morph',
    duration: 2,
    channels: [
      { node, path: 'weights', interpolation: 'LINEAR', times: new Float32Array([0, 2]), values: new Float32Array([0, 0, 1, 0.5]) },
      // Two keys: value 0 → 10, out tangent of key 0 = 6, in tangent of key 1 = 0 (per second).
      {
        node, path: 'translation', interpolation: 'CUBICSPLINE', times: new Float32Array([0, 2]),
        values: new Float32Array([0, 0, 0, 0, 0, 0, 6, 0, 0, /* key 1 */ 0, 0, 0, 10, 0, 0, 0, 0, 0]),
      },
    ],
  });
  return scene;
}
