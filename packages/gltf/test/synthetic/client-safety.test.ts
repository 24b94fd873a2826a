// The export's fixes for models that hurt clients (export/client-safety.ts, export/keys-in-clip.ts),
// without Blender: what is written, that the motion and world placement inside the fix are exact,
// and that `clientSafe: false` writes the scene as it is. Blender's side: tooling/blender.
import { describe, expect, it } from 'vitest';
import { addNode, computeBounds, createScene, defaultMaterial, math, sampleChannel, type AnimationChannel, type Primitive, type Scene } from '@relic3d/core';
import { fromGltf } from '../../src/index.js';
import { parseGlb } from '../gltf-json.js';
import { exportScene } from './helpers.js';

const tri = (): Primitive => ({ attributes: { POSITION: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, indices: Uint16Array.from([0, 1, 2]), material: 0 });
const turn = (degrees: number) => [...math.quatFromAxisAngle([0, 1, 0], (degrees * Math.PI) / 180)];

function sceneWithMesh(): Scene {
  const scene = createScene('synthetic');
  scene.materials.push(defaultMaterial());
  scene.meshes.push({ name: 'tri', primitives: [tri()] });
  return scene;
}

function clipScene(channel: AnimationChannel, duration: number): Scene {
  const scene = sceneWithMesh();
  addNode(scene, { name: 'mover', mesh: 0 });
  scene.animations.push({ name: 'clip', duration, channels: [channel] });
  return scene;
}

const sampled = (ch: AnimationChannel, t: number) => [...sampleChannel(ch, t, new Float32Array(ch.path === 'rotation' ? 4 : 3))];

/** Depth of the deepest node under the scene roots (roots are 1), from the written JSON. */
function writtenDepth(glb: Uint8Array): number {
  const { json } = parseGlb(glb);
  let deepest = 0;
  const stack: [number, number][] = json.scenes[0].nodes.map((n: number) => [n, 1]);
  while (stack.length) {
    const [i, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    for (const c of json.nodes[i].children ?? []) stack.push([c, d + 1]);
  }
  return deepest;
}

describe('key times far outside the clip', () => {
  const linear: AnimationChannel = { node: 0, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 0.5, 1, 1000]), values: Float32Array.from([...turn(0), ...turn(90), ...turn(180), ...turn(0)]) };

  it('a stray key 1000 s into a 1 s clip is cut; the clip ends at 1 s and moves as before inside it', async () => {
    const { glb, warnings } = await exportScene(clipScene(linear, 1));
    expect(warnings.map((w) => w.code)).toContain('GLTF_KEYS_OUTSIDE_CLIP');
    const back = await fromGltf(glb);
    const ch = back.animations[0].channels[0];
    expect([...ch.times]).toEqual([0, 0.5, 1]);
    expect(back.animations[0].duration).toBe(1);
    for (const t of [0.1, 0.25, 0.75, 1]) sampled(ch, t).forEach((v, k) => expect(v).toBeCloseTo(sampled(linear, t)[k], 5));
  });

  it('a cut between keys inserts a key sampled there (LINEAR translation: 3 at 1 s of a 0 → 10 over 0…(10/3) s)', async () => {
    const ch: AnimationChannel = { node: 0, path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0, 10 / 3]), values: Float32Array.from([0, 0, 0, 10, 0, 0]) };
    const back = await fromGltf((await exportScene(clipScene(ch, 1))).glb);
    const written = back.animations[0].channels[0];
    expect(written.times[written.times.length - 1]).toBe(1);
    expect(written.values[3]).toBeCloseTo(3, 5);
  });

  it('a CUBICSPLINE curve cut between keys keeps its shape inside the clip (the inserted key carries the slope)', async () => {
    // [in, value, out] per key; keys at 0, 1, 5 s, the clip 2 s long.
    const values = Float32Array.from([0, 0, 0, 0, 0, 0, 1, 2, 0, 1, 1, 0, 2, 0, 0, 3, 0, 0, -1, 0, 0, 4, 1, 0, 0, 0, 0]);
    const ch: AnimationChannel = { node: 0, path: 'translation', interpolation: 'CUBICSPLINE', times: Float32Array.from([0, 1, 5]), values };
    const back = await fromGltf((await exportScene(clipScene(ch, 2))).glb);
    const written = back.animations[0].channels[0];
    expect([...written.times]).toEqual([0, 1, 2]);
    for (const t of [0.5, 1.2, 1.5, 1.9, 2]) sampled(written, t).forEach((v, k) => expect(v).toBeCloseTo(sampled(ch, t)[k], 4));
  });

  it('a lead-in longer than the clip is cut at 0; a short one is kept and shifted as before', async () => {
    const far: AnimationChannel = { ...linear, times: Float32Array.from([-5, 0, 0.5, 1]) };
    const cut = await exportScene(clipScene(far, 1));
    expect(cut.warnings.map((w) => w.code)).toContain('GLTF_KEYS_OUTSIDE_CLIP');
    expect([...(await fromGltf(cut.glb)).animations[0].channels[0].times]).toEqual([0, 0.5, 1]);
    const near: AnimationChannel = { ...linear, times: Float32Array.from([-0.25, 0, 0.5, 1]) };
    const shifted = await exportScene(clipScene(near, 1));
    expect(shifted.warnings.map((w) => w.code)).toEqual(['GLTF_ANIMATION_SHIFTED']);
  });

  it('a channel whose values do not match its keys is left to the usual refusal, not cut', async () => {
    const broken: AnimationChannel = { ...linear, values: linear.values.subarray(0, 13) };
    const { warnings } = await exportScene(clipScene(broken, 1));
    expect(warnings.map((w) => w.code)).toContain('GLTF_CHANNEL_SKIPPED');
  });

  it('clientSafe: false writes every key', async () => {
    const { glb, warnings } = await exportScene(clipScene(linear, 1), { clientSafe: false });
    expect(warnings).toEqual([]);
    expect([...(await fromGltf(glb)).animations[0].channels[0].times]).toEqual([0, 0.5, 1, 1000]);
  });
});

describe('node chains deeper than clients recurse', () => {
  /** `depth` nodes, each 0.01 up and turned 1°, the triangle at the end; `animated` puts a clip on link k. */
  function chain(depth: number, animated?: number): Scene {
    const scene = sceneWithMesh();
    let parent = -1;
    for (let k = 0; k < depth; k++) parent = addNode(scene, { name: `link${k}`, translation: [0, 0.01, 0], rotation: turn(1) as never, ...(k === depth - 1 ? { mesh: 0 } : {}) }, parent);
    if (animated !== undefined) {
      scene.animations.push({ name: 'wiggle', duration: 1, channels: [{ node: animated, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([...turn(0), ...turn(5)]) }] });
    }
    return scene;
  }

  it('a static chain of 1000 is written no deeper than 256, its tip where the scene puts it', async () => {
    const scene = chain(1000);
    const { glb, warnings } = await exportScene(scene);
    expect(warnings.map((w) => w.code)).toEqual(['GLTF_CHAIN_FLATTENED']);
    expect(writtenDepth(glb)).toBe(256);
    const ours = computeBounds(scene), back = computeBounds(await fromGltf(glb));
    for (let c = 0; c < 3; c++) {
      expect(back.min[c]).toBeCloseTo(ours.min[c], 3);
      expect(back.max[c]).toBeCloseTo(ours.max[c], 3);
    }
  });

  it('a chain of 256 is written as it is; with clientSafe: false a deeper one too', async () => {
    expect(writtenDepth((await exportScene(chain(256))).glb)).toBe(256);
    expect(writtenDepth((await exportScene(chain(300), { clientSafe: false })).glb)).toBe(300);
  });

  it('links below the limit that a clip moves are left in place, with a warning', async () => {
    const { glb, warnings } = await exportScene(chain(300, 280));
    expect(warnings.map((w) => w.code)).toEqual(['GLTF_CHAIN_FLATTENED', 'GLTF_CHAIN_TOO_DEEP']);
    // link256…link279 fold up; link280 (animated) and everything under it stay: 256 + 20 levels.
    expect(writtenDepth(glb)).toBe(276);
  });
});

describe('skinned mesh nodes that are not scene roots', () => {
  /** A one-joint skin; its mesh node under 'Holder' (moved), with a child 'Badge' when `withChild`. */
  function skinnedScene(withChild: boolean): Scene {
    const scene = sceneWithMesh();
    scene.meshes[0].primitives[0].attributes.JOINTS_0 = new Uint16Array(12);
    scene.meshes[0].primitives[0].attributes.WEIGHTS_0 = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
    const hips = addNode(scene, { name: 'Hips', translation: [0, 1, 0] });
    scene.skins.push({ joints: [hips], inverseBindMatrices: math.fromTRS([0, -1, 0], [0, 0, 0, 1], [1, 1, 1]) as Float32Array });
    const holder = addNode(scene, { name: 'Holder', translation: [5, 0, 0] });
    const body = addNode(scene, { name: 'Body', mesh: 0, skin: 0 }, holder);
    if (withChild) addNode(scene, { name: 'Badge', translation: [0, 2, 0] }, body);
    return scene;
  }

  it('a childless one moves to the scene root: no NODE_SKINNED_MESH_NON_ROOT, the same bounds', async () => {
    const scene = skinnedScene(false);
    const { glb, warnings, report } = await exportScene(scene);
    expect(report.warnings.map((w) => w.code)).not.toContain('NODE_SKINNED_MESH_NON_ROOT');
    expect(warnings.map((w) => w.code)).toEqual(['GLTF_SKINNED_MESH_MOVED']);
    const { json } = parseGlb(glb);
    const body = json.nodes.findIndex((n: { name: string }) => n.name === 'Body');
    expect(json.scenes[0].nodes).toContain(body);
    expect(computeBounds(await fromGltf(glb))).toEqual(computeBounds(scene));
  });

  it('one with children leaves its mesh and skin to a new root node of its name; the children stay', async () => {
    const { glb, report } = await exportScene(skinnedScene(true));
    expect(report.warnings.map((w) => w.code)).not.toContain('NODE_SKINNED_MESH_NON_ROOT');
    const { json } = parseGlb(glb);
    const bodies = json.nodes.map((n: { name: string }, i: number) => [n, i]).filter(([n]: [{ name: string }]) => n.name === 'Body');
    expect(bodies).toHaveLength(2);
    const [[placed], [drawn, drawnIndex]] = bodies;
    expect(placed.mesh).toBeUndefined();
    expect(json.nodes[placed.children[0]].name).toBe('Badge');
    expect(drawn.skin).toBe(0);
    expect(json.scenes[0].nodes).toContain(drawnIndex);
  });

  it('clientSafe: false leaves it under its parent (the validator warns)', async () => {
    const { report } = await exportScene(skinnedScene(false), { clientSafe: false });
    expect(report.warnings.map((w) => w.code)).toContain('NODE_SKINNED_MESH_NON_ROOT');
  });
});
