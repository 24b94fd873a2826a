// The fused key loop (boneTrack) against the per-key conversion it replaced (boneLocal, then
// math.makeQuaternionsContinuous), on both axes, on damaged entries (NaN, ±infinity) and on signed
// zero, tiny and repeated angles: every float the same, bit for bit, every bad value counted.
import { FiniteScrub, math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { FRAME_ENTRY_FLOATS } from '../src/read/layout.js';
import { axisFor } from '../src/scene/axes.js';
import { boneLocal, boneTrack } from '../src/scene/skeleton.js';

function entries(frames: number, bones: number): Float32Array {
  let seed = 99;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 8 - 4;
  const data = Float32Array.from({ length: frames * bones * FRAME_ENTRY_FLOATS }, next);
  data[7] = NaN;
  data[FRAME_ENTRY_FLOATS * bones + 3] = Infinity; // frame 1, bone 0: a rotation angle
  data[FRAME_ENTRY_FLOATS * bones * 2 + 1] = -Infinity; // frame 2, bone 0: a translation
  data.fill(0, FRAME_ENTRY_FLOATS * bones * 3 + 3, FRAME_ENTRY_FLOATS * bones * 3 + 6); // identity rotation
  if (frames < 8) return data;
  // Signed zeros and angles repeated from a frame before (the paths that skip sin/cos): frames 4–7 of bone 0.
  const angles = (frame: number, x: number, y: number, z: number) => data.set([x, y, z], (frame * bones) * FRAME_ENTRY_FLOATS + 3);
  angles(4, -0, 0.75, 0);
  angles(5, -0, 0.75, -1.5);
  angles(6, 0, -0, -1.5);
  angles(7, 1.25, 0.75, -0);
  // Half angles below TINY_HALF_ANGLE (2^-28) skip sin/cos too: an exporter's ~1e-17, the largest
  // float32 angle below 2^-27, a subnormal; 2^-27 itself and 1e-6 take Math.sin and Math.cos.
  const belowLimit = Math.fround(2 ** -27 * (1 - 2 ** -24));
  angles(8, 1e-17, -3e-18, 0.5);
  angles(9, belowLimit, -belowLimit, 1e-45);
  angles(10, 2 ** -27, -(2 ** -27), 1e-6);
  angles(11, -1e-6, 1e-17, belowLimit);
  return data;
}

describe('boneTrack', () => {
  for (const up of ['y', 'z'] as const) {
    it(`writes what boneLocal gives for every frame (${up} up)`, () => {
      const frames = 37, bones = 5, data = entries(frames, bones), axis = axisFor(up);
      for (let bone = 0; bone < bones; bone++) {
        const fused = new FiniteScrub(), generic = new FiniteScrub();
        const t = new Float32Array(frames * 3), r = new Float32Array(frames * 4);
        boneTrack(axis, data, bone * FRAME_ENTRY_FLOATS, bones * FRAME_ENTRY_FLOATS, frames, fused, t, r);
        const et = new Float32Array(frames * 3), er = new Float32Array(frames * 4);
        for (let f = 0; f < frames; f++) {
          const local = boneLocal(axis, data, (f * bones + bone) * FRAME_ENTRY_FLOATS, generic);
          et.set(local.translation, f * 3);
          er.set(local.rotation, f * 4);
        }
        math.makeQuaternionsContinuous(er);
        expect(t).toEqual(et);
        // Bit for bit: toEqual would let a −0 pass for a +0.
        expect(new Uint32Array(r.buffer)).toEqual(new Uint32Array(er.buffer));
        expect(fused.count).toBe(generic.count);
        expect(fused.count).toBe(bone === 0 ? 2 : bone === 1 ? 1 : 0); // data[7] is bone 1's y
      }
    });
  }

  it('gives continuous unit quaternions and the identity for zero angles', () => {
    const data = entries(4, 1), t = new Float32Array(12), r = new Float32Array(16);
    boneTrack(axisFor('y'), data, 0, FRAME_ENTRY_FLOATS, 4, new FiniteScrub(), t, r);
    for (let f = 0; f < 4; f++) expect(Math.hypot(r[f * 4], r[f * 4 + 1], r[f * 4 + 2], r[f * 4 + 3])).toBeCloseTo(1, 6);
    // The identity, signed to follow frame 2 (continuity): every dot with the key before ≥ 0.
    expect([...r.subarray(12, 16)].map(Math.abs)).toEqual([0, 0, 0, 1]);
    for (let f = 1; f < 4; f++) expect(r[f * 4] * r[f * 4 - 4] + r[f * 4 + 1] * r[f * 4 - 3] + r[f * 4 + 2] * r[f * 4 - 2] + r[f * 4 + 3] * r[f * 4 - 1]).toBeGreaterThanOrEqual(0);
    expect(t[7]).toBe(0); // frame 2's −infinity y
  });
});
