// splitOrderedClip (binary search, one copy per range) against core's splitClip (a scan per range):
// the same channels, value for value, on increasing key times, every interpolation and edge range.
import { splitClip, type AnimationChannel, type AnimationClip, type ClipRange } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { splitOrderedClip } from '../../src/scene/split-ordered.js';

/** Keys at irregular increasing times (seeded), values that vary per key. */
function channel(path: AnimationChannel['path'], interpolation: AnimationChannel['interpolation'], keys: number, node: number): AnimationChannel {
  const size = path === 'rotation' ? 4 : 3;
  const stride = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const times = new Float32Array(keys);
  const values = new Float32Array(keys * size * stride);
  let t = 0, seed = 7 + node;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let k = 0; k < keys; k++) {
    times[k] = t;
    t += 1 / 30 + next() / 60;
  }
  for (let i = 0; i < values.length; i++) values[i] = next() * 2 - 1;
  if (path === 'rotation') {
    for (let k = 0; k < keys; k++) {
      const o = k * size;
      const l = Math.hypot(values[o], values[o + 1], values[o + 2], values[o + 3]);
      for (let c = 0; c < 4; c++) values[o + c] /= l;
    }
  }
  return { node, path, times, values, interpolation };
}

describe('splitOrderedClip', () => {
  const channels = [
    channel('rotation', 'LINEAR', 200, 1),
    channel('translation', 'LINEAR', 150, 2),
    channel('translation', 'STEP', 90, 3),
    channel('translation', 'CUBICSPLINE', 120, 4),
    channel('rotation', 'LINEAR', 1, 5),
    { ...channel('scale', 'LINEAR', 40, 6), extras: { kept: true } },
  ];
  const clip: AnimationClip = { name: 'all', duration: 8, channels, extras: { fps: 30 } };
  const t = channels[0].times;
  const ranges: ClipRange[] = [
    { name: 'whole', start: 0, end: 8 },
    { name: 'middle', start: 1, end: 2.5 },
    // Ends on keys, and within EPSILON (1e-5) of keys: those keys are replaced by the sampled ends.
    { name: 'on keys', start: t[10], end: t[40] },
    { name: 'near keys', start: t[12] - 5e-6, end: t[50] + 5e-6 },
    { name: 'instant', start: 1.2, end: 1.2 },
    { name: 'shorter than EPSILON', start: 1.2, end: 1.2 + 5e-6 },
    { name: 'past the last key', start: 7, end: 9 },
    { name: 'reversed', start: 3, end: 2 },
    { name: 'before 0', start: -1, end: 0.5 },
  ];

  it('gives the channels splitClip gives, value for value', () => {
    const ours = splitOrderedClip(clip, ranges);
    const core = splitClip(clip, ranges);
    expect(ours).toHaveLength(ranges.length);
    expect(ours).toEqual(core);
    // Typed arrays compared by bytes (toEqual treats -0 and 0 alike on typed arrays).
    ours.forEach((c, i) =>
      c.channels.forEach((ch, j) => {
        const theirs = core[i].channels[j];
        expect(new Uint8Array(ch.times.buffer)).toEqual(new Uint8Array(theirs.times.buffer));
        expect(new Uint8Array(ch.values.buffer)).toEqual(new Uint8Array(theirs.values.buffer));
      }),
    );
  });

  it('keeps the inner keys and samples the ends', () => {
    const [middle] = splitOrderedClip(clip, [ranges[1]]);
    const rotation = middle.channels[0];
    // Inner keys are those strictly inside (1, 2.5), counted independently here, plus two ends.
    const inner = Array.from(t).filter((x) => x > 1 + 1e-5 && x < 2.5 - 1e-5).length;
    expect(rotation.times.length).toBe(inner + 2);
    expect(rotation.times[0]).toBe(0);
    expect(rotation.times[rotation.times.length - 1]).toBeCloseTo(1.5, 6);
    expect(middle.duration).toBe(1.5);
    expect(middle.channels[5].extras).toEqual({ kept: true });
  });
});
