// Skinned, animated bench inputs for every format: one seeded scene (a character-like mesh on a
// skeleton of ~48 joints, up to 4 influences per vertex, several clips of 100+ frames), written by
// each format's own writer (`writers` of @relic3d/formats), so each file holds what its format can:
// O3D 2 influences per vertex and its skeleton and motions in `.chr`/`.ani` companions
// (docs/formats/o3d.md), MS3D 4 through the weights trailer (docs/formats/ms3d.md §8), and so on.
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { writers } from '@relic3d/formats';
import { rng } from './timing.js';

export interface SkinnedOptions {
  /** Vertices of the mesh (split in primitives of at most 65,535). */
  vertices: number;
  joints?: number;
  /** Influences per vertex (1–4). */
  influences?: number;
  clips?: number;
  frames?: number;
  seed?: number;
}

/** A joint chain with branches: joint i hangs under joint `parentOf(i)`, 0.2 units above it. */
const parentOf = (i: number) => (i === 0 ? -1 : i < 6 ? i - 1 : 1 + ((i * 7) % Math.min(i - 1, 16)));

/**
 * The scene: joints first (rest pose translations), then one skinned mesh node. Vertices sit on a
 * wavy cylinder; each is bound to the joint at its height and its neighbours, weights falling off.
 */
export function skinnedScene(o: SkinnedOptions): Scene {
  const random = rng(o.seed ?? 11);
  const jointCount = o.joints ?? 48;
  const influences = Math.max(1, Math.min(4, o.influences ?? 4));
  const clips = o.clips ?? 4;
  const frames = o.frames ?? 120;
  const scene = createScene('bench', 1);
  scene.name = 'skinned';
  const joints: number[] = [];
  for (let j = 0; j < jointCount; j++) {
    const parent = parentOf(j);
    joints.push(addNode(scene, { name: `Bip01_J${String(j).padStart(2, '0')}`, joint: true, translation: [0, j === 0 ? 0 : 0.2, 0], rotation: [0, 0, 0, 1] }, parent < 0 ? -1 : joints[parent]));
  }
  // World heights of the rest pose (translations only): the inverse binds are their negations.
  const height = new Float64Array(jointCount);
  for (let j = 1; j < jointCount; j++) height[j] = height[parentOf(j)] + 0.2;
  const top = Math.max(...height);
  const inverse = new Float32Array(16 * jointCount);
  for (let j = 0; j < jointCount; j++) inverse.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -height[j], 0, 1], 16 * j);
  const byHeight = [...Array(jointCount).keys()].sort((a, b) => height[a] - height[b] || a - b);

  scene.materials.push({ ...defaultMaterial('skin'), baseColorTexture: { texture: 0 } });
  scene.textures.push({ uri: 'skin.dds' });
  const primitives = [];
  for (let left = o.vertices; left > 0; left -= 65535) {
    const n = Math.min(65535, left);
    const side = Math.max(3, Math.floor(Math.sqrt(n)));
    const rows = Math.max(2, Math.floor(n / side));
    const count = side * rows;
    const position = new Float32Array(count * 3);
    const normal = new Float32Array(count * 3);
    const uv = new Float32Array(count * 2);
    const jointsOf = new Uint16Array(count * 4);
    const weights = new Float32Array(count * 4);
    for (let r = 0, v = 0; r < rows; r++) {
      for (let c = 0; c < side; c++, v++) {
        const a = (c / side) * Math.PI * 2;
        const y = (r / (rows - 1)) * top;
        const radius = 0.3 + 0.05 * Math.sin(y * 5) + random() * 0.002;
        position.set([Math.cos(a) * radius, y, Math.sin(a) * radius], v * 3);
        normal.set([Math.cos(a), 0, Math.sin(a)], v * 3);
        uv.set([c / side, r / rows], v * 2);
        const at = Math.min(byHeight.length - 1, Math.round((y / top) * (byHeight.length - 1)));
        let sum = 0;
        for (let k = 0; k < influences; k++) {
          const w = k === 0 ? 1 : 0.5 / k + random() * 0.05;
          jointsOf[v * 4 + k] = byHeight[Math.max(0, Math.min(byHeight.length - 1, at + (k % 2 ? k : -k)))];
          weights[v * 4 + k] = w;
          sum += w;
        }
        for (let k = 0; k < influences; k++) weights[v * 4 + k] /= sum;
      }
    }
    const indices = count > 65535 ? new Uint32Array((rows - 1) * (side - 1) * 6) : new Uint16Array((rows - 1) * (side - 1) * 6);
    for (let r = 0, i = 0; r + 1 < rows; r++) {
      for (let c = 0; c + 1 < side; c++) {
        const a = r * side + c;
        indices.set([a, a + side, a + 1, a + 1, a + side, a + side + 1], i);
        i += 6;
      }
    }
    primitives.push({ attributes: { POSITION: position, NORMAL: normal, TEXCOORD_0: uv, JOINTS_0: jointsOf, WEIGHTS_0: weights }, indices, material: 0 });
  }
  scene.meshes.push({ name: 'body', primitives });
  addNode(scene, { name: 'body', mesh: 0, skin: 0 });
  scene.skins.push({ name: 'skeleton', joints, inverseBindMatrices: inverse, skeleton: joints[0] });

  const names = ['stand', 'walk', 'run', 'attack', 'die', 'jump'];
  for (let k = 0; k < clips; k++) {
    const times = Float32Array.from({ length: frames }, (_, f) => f / 30);
    const channels = joints.flatMap((node, j) => {
      const rotation = new Float32Array(frames * 4);
      const translation = new Float32Array(frames * 3);
      for (let f = 0; f < frames; f++) {
        const angle = 0.3 * Math.sin((f + j * 3) * (0.05 + 0.02 * k));
        rotation.set([0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], f * 4);
        translation.set([0, j === 0 ? 0.02 * Math.sin(f * 0.1) : 0.2, 0], f * 3);
      }
      return [
        { node, path: 'rotation' as const, interpolation: 'LINEAR' as const, times, values: rotation },
        { node, path: 'translation' as const, interpolation: 'LINEAR' as const, times, values: translation },
      ];
    });
    scene.animations.push({ name: names[k % names.length] + (k >= names.length ? k : ''), duration: (frames - 1) / 30, channels });
  }
  return scene;
}

export interface WrittenSkinned {
  format: string;
  /** The main file's name and bytes, and its companions (O3D: `.chr` and `.ani`). */
  name: string;
  bytes: Uint8Array;
  companions: Record<string, Uint8Array>;
  description: string;
}

/** The skinned scene written by `format`'s writer (its warnings say what the format dropped). */
export function writeSkinned(format: string, o: SkinnedOptions): WrittenSkinned {
  const writer = writers.find((w) => w.id === format);
  if (!writer) throw new Error(`no writer for ${format}`);
  const { files, warnings } = writer.write(skinnedScene(o), { name: 'skinned' } as never);
  const names = Object.keys(files);
  const name = names.find((n) => n.toLowerCase().endsWith(writer.extension)) ?? names[0];
  const companions = Object.fromEntries(names.filter((n) => n !== name).map((n) => [n, files[n]]));
  const dropped = [...new Set(warnings.map((w) => w.code))];
  return {
    format,
    name,
    bytes: files[name],
    companions,
    description: `skinned: ${o.vertices} vertices, ${o.joints ?? 48} joints, ${o.influences ?? 4} influences, ${o.clips ?? 4} clips × ${o.frames ?? 120} frames${names.length > 1 ? ` (+ ${names.length - 1} companions)` : ''}${dropped.length ? `; writer warnings: ${dropped.join(', ')}` : ''}`,
  };
}
