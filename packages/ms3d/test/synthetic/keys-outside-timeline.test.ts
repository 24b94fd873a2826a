// Keys far outside the declared timeline (issue 26): GLScene's Woman4 copy has one key at 2.5e38 s
// in a file of 2133 frames at 15 fps. Such keys are left out with a warning, never a 10³⁸ s clip.
import { describe, expect, it } from 'vitest';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { parseSync } from '../../src/index.js';
import { valid } from './helpers.js';

const file = (fps: number, totalFrames: number, times: number[]) =>
  writeMs3d(quad({ fps, totalFrames, joints: [{ name: 'root', rotKeys: times.map((t) => [t, 0, 0, t > 1e6 ? 0 : t / 10]), posKeys: times.map((t) => [t, 0, 0, 0]) }] }));

describe('keys outside the declared timeline', () => {
  it('a key at 2.5e38 s in a 2133-frame, 15 fps file is left out, warned, and the clip ends at the last key inside', () => {
    const s = valid(parseSync(file(15, 2133, [0, 71.1, 142.2, 2.5e38])));
    const clip = s.animations[0];
    // 142.2 s is the file's own end (2133 / 15); the stray key is gone from both channels.
    expect(clip.duration).toBeCloseTo(142.2, 3);
    for (const c of clip.channels) expect(Array.from(c.times)).toEqual([0, Math.fround(71.1), Math.fround(142.2)]);
    const warning = s.warnings.find((w) => w.code === 'MS3D_KEY_OUTSIDE_TIMELINE');
    expect(warning?.message).toMatch(/^2 keys lie after 284\.4 s/);
  });

  it('keys past the end by less than the timeline\'s length stay (cubby Human: keys to 15.96 s of 14.54 s)', () => {
    const s = valid(parseSync(file(24, 349, [0, 10, 383 / 24])));
    expect(s.animations[0].duration).toBeCloseTo(383 / 24, 5);
    expect(s.warnings.map((w) => w.code)).not.toContain('MS3D_KEY_OUTSIDE_TIMELINE');
  });

  it('a short timeline still allows keys up to a minute past its end (MilkShape\'s default 30 frames at 24 fps)', () => {
    const s = valid(parseSync(file(24, 30, [0, 3, 61, 61.5])));
    expect(Array.from(s.animations[0].channels[0].times)).toEqual([0, 3, 61]);
    expect(s.warnings.map((w) => w.code)).toContain('MS3D_KEY_OUTSIDE_TIMELINE');
  });

  it('without a usable fps there is no declared timeline: the keys stay', () => {
    const s = valid(parseSync(file(0, 30, [0, 1e6])));
    expect(s.animations[0].duration).toBe(1e6);
  });
});
