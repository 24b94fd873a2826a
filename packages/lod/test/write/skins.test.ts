// Skeletons and clips: bones, weights, bind pose, key timing, Euler keys, rigid node animation.
import { addNode, createScene, defaultMaterial, math, type AnimationChannel, type Interpolation, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { BIND_CLIP_NAME } from '../../src/write/animation.js';
import { codes, roundTrip } from './helpers.js';

const q = (deg: number, axis: [number, number, number] = [0, 0, 1]) => math.quatFromAxisAngle(axis, (deg * Math.PI) / 180);

/** A two-bone arm along +X: a quad strip of 6 vertices, the middle pair blended between the bones. */
function arm(options: { clips?: { name: string; interpolation?: Interpolation; times: number[]; degrees: number[] }[]; restDegrees?: number } = {}): Scene {
  const scene = createScene('test');
  scene.name = 'arm';
  scene.materials.push(defaultMaterial('skin'));
  const root = addNode(scene, { name: 'shoulder', joint: true });
  const elbow = addNode(scene, { name: 'elbow', joint: true, translation: [2, 0, 0], rotation: q(options.restDegrees ?? 0) }, root);
  const POSITION = Float32Array.from([0, -0.5, 0, 0, 0.5, 0, 2, -0.5, 0, 2, 0.5, 0, 4, -0.5, 0, 4, 0.5, 0]);
  const JOINTS_0 = Uint16Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const WEIGHTS_0 = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  scene.meshes.push({ name: 'arm', primitives: [{ attributes: { POSITION, JOINTS_0, WEIGHTS_0 }, indices: Uint16Array.from([0, 2, 1, 1, 2, 3, 2, 4, 3, 3, 4, 5]), material: 0 }] });
  // Bind pose: the arm straight (the inverse bind matrices do not follow a rest rotation).
  const ibm = new Float32Array(32);
  ibm.set(math.identity(), 0);
  ibm.set(math.invert(math.fromTRS([2, 0, 0]))!, 16);
  scene.skins.push({ joints: [root, elbow], inverseBindMatrices: ibm });
  addNode(scene, { name: 'armMesh', mesh: 0, skin: 0 });
  for (const clip of options.clips ?? []) {
    const channel: AnimationChannel = { node: elbow, path: 'rotation', interpolation: clip.interpolation ?? 'LINEAR', times: Float32Array.from(clip.times), values: Float32Array.from(clip.degrees.flatMap((d) => q(d))) };
    if (channel.interpolation === 'CUBICSPLINE') channel.values = Float32Array.from(clip.degrees.flatMap((d) => [0, 0, 0, 0, ...q(d), 0, 0, 0, 0]));
    scene.animations.push({ name: clip.name, duration: clip.times[clip.times.length - 1], channels: [channel] });
  }
  return scene;
}

describe('skeletons and clips', () => {
  it('a skinned arm: bones, 5-byte weight records, a clip keyed every 500 ms kept on its own grid', () => {
    const scene = arm({ clips: [{ name: 'wave', times: [0, 0.5, 1], degrees: [0, 90, 45] }] });
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
    const raw = readLod(file);
    expect(raw.skeleton!.bones.map((b) => [b.id, b.parentId, b.name])).toEqual([[0, -1, 'shoulder'], [1, 0, 'elbow']]);
    expect(raw.animations.map((a) => [a.name, a.interval, a.frameCount, a.mode])).toEqual([['wave', 500, 3, 2]]);
    // Elbow, frame 1: position (2, 0, 0) from the shoulder, Euler z = 90°.
    const e = raw.animations[0].bonesRotPos.subarray((1 * 2 + 1) * 6, (1 * 2 + 2) * 6);
    expect(Array.from(e).map((v) => +v.toFixed(5))).toEqual([2, 0, 0, 0, 0, +(Math.PI / 2).toFixed(5)]);
    const mesh = raw.meshes[0];
    expect([mesh.weightType, mesh.weights!.bonesPerVertex, mesh.weights!.recordSize, mesh.isSkeletonExists]).toEqual([1, 2, 5, true]);
  });

  it('STEP and CUBICSPLINE keys at any times are resampled so 25/50/75 % of the clip fall on frames', () => {
    for (const interpolation of ['STEP', 'CUBICSPLINE'] as const) {
      const scene = arm({ clips: [{ name: interpolation, interpolation, times: [0, 0.3, 0.7, 1], degrees: [0, 60, -30, 10] }] });
      const { result, file, back } = roundTrip(scene);
      expect(codes(result)).toEqual([]);
      expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
      const a = readLod(file).animations[0];
      expect((a.frameCount - 1) % 4).toBe(0);
      expect((a.frameCount - 1) * a.interval).toBe(1000);
      expect(a.interval).toBeLessThanOrEqual(16);
    }
  });

  it('several clips keep their names, order and durations', () => {
    const scene = arm({ clips: [{ name: 'a', times: [0, 1], degrees: [0, 30] }, { name: 'b', times: [0, 0.25, 2.5], degrees: [0, 45, 90] }] });
    const { back } = roundTrip(scene);
    expect(back.animations.map((c) => [c.name, +c.duration.toFixed(4)])).toEqual([['a', 1], ['b', 2.5]]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
  });

  it('the first clip must start in the rest pose (GLScene’s bind pose): else a one-frame bind clip comes first', () => {
    const scene = arm({ clips: [{ name: 'bent', times: [0, 1], degrees: [45, 90] }] });
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_BIND_CLIP']);
    expect(readLod(file).animations.map((a) => [a.name, a.frameCount, a.interval])).toEqual([[BIND_CLIP_NAME, 1, 100], ['bent', 2, 1000]]);
    const f = sceneFacts(back);
    expect(compareSceneFacts(sceneFacts(scene), { ...f, clips: f.clips.filter((c) => c.name !== BIND_CLIP_NAME) }, { tolerance: 1e-5 })).toEqual([]);
  });

  it('a skin without clips gets the bind clip: GLScene needs a frame for the bind pose', () => {
    const { result, file } = roundTrip(arm());
    expect(codes(result)).toEqual(['LOD_WRITE_BIND_CLIP']);
    expect(readLod(file).animations.map((a) => a.name)).toEqual([BIND_CLIP_NAME]);
  });

  it('a rest pose away from the bind pose: vertices are written skinned into the rest pose', () => {
    const scene = arm({ restDegrees: 90, clips: [{ name: 'from rest', times: [0, 1], degrees: [90, 0] }] });
    const { result, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    // Bounds at rest and posed agree (the blended middle vertices are exact here: both bones agree at rest).
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
  });

  it('Euler keys stay continuous over a full turn (GLScene blends Euler angles per component)', () => {
    const degrees = Array.from({ length: 9 }, (_, k) => k * 45);
    const scene = arm({ clips: [{ name: 'spin', times: degrees.map((_, k) => k * 0.125), degrees }] });
    const { back, file } = roundTrip(scene);
    const a = readLod(file).animations[0];
    const z = Array.from({ length: a.frameCount }, (_, f) => a.bonesRotPos[(f * 2 + 1) * 6 + 5]);
    for (let f = 1; f < z.length; f++) expect(Math.abs(z[f] - z[f - 1])).toBeLessThan(Math.PI / 2);
    expect(z[z.length - 1] - z[0]).toBeCloseTo(2 * Math.PI, 5);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
  });

  it('an animated mesh node without a skin becomes a bone its vertices follow', () => {
    const scene = createScene('test');
    scene.materials.push(defaultMaterial('m'));
    scene.meshes.push({ name: 'box', primitives: [{ attributes: { POSITION: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, indices: Uint16Array.from([0, 1, 2]), material: 0 }] });
    const pivot = addNode(scene, { name: 'pivot', translation: [3, 0, 0] });
    const box = addNode(scene, { name: 'box', mesh: 0 }, pivot);
    scene.animations.push({ name: 'turn', duration: 1, channels: [{ node: pivot, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.from([...q(0, [0, 1, 0]), ...q(90, [0, 1, 0])]) }] });
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_NODE_BONES']);
    expect(readLod(file).skeleton!.bones.map((b) => b.name)).toEqual(['box']);
    const f = sceneFacts(back);
    expect(compareSceneFacts(sceneFacts(scene), { ...f, joints: [], jointParents: {} }, { tolerance: 1e-5 })).toEqual([]);
    void box;
  });

  it('animated scale is warned (GLScene bones have no scale); clips that move nothing drawn are dropped with a warning', () => {
    const scene = arm({ clips: [{ name: 'wave', times: [0, 1], degrees: [0, 10] }] });
    scene.animations[0].channels.push({ node: 1, path: 'scale', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(1, 1, 1, 2, 2, 2) });
    expect(codes(roundTrip(scene).result)).toEqual(['LOD_WRITE_SCALE_KEYS']);
    const still = createScene('test');
    const lamp = addNode(still, { name: 'lamp' });
    still.animations.push({ name: 'blink', duration: 1, channels: [{ node: lamp, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 0, 1, 0) }] });
    expect(codes(roundTrip(still).result)).toEqual(['LOD_WRITE_CLIP_DROPPED', 'LOD_WRITE_EMPTY']);
  });

  it('joint nodes without a skin (a skeleton-only file) are written as a skeleton with its clip', () => {
    const scene = arm({ clips: [{ name: 'wave', times: [0, 1], degrees: [0, 30] }] });
    scene.meshes = [];
    scene.nodes[2].mesh = undefined;
    scene.nodes[2].skin = undefined;
    scene.skins = [];
    const { result, file } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_EMPTY']);
    const raw = readLod(file);
    expect([raw.skeleton!.bones.length, raw.animations.map((a) => a.name)]).toEqual([2, ['wave']]);
  });
});
