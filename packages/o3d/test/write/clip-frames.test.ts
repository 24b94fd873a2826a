// Core's sampleClipFrames on channels keyed at its frames (issue 25: the skinned O3D's `.ani` clips read back
// have a key per frame; they are copied, not sampled through the cursor): every frame is the bits
// sampleChannel gives at that frame's time, for every interpolation, and channels that miss the frames
// by one float step or have fewer keys still go through the cursor to the same bits.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, sampleChannel, sampleClipFrames, type AnimationChannel, type Interpolation, type Scene } from '@relic3d/core';

const FPS = 30, FRAMES = 37, DURATION = (FRAMES - 1) / FPS;
const frameTimes = () => Float32Array.from({ length: FRAMES }, (_, k) => Math.min(k / FPS, DURATION));

/** Per key `size` values (CUBICSPLINE: in-tangent, value, out-tangent), all different, seeded. */
function channel(node: number, path: AnimationChannel['path'], interpolation: Interpolation, times: Float32Array): AnimationChannel {
  const size = path === 'rotation' ? 4 : 3, stride = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const values = new Float32Array(times.length * size * stride);
  let seed = node * 7919 + size * 31 + stride;
  for (let k = 0; k < values.length; k++) values[k] = ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  if (path === 'rotation') {
    for (let k = 0; k < times.length * stride; k++) {
      const l = Math.hypot(values[k * 4], values[k * 4 + 1], values[k * 4 + 2], values[k * 4 + 3]);
      for (let c = 0; c < 4; c++) values[k * 4 + c] /= l;
    }
  }
  return { node, path, interpolation, times, values };
}

function scene(channels: AnimationChannel[]): Scene {
  const s = createScene('clip');
  for (let i = 0; i < 6; i++) addNode(s, { name: `n${i}`, translation: [i, 0, 0] });
  s.animations.push({ name: 'clip', channels, duration: DURATION });
  return s;
}

/** Each channel's frames in `sampleClipFrames`' result against `sampleChannel` at the frame times, bit for bit. */
function mismatches(channels: AnimationChannel[]): string[] {
  const s = scene(channels);
  const sampled = sampleClipFrames(s, 0, FPS);
  expect(sampled.frames).toBe(FRAMES);
  const out: string[] = [];
  for (const c of channels) {
    const size = c.path === 'rotation' ? 4 : 3;
    const target = sampled[c.path as 'translation' | 'rotation' | 'scale'];
    for (let k = 0; k < FRAMES; k++) {
      const want = sampleChannel(c, sampled.times[k], new Float32Array(size));
      const at = (k * s.nodes.length + c.node) * size;
      const got = target.subarray(at, at + size);
      if (Buffer.compare(Buffer.from(want.buffer), Buffer.from(got.slice().buffer)) !== 0) out.push(`${c.path} ${c.interpolation} node ${c.node} frame ${k}`);
    }
  }
  return out;
}

describe('sampleClipFrames on channels keyed at its frames', () => {
  it('gives every frame the bits sampleChannel gives, for LINEAR, STEP and CUBICSPLINE translation, rotation and scale', () => {
    const channels = [
      channel(1, 'translation', 'LINEAR', frameTimes()),
      channel(1, 'rotation', 'LINEAR', frameTimes()),
      channel(2, 'scale', 'STEP', frameTimes()),
      channel(3, 'rotation', 'CUBICSPLINE', frameTimes()),
      channel(4, 'translation', 'CUBICSPLINE', frameTimes()),
    ];
    expect(mismatches(channels)).toEqual([]);
    // The keys are the frames: a frame is its key's value (a CUBICSPLINE key's middle part), not an in-tangent.
    const sampled = sampleClipFrames(scene(channels), 0, FPS);
    expect(Array.from(sampled.rotation.subarray((5 * 6 + 3) * 4, (5 * 6 + 3) * 4 + 4))).toEqual(Array.from(channels[3].values.subarray((5 * 3 + 1) * 4, (5 * 3 + 2) * 4)));
    expect(Array.from(sampled.translation.subarray((FRAMES - 1) * 6 * 3 + 3, (FRAMES - 1) * 6 * 3 + 6))).toEqual(Array.from(channels[0].values.subarray((FRAMES - 1) * 3, FRAMES * 3)));
  });

  it('samples channels that miss the frames (a key one float step off, fewer keys, a repeated time, a first key before 0) to the same bits', () => {
    const nudged = frameTimes();
    nudged[10] = Math.fround(nudged[10] + 2 ** -20);
    const fewer = frameTimes().filter((_, k) => k % 2 === 0);
    const repeated = frameTimes();
    repeated[20] = repeated[19];
    const early = frameTimes();
    early[0] = -0.01;
    const channels = [channel(1, 'rotation', 'LINEAR', nudged), channel(2, 'translation', 'LINEAR', fewer), channel(3, 'rotation', 'LINEAR', repeated), channel(4, 'translation', 'CUBICSPLINE', nudged), channel(5, 'scale', 'LINEAR', early)];
    expect(mismatches(channels)).toEqual([]);
    // The nudged key is not a frame: frame 10 is interpolated, not the key copied.
    const sampled = sampleClipFrames(scene(channels), 0, FPS);
    expect(Array.from(sampled.rotation.subarray((10 * 6 + 1) * 4, (10 * 6 + 1) * 4 + 4))).not.toEqual(Array.from(channels[0].values.subarray(40, 44)));
  });
});
