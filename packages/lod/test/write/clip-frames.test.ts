// The clips' per-frame pieces against the steps they replace, bit for bit: a channel sampled for all
// frames (track-frames.ts) against the cursor frame by frame, and a written clip whose frames repeat a
// rotation (its Euler angles reused) against axes.ts `quatInto` + core's `eulerXYZFromQuatInto` frame by frame.
import { ChannelCursor, WarningSink, codePageEncoder, createScene, math, writeBudget, type AnimationChannel, type Interpolation } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { rng } from '@relic3d/test-harness';
import { buildAnimations, continuousEuler } from '../../src/write/animation.js';
import { writeAxisFor } from '../../src/write/axes.js';
import { restageFor } from '../../src/write/context.js';
import { buildRig } from '../../src/write/rig.js';
import { trackFrames } from '../../src/write/track-frames.js';

const bits = (a: Float32Array | Float64Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.byteLength / 4));

function channel(path: 'translation' | 'rotation', times: number[], interpolation: Interpolation = 'LINEAR', random = rng(7)): AnimationChannel {
  const size = path === 'rotation' ? 4 : 3;
  const values = Float32Array.from({ length: times.length * size * (interpolation === 'CUBICSPLINE' ? 3 : 1) }, () => random() * 2 - 1);
  return { node: 0, path, interpolation, times: Float32Array.from(times), values };
}

/** trackFrames' output and the cursor's, frame by frame, as bit lists. */
function both(c: AnimationChannel, frameTimes: number[]): [number[], number[]] {
  const size = c.path === 'rotation' ? 4 : 3;
  const times = Float64Array.from(frameTimes);
  const all = new Float32Array(times.length * size).fill(9), each = new Float32Array(times.length * size).fill(9);
  trackFrames(new ChannelCursor(c, size), times, all, size);
  const cursor = new ChannelCursor(c, size);
  for (let f = 0; f < times.length; f++) cursor.sample(times[f], each, f * size);
  return [bits(all), bits(each)];
}

const grid = (n: number, step: number) => Array.from({ length: n }, (_, k) => Math.fround((k * step) / 1000));

describe('a bone channel sampled for all frames', () => {
  it.each([
    ['keyed at every frame (a .lod clip): the keys copied', 'rotation', grid(40, 6), grid(40, 6)],
    ['keyed at every frame, translation', 'translation', grid(40, 6), grid(40, 6)],
    ['keys between frames (slerp)', 'rotation', grid(13, 20), grid(40, 6)],
    ['two keys at one time: the later one, as the cursor takes it', 'rotation', grid(4, 6).fill(Math.fround(0.006), 1, 3), grid(4, 6).fill(Math.fround(0.006), 1, 3)],
    ['frames past both ends', 'translation', [0.1, 0.2, 0.3], [0, 0.05, 0.1, 0.25, 0.3, 0.4]],
    ['a NaN frame time', 'rotation', grid(4, 6), [0, Number.NaN, 0.012, 0.018]],
  ] as const)('%s: the same bits as the cursor per frame', (_, path, keys, frames) => {
    const [all, each] = both(channel(path, [...keys]), [...frames]);
    expect(all).toEqual(each);
    expect(all.length).toBe(frames.length * (path === 'rotation' ? 4 : 3));
  });

  it.each(['STEP', 'CUBICSPLINE'] as const)('%s keys at the frame times: the same bits as the cursor', (interpolation) => {
    const [all, each] = both(channel('rotation', grid(20, 6), interpolation), grid(20, 6));
    expect(all).toEqual(each);
  });
});

describe('a bone clip written frame by frame', () => {
  /** One joint node turned by `rotations` (one key a frame, 6 ms apart, as a .lod clip keys them). */
  function jointScene(rotations: number[][]) {
    const scene = createScene('lod');
    scene.nodes.push({ name: 'bone', parent: -1, children: [], joint: true, rotation: [0, 0, 0, 1] });
    scene.roots.push(0);
    const times = grid(rotations.length, 6);
    scene.animations.push({ name: 'turn', duration: times[times.length - 1], channels: [{ node: 0, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from(times), values: Float32Array.from(rotations.flat()) }], extras: { interval: 6, frameCount: rotations.length } });
    return scene;
  }

  it.each(['y', 'z'] as const)('up %s: a rotation repeated, then one that differs only in w or in the sign of a zero, each frame as its own Euler angles', (up) => {
    const rotations = [[0, 0, 0.6, 0.8], [0, 0, 0.6, 0.8], [0, 0, 0.6, 0.7], [-0, 0, 0.6, 0.7], [-0, 0, 0.6, 0.7], [0.1, 0.2, 0.3, 0.9]];
    const scene = jointScene(rotations);
    const sink = new WarningSink('lod');
    const axis = writeAxisFor(up);
    const ctx = { scene, options: {}, sink, axis, encoder: codePageEncoder('windows-1251'), base: 't', files: {}, fromLod: false, restage: restageFor(scene, axis), budget: writeBudget(scene) };
    const clips = buildAnimations(ctx, buildRig(scene, sink));
    const turn = clips.find((c) => c.name === 'turn')!;
    // The per-frame steps the writer replaced: normalise, the file's axes, Euler nearest the frame before (as written, float32).
    const expected = new Float32Array(rotations.length * 6);
    rotations.forEach((r, f) => {
      const angles = continuousEuler(axis.quat(math.quatNormalize(Float32Array.from(r))), f ? expected.subarray(f * 6 - 3, f * 6) : undefined);
      expected.set(angles, f * 6 + 3);
    });
    expect(turn.frames).toBe(6);
    expect(bits(turn.data)).toEqual(bits(expected));
  });
});
