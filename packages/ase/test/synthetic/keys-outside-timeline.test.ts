// Keys far outside *SCENE_FIRSTFRAME..*SCENE_LASTFRAME (issue 26) are left out with a warning:
// a damaged or hand-edited track must not make a clip billions of seconds long.
import { describe, expect, it } from 'vitest';
import { aseFile, cube, geom, tmAnimation } from '@relic3d/fixtures/ase';
import { codes, load } from './helpers.js';

const scene = { first: 0, last: 100, fps: 30, tpf: 160 };
const withKeys = (ticks: number[]) =>
  load(aseFile([geom('A', cube(), { tail: [tmAnimation('A', { CONTROL_POS_TRACK: ticks.map((t, i) => `*CONTROL_POS_SAMPLE ${t} ${i} 0 0`) })] })], { scene }));

describe('keys outside the declared timeline', () => {
  it('a sample at 1.2e43 ticks (2.5e38 s) in a 100-frame scene is left out and warned', () => {
    const s = withKeys([0, 160, 16000, 1.2e43]);
    const clip = s.animations[0];
    // 100 frames at 30 fps: the clip is the scene's 3.3333 s, not 2.5e38 s.
    expect(clip.duration).toBeCloseTo(100 / 30, 4);
    expect(Math.max(...clip.channels.flatMap((c) => Array.from(c.times)))).toBeLessThanOrEqual(100 / 30 + 1e-6);
    expect(codes(s)).toContain('ASE_KEY_OUTSIDE_TIMELINE');
  });

  it('keys past the end by less than a minute stay (frame 1800 of 0-100, 60 s)', () => {
    const s = withKeys([0, 160, 1800 * 160]);
    expect(s.animations[0].duration).toBeCloseTo(1800 / 30, 4);
    expect(codes(s)).not.toContain('ASE_KEY_OUTSIDE_TIMELINE');
  });

  it('keys far before the first frame are left out too', () => {
    const s = withKeys([-1e9, 0, 160]);
    expect(Math.min(...s.animations[0].channels[0].times)).toBeGreaterThanOrEqual(0);
    expect(codes(s)).toContain('ASE_KEY_OUTSIDE_TIMELINE');
  });
});
