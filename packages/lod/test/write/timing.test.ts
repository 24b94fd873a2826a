// Key timing (whole-millisecond AnimInterval) and Euler keys, unit by unit.
import { math, type AnimationClip } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { continuousEuler } from '../../src/write/animation.js';
import { RESAMPLE_STEP_MS, clipTiming } from '../../src/write/timing.js';

const clip = (duration: number, times: number[], extras?: Record<string, unknown>): AnimationClip => ({
  name: 'c',
  duration,
  channels: [{ node: 0, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.from(times), values: new Float32Array(times.length * 4) }],
  ...(extras ? { extras } : {}),
});

describe('clip timing', () => {
  it('a clip read from a .lod keeps its interval and frame count, sampled at its own float32 key times', () => {
    const t = clipTiming(clip(2.3, [], { interval: 100, frameCount: 24 }));
    expect([t.intervalMs, t.frames, t.durationError]).toEqual([100, 24, 0]);
    expect(t.timeOf(7)).toBe(Math.fround(0.7));
  });

  it('keys on a whole-millisecond grid keep their grid', () => {
    const t = clipTiming(clip(1.2, [0, 0.04, 0.4, 1.2]));
    expect([t.intervalMs, t.frames]).toEqual([40, 31]);
  });

  it('30 frames/s keys are resampled at most every half key step, with a frame count divisible by 4', () => {
    const t = clipTiming(clip(2, Array.from({ length: 61 }, (_, k) => k / 30)));
    expect(t.intervalMs).toBeLessThanOrEqual(16);
    expect((t.frames - 1) % 4).toBe(0);
    expect((t.frames - 1) * t.intervalMs).toBe(2000);
    expect(t.timeOf(t.frames - 1)).toBe(2);
  });

  it('a duration no whole-millisecond step fits within 0.5 ms: the closest, with the error said', () => {
    // 45.26667 s: 45,267 = 3 × 15,089, so only 1 or 3 ms steps fit exactly (too many frames).
    const t = clipTiming(clip(45.26667, Array.from({ length: 1359 }, (_, k) => k / 30)));
    expect(t.intervalMs).toBeGreaterThanOrEqual(Math.ceil(RESAMPLE_STEP_MS / 4));
    expect(Math.abs(t.durationError)).toBeGreaterThan(0.0005);
    expect(Math.abs(t.durationError)).toBeLessThan(t.intervalMs / 2000);
  });

  it('a still clip is one frame', () => {
    expect([clipTiming(clip(0, [0])).frames, clipTiming(clip(NaN, [])).frames]).toEqual([1, 1]);
  });
});

describe('Euler keys (R = Rz·Ry·Rx)', () => {
  it('rebuild the rotation, also a hair away from y = ±90° where asin loses precision', () => {
    for (const [x, y, z] of [[0.3, -0.2, 1.1], [2.5, -1.5707950, -0.4], [-1.2, 1.5707960, 2.9], [0, Math.PI / 2, 0.5]]) {
      const q = math.quatFromEulerXYZ(x, y, z);
      const back = math.quatFromEulerXYZ(...math.eulerXYZFromQuat(q));
      expect(Math.abs(q[0] * back[0] + q[1] * back[1] + q[2] * back[2] + q[3] * back[3])).toBeGreaterThan(1 - 1e-14);
    }
  });

  it('stay near the previous frame: no 2π jumps and no flip to the equivalent triple', () => {
    const previous = [3.1, 0.2, -3.1];
    const e = continuousEuler(math.quatFromEulerXYZ(-3.1, 0.2, 3.1), previous);
    expect(e.map((v) => +v.toFixed(6))).toEqual([+(2 * Math.PI - 3.1).toFixed(6), 0.2, +(3.1 - 2 * Math.PI).toFixed(6)]);
    const flipped = continuousEuler(math.quatFromEulerXYZ(0.1 + Math.PI, Math.PI - 0.3, 0.2 + Math.PI), [0.1, 0.3, 0.2]);
    expect(flipped.map((v) => +v.toFixed(6))).toEqual([0.1, 0.3, 0.2]);
  });
});
