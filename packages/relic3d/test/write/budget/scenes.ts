// Scenes that made the writers explode (issue 26), built here, small as inputs: instancing (one
// mesh drawn by thousands of nodes), key spans of 10⁹ s and 2.5·10³⁸ s, names that are not strings.
import { addNode, createScene, defaultMaterial, type Scene } from 'relic3d';

/** A grid of `side`² vertices and 2·(side−1)² triangles, with normals and UVs, on `nodes` nodes. */
export function instanced(side: number, nodes: number): Scene {
  const scene = createScene('test');
  const count = side * side;
  const POSITION = new Float32Array(count * 3), NORMAL = new Float32Array(count * 3), TEXCOORD_0 = new Float32Array(count * 2);
  for (let v = 0; v < count; v++) {
    const x = v % side, y = Math.floor(v / side);
    POSITION.set([x / side, y / side, ((x * 7 + y * 13) % 17) / 170], v * 3);
    NORMAL.set([0, 0, 1], v * 3);
    TEXCOORD_0.set([x / side, y / side], v * 2);
  }
  const indices = new Uint32Array((side - 1) * (side - 1) * 6);
  let at = 0;
  for (let y = 0; y + 1 < side; y++) {
    for (let x = 0; x + 1 < side; x++) {
      const v = y * side + x;
      indices.set([v, v + 1, v + side, v + 1, v + side + 1, v + side], at);
      at += 6;
    }
  }
  scene.materials.push({ ...defaultMaterial(), name: 'grey' });
  scene.meshes.push({ name: 'grid', primitives: [{ attributes: { POSITION, NORMAL, TEXCOORD_0 }, indices, material: 0 }] });
  for (let n = 0; n < nodes; n++) addNode(scene, { name: `copy${n}`, mesh: 0, translation: [n % 60, Math.floor(n / 60), 0] });
  return scene;
}

/**
 * A skinned triangle on a two-bone chain whose root bone has two rotation keys, at 0 s and at
 * `end` seconds: the clip lasts `end` seconds (what a reader or fromGltf makes of such keys).
 */
export function longSpan(end: number): Scene {
  const scene = createScene('test');
  scene.materials.push({ ...defaultMaterial(), name: 'grey' });
  const POSITION = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0);
  const JOINTS_0 = Uint16Array.of(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
  const WEIGHTS_0 = Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
  scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION, JOINTS_0, WEIGHTS_0 }, indices: Uint32Array.of(0, 1, 2), material: 0 }] });
  const root = addNode(scene, { name: 'root', joint: true });
  const tip = addNode(scene, { name: 'tip', joint: true, translation: [0, 1, 0] }, root);
  scene.skins.push({ joints: [root, tip], inverseBindMatrices: Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1) });
  addNode(scene, { name: 'body', mesh: 0, skin: 0 });
  const half = Math.SQRT1_2;
  scene.animations.push({
    name: 'spin',
    duration: Math.fround(end),
    channels: [{ node: root, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, end), values: Float32Array.of(0, 0, 0, 1, 0, 0, half, half) }],
  });
  return scene;
}

/** A plain scene whose node, mesh, material and clip names are a number, an object, null and a number. */
export function badNames(): Scene {
  const scene = longSpan(1);
  (scene.nodes[0] as { name: unknown }).name = 42;
  (scene.meshes[0] as { name: unknown }).name = { text: 'tri' };
  (scene.materials[0] as { name: unknown }).name = null;
  (scene.animations[0] as { name: unknown }).name = 7;
  return scene;
}
