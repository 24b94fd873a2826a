// Clips → MS3D's one timeline (docs/formats/ms3d.md §2.6, §5.4): Euler XYZ rotation keys and
// position keys relative to the bind pose, seconds; several clips joined with their ranges in the
// model comment; keys MS3D cannot interpolate sampled; animated nodes become joints.
import { addNode, computeBounds, math, type AnimationClip, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { dumpMs3d, referenceBounds } from '../reference.js';
import { fieldsOf } from './fields.js';
import { meshScene, quadPrimitive, roundTrip } from './helpers.js';
import { bendClip, skinnedStrip } from './scenes.js';

const closeBox = (a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }, digits = 4) => {
  for (let c = 0; c < 3; c++) {
    expect(a.min[c]).toBeCloseTo(b.min[c], digits);
    expect(a.max[c]).toBeCloseTo(b.max[c], digits);
  }
};

/** A quad on a node turning about +Y (LINEAR) over 1 s, with an optional parent. */
function turningQuad(interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE' = 'LINEAR'): Scene {
  const scene = meshScene('turn', [quadPrimitive()], { translation: [2, 0, 0] });
  const q = (a: number) => [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
  const keys = [0, 0.5, 1];
  const values = keys.flatMap((t) => (interpolation === 'CUBICSPLINE' ? [0, 0, 0, 0, ...q(t * 2), 0, 0, 0, 0] : q(t * 2)));
  scene.animations.push({ name: 'turn', duration: 1, channels: [{ node: 0, path: 'rotation', interpolation, times: Float32Array.from(keys), values: Float32Array.from(values) }] });
  return scene;
}

describe('animation', () => {
  it('rotation keys are Euler XYZ relative to the bind rotation, position keys relative to the bind (rotated)', () => {
    const scene = skinnedStrip({ clip: false });
    const bone = scene.skins[0].joints[1];
    // Bind: 90° about Z. Keys: 90° + 30° about Z, and a translation of (1, 2, 0) in the parent's frame.
    scene.nodes[bone].rotation = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
    const turn = math.quatFromEulerXYZ(0, 0, Math.PI / 2 + Math.PI / 6);
    scene.animations.push({ name: 'strip', duration: 1, channels: [
      { node: bone, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([0, 0, Math.SQRT1_2, Math.SQRT1_2, ...turn]) },
      { node: bone, path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0.5]), values: Float32Array.from([1, 2, 0]) },
    ] });
    const d = dumpMs3d(roundTrip(scene).bytes);
    const joint = d.joints[1];
    expect(joint.rot).toEqual([0, 0, Math.fround(Math.PI / 2)]);
    expect(joint.rotKeys.map((k) => k.map((v) => +v.toFixed(6)))).toEqual([[0, 0, 0, 0], [1, 0, 0, +(Math.PI / 6).toFixed(6)]]);
    // p_key = R_bind⁻¹ (p − p_bind): (1, 2, 0) − (0, 1, 0) = (1, 1, 0), turned −90° about Z → (1, −1, 0).
    expect(joint.posKeys.map((k) => k.map((v) => +v.toFixed(6)))).toEqual([[0.5, 1, -1, 0]]);
  });

  it('one clip keeps its key times, fps and a key at its end when it lasts past its last key', () => {
    const scene = skinnedStrip();
    scene.animations[0].duration = 1.5;
    const trip = roundTrip(scene);
    const d = dumpMs3d(trip.bytes);
    expect(d.fps).toBe(30);
    expect(d.totalFrames).toBe(45);
    expect(trip.back.animations[0].duration).toBeCloseTo(1.5, 6);
    expect(d.joints[1].rotKeys.map((k) => k[0])).toEqual(Array.from({ length: 31 }, (_, k) => Math.fround(k / 30)));
    expect(String(trip.back.extras.modelComment)).toBe('clip=0,45,bend\r\n');
    // Written again, the clip (now named after the file) keeps the line that names it.
    expect(roundTrip(trip.back).back.extras.modelComment).toBe('clip=0,45,bend\r\n');
  });

  it('takes the rate the keys fall on (24 fps), or the fps option', () => {
    const scene = skinnedStrip({ clip: false });
    const clip = bendClip(scene.skins[0].joints);
    clip.channels.forEach((c) => (c.times = c.times.map((t) => (t * 30) / 24)));
    clip.duration = 30 / 24;
    scene.animations.push(clip);
    expect(fieldsOf(roundTrip(scene).bytes).animation.fps).toBe(24);
    expect(fieldsOf(roundTrip(scene, { fps: 60 }).bytes).animation.fps).toBe(60);
  });

  it('several clips are joined one frame apart, with their ranges in the model comment (warned)', () => {
    const scene = skinnedStrip({ clip: false });
    const joints = scene.skins[0].joints;
    const walk = bendClip(joints, 'walk', 1);
    const wave: AnimationClip = { ...bendClip(joints.slice(0, 2), 'wave', 0.5), channels: bendClip(joints.slice(0, 2), 'wave', 0.5).channels.slice(0, 1) };
    scene.animations.push(walk, wave);
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_CLIPS_JOINED']);
    expect(String(trip.back.extras.modelComment)).toBe('clip=0,30,walk\r\nclip=31,46,wave\r\n');
    // The reader cuts the timeline back into the clips: each poses as it did; joint 2, which "wave"
    // leaves alone, is back at its bind pose.
    expect(trip.back.animations.map((c) => [c.name, +c.duration.toFixed(6)])).toEqual([['walk', 1], ['wave', 0.5]]);
    for (const clip of [walk, wave]) {
      for (const f of [0, 0.25, 0.5, 0.75, 1]) closeBox(computeBounds(trip.back, { animation: clip.name, time: clip.duration * f }), computeBounds(scene, { animation: clip, time: clip.duration * f }));
    }
    const bone2 = dumpMs3d(trip.bytes).joints[2];
    expect(bone2.rotKeys.filter((k) => k[0] >= 31 / 30 - 1e-6).map((k) => k.slice(1))).toEqual([[0, 0, 0], [0, 0, 0]]);
  });

  it('STEP and CUBICSPLINE keys are sampled at the timeline rate', () => {
    for (const interpolation of ['STEP', 'CUBICSPLINE'] as const) {
      const scene = turningQuad(interpolation);
      const trip = roundTrip(scene);
      expect(trip.warnings).toEqual(['MS3D_WRITE_NODE_JOINTS']);
      const d = dumpMs3d(trip.bytes);
      expect(d.joints[0].rotKeys.length).toBe(31);
      for (const t of [0, 0.5, 1, 10 / 30]) closeBox(referenceBounds(d, t), computeBounds(scene, { animation: 0, time: t }));
    }
  });

  it('an animated node becomes a joint its mesh is bound to (warned); poses hold', () => {
    const scene = turningQuad();
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_NODE_JOINTS']);
    const d = dumpMs3d(trip.bytes);
    expect(d.joints.map((j) => [j.name, j.parent])).toEqual([['turn', '']]);
    expect(d.boneIds).toEqual([0, 0, 0, 0]);
    // Linear rotation keys are converted one for one (no resampling).
    expect(d.joints[0].rotKeys.map((k) => k[0])).toEqual([0, 0.5, 1]);
    for (const t of [0, 0.3, 0.5, 1]) closeBox(referenceBounds(d, t), computeBounds(scene, { animation: 0, time: t }));
  });

  it('an animated node between two joints is folded into the child joint, sampled', () => {
    const scene = skinnedStrip({ clip: false });
    const [, b1, b2] = scene.skins[0].joints;
    // Insert a moving helper between bone1 and bone2.
    const helper = addNode(scene, { name: 'helper', translation: [0, 0.5, 0] }, b1);
    scene.nodes[b1].children = scene.nodes[b1].children.filter((c) => c !== b2);
    scene.nodes[b2].parent = helper;
    scene.nodes[helper].children.push(b2);
    scene.nodes[b2].translation = [0, 0.5, 0];
    scene.animations.push({ name: 'strip', duration: 1, channels: [{ node: helper, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([0, 0, 0, 1, 0, 0, Math.sin(0.4), Math.cos(0.4)]) }] });
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual([]);
    const d = dumpMs3d(trip.bytes);
    expect(d.joints.map((j) => [j.name, j.parent])).toEqual([['bone0', ''], ['bone1', 'bone0'], ['bone2', 'bone1']]);
    expect(d.joints[2].rotKeys.length).toBe(31);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back))).toEqual([]);
  });

  it('a clip that moves only morph weights is dropped, warned', () => {
    const scene = meshScene('m', [quadPrimitive()]);
    scene.animations.push({ name: 'smile', duration: 1, channels: [{ node: 0, path: 'weights', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([0, 1]) }] });
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_CLIP_DROPPED']);
    expect(trip.back.animations).toEqual([]);
  });

  it('animated scale cannot be held by joints: warned', () => {
    const scene = turningQuad();
    scene.animations[0].channels.push({ node: 0, path: 'scale', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([1, 1, 1, 2, 2, 2]) });
    expect(roundTrip(scene).warnings).toContain('MS3D_WRITE_SCALE_KEYS');
  });
});
