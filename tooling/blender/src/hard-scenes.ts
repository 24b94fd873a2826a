// Synthetic models that are valid but hard for other tools (issue #28), built as scenes.
import { addNode, createScene, defaultMaterial, math, type Primitive, type Scene } from 'relic3d';

/** A unit cube (8 vertices, 12 triangles) around `center`, optionally skinned to one joint per vertex. */
function cube(center: [number, number, number] = [0, 0, 0], joints?: number[]): Primitive {
  const positions = new Float32Array(24);
  for (let v = 0; v < 8; v++) positions.set([center[0] + (v & 1 ? 0.5 : -0.5), center[1] + (v & 2 ? 0.5 : -0.5), center[2] + (v & 4 ? 0.5 : -0.5)], v * 3);
  const indices = Uint16Array.from([0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5]);
  const primitive: Primitive = { attributes: { POSITION: positions }, indices, material: 0 };
  if (joints) {
    primitive.attributes.JOINTS_0 = Uint16Array.from(joints.flatMap((j) => [j, 0, 0, 0]));
    primitive.attributes.WEIGHTS_0 = Float32Array.from(joints.flatMap(() => [1, 0, 0, 0]));
  }
  return primitive;
}

function withCube(scene: Scene, name: string, primitive: Primitive): number {
  scene.materials.push(defaultMaterial());
  scene.meshes.push({ name, primitives: [primitive] });
  return scene.meshes.length - 1;
}

const turn = (degrees: number) => [...math.quatFromAxisAngle([0, 1, 0], (degrees * Math.PI) / 180)];

/** A spinning cube whose 1 s clip has one stray key `far` seconds in (a stale frame, a bad unit). */
export function farKeyScene(far: number): Scene {
  const scene = createScene('synthetic');
  const spinner = addNode(scene, { name: 'Spinner', mesh: withCube(scene, 'Cube', cube([1, 0, 0])) });
  scene.animations.push({
    name: 'Spin',
    duration: 1,
    channels: [{ node: spinner, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 0.5, 1, far]), values: Float32Array.from([...turn(0), ...turn(90), ...turn(180), ...turn(0)]) }],
  });
  return scene;
}

/** A chain of `depth` nodes, each 0.01 up and turned 1° from its parent, a cube at the end. */
export function deepChainScene(depth: number): Scene {
  const scene = createScene('synthetic');
  let parent = -1;
  for (let k = 0; k < depth; k++) {
    const last = k === depth - 1;
    parent = addNode(scene, { name: `link${k}`, translation: [0, 0.01, 0], rotation: turn(1) as [number, number, number, number], ...(last ? { mesh: withCube(scene, 'Tip', cube()) } : {}) }, parent);
  }
  return scene;
}

/**
 * A two-joint column skinned to 'Hips' and 'Spine', its mesh node under 'Holder' (moved 5 along X,
 * scaled 2), whose transform glTF ignores for a skinned mesh; one clip bends 'Spine' 90°.
 */
export function skinnedUnderNodeScene(): Scene {
  const scene = createScene('synthetic');
  const hips = addNode(scene, { name: 'Hips' });
  const spine = addNode(scene, { name: 'Spine', translation: [0, 1, 0] }, hips);
  const ibm = new Float32Array(32);
  ibm.set(math.identity() as Float32Array, 0);
  ibm.set(math.fromTRS([0, -1, 0], [0, 0, 0, 1], [1, 1, 1]) as Float32Array, 16);
  scene.skins.push({ name: 'Rig', joints: [hips, spine], inverseBindMatrices: ibm, skeleton: hips });
  const holder = addNode(scene, { name: 'Holder', translation: [5, 0, 0], scale: [2, 2, 2] });
  // Lower half on Hips, upper half (y > 1) on Spine.
  const primitive = cube([0, 1, 0], [0, 0, 1, 1, 0, 0, 1, 1]);
  primitive.attributes.POSITION = Float32Array.from(primitive.attributes.POSITION, (x, k) => (k % 3 === 1 ? x * 2 : x));
  addNode(scene, { name: 'Body', mesh: withCube(scene, 'Body', primitive), skin: 0 }, holder);
  scene.animations.push({
    name: 'Bend',
    duration: 2,
    channels: [{ node: spine, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 1, 2]), values: Float32Array.from([...turn(0), ...math.quatFromAxisAngle([0, 0, 1], Math.PI / 2), ...turn(0)]) }],
  });
  return scene;
}
