// Synthetic scenes the writer tests share: built with core's createScene/addNode, glTF conventions.
import { addNode, createScene, math, type AnimationClip, type Scene } from '@relic3d/core';
import { material, quadPrimitive } from './helpers.js';

export interface StripOptions {
  /** Joints in a chain along +Y, one unit apart (default 3). */
  joints?: number;
  /** Influences per vertex (1..4, default 4). */
  influences?: number;
  /** A clip bending the chain (default true). */
  clip?: boolean;
  /** Scale of an armature node above the chain (default 1: no armature node). */
  armatureScale?: number;
  /** Weights in whole percents, as MS3D stores them (default true: the round trip is then exact). */
  percents?: boolean;
}

/**
 * A vertical strip (2 vertices per row, rows every 0.25 along +Y) skinned to a chain of joints;
 * each vertex takes up to `influences` joints weighted by distance. Rest pose = bind pose.
 */
export function skinnedStrip(options: StripOptions = {}): Scene {
  const jointCount = options.joints ?? 3;
  const influences = options.influences ?? 4;
  const scene = createScene('test');
  scene.name = 'strip';
  scene.materials.push(material('skin'));
  const rows = jointCount * 4 + 1;
  const positions: number[] = [], normals: number[] = [], uvs: number[] = [], joints: number[] = [], weights: number[] = [];
  for (let r = 0; r < rows; r++) {
    const y = r * 0.25;
    for (const x of [-0.5, 0.5]) {
      positions.push(x, y, 0);
      normals.push(0, 0, 1);
      uvs.push(x + 0.5, 1 - y / (rows * 0.25));
      const near = Array.from({ length: jointCount }, (_, j) => [j, 1 / (0.1 + Math.abs(y - j - 0.5))] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, influences);
      const sum = near.reduce((s, [, w]) => s + w, 0);
      const ws = near.map(([, w]) => w / sum);
      if (options.percents ?? true) {
        ws.forEach((w, k) => (ws[k] = Math.round(w * 100) / 100));
        ws[0] += 1 - ws.reduce((s, w) => s + w, 0);
      }
      for (let k = 0; k < 4; k++) {
        joints.push(near[k]?.[0] ?? 0);
        weights.push(near[k] ? ws[k] : 0);
      }
    }
  }
  const indices: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    const a = r * 2;
    indices.push(a, a + 1, a + 3, a, a + 3, a + 2);
  }
  const s = options.armatureScale ?? 1;
  const parentOfChain = s !== 1 ? addNode(scene, { name: 'Armature', scale: [s, s, s], rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2] }) : -1;
  const jointNodes: number[] = [];
  for (let j = 0; j < jointCount; j++) jointNodes.push(addNode(scene, { name: `bone${j}`, translation: [0, j === 0 ? 0 : 1, 0], joint: true }, j === 0 ? parentOfChain : jointNodes[j - 1]));
  addNode(scene, { name: 'strip', mesh: 0, skin: 0 });
  scene.meshes.push({
    name: 'strip',
    primitives: [{ ...quadPrimitive(0), attributes: { POSITION: new Float32Array(positions), NORMAL: new Float32Array(normals), TEXCOORD_0: new Float32Array(uvs), JOINTS_0: new Uint16Array(joints), WEIGHTS_0: new Float32Array(weights) }, indices: new Uint32Array(indices) }],
  });
  // Inverse bind matrices of the rest pose (the armature's scale and turn included, as glTF exporters write them).
  const ibm = new Float32Array(jointCount * 16);
  const world = worldOf(scene);
  jointNodes.forEach((n, j) => math.invert(world.subarray(n * 16, n * 16 + 16), ibm.subarray(j * 16, j * 16 + 16)));
  // The strip was laid out along the chain: under an armature, its vertices are where the armature puts the chain.
  if (parentOfChain >= 0) {
    const m = world.subarray(parentOfChain * 16, parentOfChain * 16 + 16);
    const { POSITION: p, NORMAL: n } = scene.meshes[0].primitives[0].attributes;
    const turn = scene.nodes[parentOfChain].rotation!;
    for (let v = 0; v < p.length; v += 3) {
      p.set(math.transformPoint(m, p[v], p[v + 1], p[v + 2]), v);
      n!.set(math.quatRotateVec3(turn, n!.subarray(v, v + 3)), v);
    }
  }
  scene.skins.push({ name: 'strip', joints: jointNodes, inverseBindMatrices: ibm });
  if (options.clip ?? true) scene.animations.push(bendClip(jointNodes));
  return scene;
}

/** Bends joints 1.. about Z by up to 0.8 rad and lifts the root, over 1 s (LINEAR keys at 30 fps). */
export function bendClip(jointNodes: number[], name = 'bend', duration = 1): AnimationClip {
  const frames = Math.round(duration * 30) + 1;
  const times = Float32Array.from({ length: frames }, (_, k) => k / 30);
  const channels: AnimationClip['channels'] = jointNodes.slice(1).map((node) => ({
    node,
    path: 'rotation',
    interpolation: 'LINEAR',
    times,
    values: Float32Array.from({ length: frames * 4 }, (_, i) => {
      const a = 0.8 * Math.sin((Math.PI * (i >> 2)) / (frames - 1)) / 2;
      return [0, 0, Math.sin(a), Math.cos(a)][i % 4];
    }),
  }));
  channels.push({ node: jointNodes[0], path: 'translation', interpolation: 'LINEAR', times, values: Float32Array.from({ length: frames * 3 }, (_, i) => (i % 3 === 1 ? 0.5 * ((i / 3) | 0) / (frames - 1) : 0)) });
  return { name, duration: times[frames - 1], channels };
}

function worldOf(scene: Scene): Float32Array {
  const out = new Float32Array(scene.nodes.length * 16);
  scene.nodes.forEach((node, i) => {
    const local = math.fromTRS(node.translation, node.rotation, node.scale, new Float32Array(16));
    if (node.parent >= 0) math.multiply(out.subarray(node.parent * 16, node.parent * 16 + 16), local, out.subarray(i * 16, i * 16 + 16));
    else out.set(local, i * 16);
  });
  return out;
}
