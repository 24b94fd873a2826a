// Animation: one timeline of sampled *TM_ANIMATION tracks, keyed at frames (160 ticks each).
import { addNode, computeBounds, createScene, math, sampleAnimation, type AnimationChannel, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { close, codes, nodeNamed, numbers, values, write } from './helpers.js';
import { cube, skinnedScene } from './scenes.js';

const q = (axis: number[], angle: number) => math.quatFromAxisAngle(axis, angle);

/** A box moved by one clip of the given channels (on node 0). */
function movingBox(channels: Omit<AnimationChannel, 'node'>[], duration: number): Scene {
  const scene = createScene('test');
  scene.meshes.push({ name: 'box', primitives: cube() });
  addNode(scene, { name: 'Box', mesh: 0, translation: [1, 2, 3] });
  scene.animations.push({ name: 'move', duration, channels: channels.map((c) => ({ ...c, node: 0 })) });
  return scene;
}

/** Bounds at `time` of clip `clip`, both scenes, equal within `tol`. */
function expectPosed(a: Scene, b: Scene, times: number[], tol = 2e-3): void {
  for (const t of times) {
    const x = computeBounds(a, { animation: 0, time: t }), y = computeBounds(b, { animation: 0, time: t });
    close([...y.min, ...y.max], [...x.min, ...x.max], tol, `at ${t}s`);
  }
}

describe('timeline', () => {
  it('a clip keyed at frames: *SCENE range and rate, samples on the key grid (the key step of Max), the clip comes back', () => {
    const scene = skinnedScene();
    const w = write(scene);
    expect(numbers(w.text, 'SCENE_FRAMESPEED')).toEqual([[30]]);
    expect(numbers(w.text, 'SCENE_TICKSPERFRAME')).toEqual([[160]]);
    expect(numbers(w.text, 'SCENE_LASTFRAME')).toEqual([[30]]);
    expect(values(w.text, 'SCENE_FILENAME')).toEqual([['"bend.max"']]);
    // Keys at 0, 0.5 s and 1 s: on a 15-frame grid, sampled every 15 frames (2400 ticks) as Max's key step.
    const ticks = numbers(w.text, 'CONTROL_POS_SAMPLE').map((v) => v[0]);
    expect(ticks).toEqual([0, 2400, 4800]);
    expect(w.back.animations.map((c) => [c.name, c.duration])).toEqual([['bend', 1]]);
    expect(compareSceneFacts(sceneFacts({ ...scene, nodes: scene.nodes.map((n, i) => (i === 1 ? { ...n, name: "Bone 'upper'" } : n)) }), sceneFacts(w.back))).toEqual([]);
  });

  it('the frame rate: the option, else the rate the keys fall on (24), else 30 with keys resampled, warned', () => {
    const at24 = movingBox([{ path: 'translation', times: Float32Array.of(0, 1 / 24, 0.5), values: Float32Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0), interpolation: 'LINEAR' }], 0.5);
    expect(numbers(write(at24).text, 'SCENE_FRAMESPEED')).toEqual([[24]]);
    expect(numbers(write(at24, { frameRate: 60 }).text, 'SCENE_FRAMESPEED')).toEqual([[60]]);
    const odd = movingBox([{ path: 'translation', times: Float32Array.of(0, 0.0123), values: Float32Array.of(0, 0, 0, 1, 0, 0), interpolation: 'LINEAR' }], 0.0123);
    const w = write(odd);
    expect(codes(w)).toEqual(['ASE_WRITE_RESAMPLED']);
    expect(numbers(w.text, 'SCENE_FRAMESPEED')).toEqual([[30]]);
  });

  it('several clips: one after another on the one timeline, warned, their ranges in the comment', () => {
    const scene = skinnedScene();
    const [clip] = scene.animations;
    scene.animations.push({ ...clip, name: 'wave', duration: 0.5, channels: clip.channels.map((c) => ({ ...c, times: c.times.map((t) => t / 2) })) });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_NAME_CHANGED', 'ASE_WRITE_CLIPS_MERGED']);
    // Keys at 0, 0.25, 0.5 and 1 s: 24 fps, sampled every 6 frames; "wave" starts one step after "bend" ends.
    expect(numbers(w.text, 'SCENE_FRAMESPEED')).toEqual([[24]]);
    expect(String(w.back.extras.comment)).toMatch(/\| clips: 'bend' 0-24, 'wave' 30-42$/);
    // The reader cuts the timeline apart again at those ranges: each clip is posed as it was.
    expect(w.back.animations.map((c) => [c.name, c.duration])).toEqual([['bend', 1], ['wave', 0.5]]);
    for (const t of [0.1, 0.25, 0.4]) {
      const want = computeBounds(scene, { animation: 1, time: t }), got = computeBounds(w.back, { animation: 'wave', time: t });
      close([...got.min, ...got.max], [...want.min, ...want.max], 2e-3, `wave at ${t}`);
    }
  });
});

describe('tracks', () => {
  it('positions and scales parent-relative in Max axes; rotations as axis-angle deltas', () => {
    const scene = movingBox(
      [
        { path: 'translation', times: Float32Array.of(0, 1), values: Float32Array.of(1, 2, 3, 1, 5, 3), interpolation: 'LINEAR' },
        { path: 'rotation', times: Float32Array.of(0, 1), values: Float32Array.from([...q([0, 1, 0], 0), ...q([0, 1, 0], 1)]), interpolation: 'LINEAR' },
        { path: 'scale', times: Float32Array.of(0, 1), values: Float32Array.of(1, 1, 1, 1, 2, 3), interpolation: 'LINEAR' },
      ],
      1,
    );
    const w = write(scene);
    // Max (x, y, z) = scene (x, −z, y); a root's translation is in Max world axes.
    expect(numbers(w.text, 'CONTROL_POS_SAMPLE')[0]).toEqual([0, 1, -3, 2]);
    expect(numbers(w.text, 'CONTROL_POS_SAMPLE').at(-1)).toEqual([4800, 1, -3, 5]);
    // The node's own axes are the Y-up image of Max's: scene scale (1, 2, 3) is Max (1, 3, 2).
    expect(numbers(w.text, 'CONTROL_SCALE_SAMPLE').at(-1)).toEqual([4800, 1, 3, 2, 0, 0, 0, 0]);
    // A turn about scene +Y is a turn about Max +Z; the angle sums to 1 radian over the clip.
    const rot = numbers(w.text, 'CONTROL_ROT_SAMPLE');
    const total = rot.reduce((s, v) => s + (v[4] * -v[3]), 0);
    expect(total).toBeCloseTo(1, 3);
    expectPosed(scene, w.back, [0, 0.25, 0.5, 0.75, 1]);
  });

  it('samples equal to the previous one are skipped (after the first two), and the reader holds them', () => {
    const scene = movingBox([{ path: 'translation', times: Float32Array.of(0, 1, 1.5), values: Float32Array.of(0, 0, 0, 0, 0, 0, 0, 4, 0), interpolation: 'LINEAR' }], 1.5);
    const w = write(scene, { frameRate: 30 });
    const ticks = numbers(w.text, 'CONTROL_POS_SAMPLE').map((v) => v[0]);
    expect(ticks.slice(0, 2)).toEqual([0, 2400]); // a 15-frame grid
    expect(ticks).toEqual([0, 2400, 7200]);
    expectPosed(scene, w.back, [0.5, 1, 1.25, 1.5]);
  });

  it('STEP and CUBICSPLINE keys are sampled every frame', () => {
    const step = movingBox([{ path: 'translation', times: Float32Array.of(0, 0.5), values: Float32Array.of(0, 0, 0, 3, 0, 0), interpolation: 'STEP' }], 1);
    const w = write(step);
    expect(numbers(w.text, 'CONTROL_POS_SAMPLE').map((v) => v[0]).slice(0, 3)).toEqual([0, 160, 2400]);
    expectPosed(step, w.back, [0, 0.25, 0.75, 1]);
    const cubic = movingBox([{ path: 'translation', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0), interpolation: 'CUBICSPLINE' }], 1);
    expectPosed(cubic, write(cubic).back, [0.2, 0.5, 0.9], 5e-3);
  });

  it('a long spin does not drift: deltas are taken from what the reader accumulates', () => {
    const turns = 40, frames = 30 * 20;
    const times = Float32Array.from({ length: frames + 1 }, (_, k) => k / 30);
    const values = new Float32Array((frames + 1) * 4);
    for (let k = 0; k <= frames; k++) values.set(q([0.3, 1, 0.2], (k / frames) * turns * 2 * Math.PI + 0.0001 * k), k * 4);
    const scene = movingBox([{ path: 'rotation', times, values, interpolation: 'LINEAR' }], 20);
    const w = write(scene);
    const at = (s: Scene, t: number) => Array.from(sampleAnimation(s, 0, t).locals.subarray(0, 16));
    for (const t of [5, 13.3, 20]) close(at(w.back, t).slice(0, 12), at(scene, t).slice(0, 12), 5e-4, `at ${t}s`);
  });

  it('a clip that moves nothing still comes back (one constant track carries its range)', () => {
    const scene = movingBox([{ path: 'translation', times: Float32Array.of(0, 0.5), values: Float32Array.of(1, 2, 3, 1, 2, 3), interpolation: 'LINEAR' }], 0.5);
    const w = write(scene);
    expect(codes(w)).toEqual([]);
    expect(w.back.animations.map((c) => [c.name, c.duration])).toEqual([['move', 0.5]]);
  });

  it('a clip of morph weights only: the clip cannot be written, warned', () => {
    const scene = movingBox([], 1);
    const mesh = scene.meshes[0];
    for (const p of mesh.primitives) p.targets = [{ POSITION: new Float32Array(p.attributes.POSITION.length) }];
    scene.animations[0].channels = [{ node: 0, path: 'weights', times: Float32Array.of(0, 1), values: Float32Array.of(0, 1), interpolation: 'LINEAR' }];
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_CLIP_DROPPED', 'ASE_WRITE_MORPH']);
    expect(w.back.animations).toEqual([]);
    expect(nodeNamed(w.back, 'Box')).toBe(0);
  });
});
