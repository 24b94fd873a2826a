// Synthetic scenes for the writer tests, built with core's createScene/addNode (glTF conventions).
import { addNode, createScene, defaultMaterial, math, type AnimationChannel, type Primitive, type Scene } from '@relic3d/core';

/** A unit cube (24 vertices, flat normals, UVs) centred on the origin, optionally split into two primitives. */
export function cube(size = 1, split = false): Primitive[] {
  const h = size / 2;
  const faces: [number[], number[], number[]][] = [
    // normal, u axis, v axis
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
  ];
  const build = (which: number[]): Primitive => {
    const position: number[] = [], normal: number[] = [], uv: number[] = [], index: number[] = [];
    for (const f of which) {
      const [n, u, v] = faces[f];
      const base = position.length / 3;
      for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        for (let c = 0; c < 3; c++) position.push(h * (n[c] + a * u[c] + b * v[c]));
        normal.push(...n);
        uv.push((a + 1) / 2, (1 - b) / 2);
      }
      // Counter-clockwise seen from outside: u × v = n.
      index.push(base, base + 1, base + 2, base + 2, base + 3, base);
    }
    return {
      attributes: { POSITION: Float32Array.from(position), NORMAL: Float32Array.from(normal), TEXCOORD_0: Float32Array.from(uv) },
      indices: Uint16Array.from(index),
    };
  };
  return split ? [build([0, 1, 2]), build([3, 4, 5])] : [build([0, 1, 2, 3, 4, 5])];
}

/** A tiny 1×1 PNG (red), for embedded textures. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** Two cubes under a rotated, scaled parent; two materials (one textured from an embedded image, one by uri). */
export function texturedScene(): Scene {
  const scene = createScene('test');
  scene.name = 'boxes';
  scene.textures.push({ name: 'crate.png', image: { mimeType: 'image/png', data: PNG_1X1 } }, { uri: 'textures\\metal.tga' });
  scene.materials.push(
    { ...defaultMaterial('Crate'), baseColorFactor: [0.5, 0.25, 0.1, 1], baseColorTexture: { texture: 0 } },
    { ...defaultMaterial('Metal'), baseColorTexture: { texture: 1, transform: { offset: [0.25, -0.5], scale: [2, 3], rotation: 0.5 } }, doubleSided: true },
  );
  const [a, b] = cube(2, true);
  a.material = 0;
  b.material = 1;
  scene.meshes.push({ name: 'two materials', primitives: [a, b] }, { name: 'crate', primitives: cube(1).map((p) => ({ ...p, material: 0 })) });
  const root = addNode(scene, { name: 'Root', translation: [10, 0, -5], rotation: math.quatFromAxisAngle([0, 1, 0], 0.7) as [number, number, number, number], scale: [2, 2, 2] });
  addNode(scene, { name: 'Mixed', mesh: 0, translation: [0, 3, 0] }, root);
  addNode(scene, { name: 'Crate', mesh: 1, translation: [4, 0, 0], rotation: math.quatFromAxisAngle([1, 0, 0], -0.4) as [number, number, number, number] }, root);
  return scene;
}

/**
 * A skinned bar along +Y bound to a three-joint chain (up to four influences per vertex), with a
 * clip that bends it. Rest pose = bind pose.
 */
export function skinnedScene(influences = 4): Scene {
  const scene = createScene('test');
  scene.name = 'arm';
  const position: number[] = [], joints: number[] = [], weights: number[] = [], index: number[] = [];
  const rings = 7;
  for (let r = 0; r < rings; r++) {
    const y = r;
    for (const [x, z] of [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]) {
      position.push(x, y, z);
      const j = Math.min(2, Math.floor(r / 2.5));
      const w = [0.55, 0.25, 0.15, 0.05].slice(0, influences);
      const sum = w.reduce((s, v) => s + v, 0);
      const list = [j, (j + 1) % 3, (j + 2) % 3, 3].slice(0, influences);
      for (let k = 0; k < 4; k++) {
        joints.push(k < influences ? list[k] : 0);
        weights.push(k < influences ? w[k] / sum : 0);
      }
    }
  }
  for (let r = 0; r + 1 < rings; r++) {
    for (let s = 0; s < 4; s++) {
      const a = r * 4 + s, b = r * 4 + ((s + 1) % 4), c = a + 4, d = b + 4;
      index.push(a, c, b, b, c, d);
    }
  }
  scene.materials.push(defaultMaterial('Skin'));
  scene.meshes.push({ name: 'bar', primitives: [{ attributes: { POSITION: Float32Array.from(position), JOINTS_0: Uint16Array.from(joints), WEIGHTS_0: Float32Array.from(weights) }, indices: Uint16Array.from(index), material: 0 }] });
  const rig = addNode(scene, { name: 'Rig' });
  const j0 = addNode(scene, { name: 'Bone "upper"', translation: [0, 0, 0] }, rig);
  const j1 = addNode(scene, { name: 'Bone lower', translation: [0, 2.5, 0] }, j0);
  const j2 = addNode(scene, { name: 'Bone hand', translation: [0, 2.5, 0] }, j1);
  const j3 = addNode(scene, { name: 'Bone tip', translation: [0, 1, 0] }, j2);
  addNode(scene, { name: 'Bar', mesh: 0, skin: 0 }, rig);
  const jointList = [j0, j1, j2, j3];
  const ibm = new Float32Array(jointList.length * 16);
  let y = 0;
  jointList.forEach((_, k) => {
    y += [0, 2.5, 2.5, 1][k];
    ibm.set(math.fromTRS([0, -y, 0]), k * 16);
  });
  scene.skins.push({ name: 'bar', joints: jointList, inverseBindMatrices: ibm });
  jointList.forEach((j) => (scene.nodes[j].joint = true));
  const times = Float32Array.of(0, 0.5, 1);
  const bend = (angle: number) => math.quatFromAxisAngle([0, 0, 1], angle);
  const channels: AnimationChannel[] = [
    { node: j1, path: 'rotation', times, values: Float32Array.from([...bend(0), ...bend(0.8), ...bend(0)]), interpolation: 'LINEAR' },
    { node: j2, path: 'rotation', times, values: Float32Array.from([...bend(0), ...bend(-0.6), ...bend(0.3)]), interpolation: 'LINEAR' },
    { node: j0, path: 'translation', times, values: Float32Array.from([0, 0, 0, 1, 0.5, 0, 0, 0, 0]), interpolation: 'LINEAR' },
  ];
  scene.animations.push({ name: 'bend', duration: 1, channels });
  return scene;
}

/** A target camera (aimed by its `.Target` node, as the ASE reader makes them), a free camera and three lights. */
export function viewersScene(): Scene {
  const scene = createScene('test');
  scene.name = 'viewers';
  scene.cameras.push(
    { name: 'Cam', type: 'perspective', yfov: 0.6, aspectRatio: 4 / 3, znear: 0.5, zfar: 500 },
    { name: 'Free', type: 'perspective', yfov: 1.0, znear: 0.1 },
  );
  scene.lights.push(
    { name: 'Bulb', type: 'point', color: [1, 0.5, 0.25], intensity: 2, range: 40 },
    { name: 'Spot', type: 'spot', color: [1, 1, 1], intensity: 1, innerConeAngle: 0.3, outerConeAngle: 0.5 },
    { name: 'Sun', type: 'directional', color: [1, 1, 0.9], intensity: 3 },
  );
  const target = addNode(scene, { name: 'Cam.Target', translation: [0, 0, -10], extras: { kind: 'target', of: 'Cam' } });
  addNode(scene, { name: 'Cam', camera: 0, translation: [0, 2, 20], extras: { target } });
  addNode(scene, { name: 'Free', camera: 1, translation: [5, 5, 5], rotation: math.quatFromAxisAngle([0, 1, 0], 0.785) as [number, number, number, number] });
  addNode(scene, { name: 'Bulb', light: 0, translation: [0, 10, 0] });
  addNode(scene, { name: 'Spot', light: 1, translation: [3, 8, 3], rotation: math.quatFromAxisAngle([1, 0, 0], -1.2) as [number, number, number, number] });
  addNode(scene, { name: 'Sun', light: 2, rotation: math.quatFromAxisAngle([1, 0, 0], -0.8) as [number, number, number, number] });
  scene.meshes.push({ name: 'floor', primitives: cube(4) });
  addNode(scene, { name: 'Floor', mesh: 0 });
  return scene;
}
