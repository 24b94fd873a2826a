// A clip's ANM1 frames on the direct path (every bone's parent is its parent bone, no scale), written
// straight into the planned output (docs/formats/lod.md §4.3): no frame array of the writer's own.
import { math, type AnimationClip, type ChannelCursor } from '@relic3d/core';
import { FRAME_ENTRY_SIZE } from '../read/layout.js';
import type { WriteAxis } from './axes.js';
import { nearestEuler } from './euler.js';
import type { BoneSampler } from './pose.js';
import type { ClipTiming } from './timing.js';
import { trackFrames } from './track-frames.js';

/** What `directBone` shares across the bones of one clip. */
interface DirectClip {
  axis: WriteAxis;
  times: Float64Array;
  rest: { t: Float64Array; q: Float64Array };
  /** One bone's sampled translations (xyz) and rotations (xyzw) per frame; `rotationBits` is `rotations` as words. */
  translations: Float32Array;
  rotations: Float32Array;
  rotationBits: Uint32Array;
  /** The file's float32s: output values that are not finite are written as 0 and counted. */
  view: DataView;
  /** Bytes per frame (bones × 24). */
  stride: number;
}

const boneT = new Float64Array(3), boneQ = new Float64Array(4), turned = new Float64Array(4);
const raw = new Float64Array(3), e = new Float64Array(3), point = new Float32Array(3), sample = new Float32Array(4);

/** `math.quatNormalizeInto` of one sampled rotation at `k` into `q`, the same steps (no view made per frame). */
function normalizeInto(rotations: Float32Array, k: number, q: Float64Array): void {
  const x = rotations[k], y = rotations[k + 1], z = rotations[k + 2], w = rotations[k + 3];
  const l = math.hypot4(x, y, z, w);
  if (!l || !Number.isFinite(l)) (q[0] = 0), (q[1] = 0), (q[2] = 0), (q[3] = 1);
  else (q[0] = x / l), (q[1] = y / l), (q[2] = z / l), (q[3] = w / l);
}

/** One float32 at `at`, 0 when it is not finite; returns 1 for a value written as 0. */
function putChecked(view: DataView, at: number, v: number): number {
  if (v - v === 0) {
    view.setFloat32(at, v, true);
    return 0;
  }
  view.setFloat32(at, 0, true);
  return 1;
}

/**
 * Every frame of one bone: its channels sampled for all frames first (track-frames.ts), then each
 * frame's position and Euler angles (the file's axes, nearest the frame before as written, float32)
 * put at `at`, `at + stride`, …. A frame whose sampled rotation has the bits of the frame before (or
 * a bone with no rotation channel) reuses its Euler angles, as the same input gives the same angles.
 * A call per bone (not one loop over the clip), so it is optimised as a function: the bench's full
 * GC before each write drops on-stack-replaced code of once-per-clip loops. Returns how many values
 * were not finite (written as 0).
 */
function directBone(c: DirectClip, b: number, tc: ChannelCursor | undefined, qc: ChannelCursor | undefined, at: number): number {
  const { axis, times, view, stride, rest, translations, rotations, rotationBits } = c;
  const t = boneT, q = boneQ;
  if (tc) trackFrames(tc, times, translations, 3);
  if (qc) trackFrames(qc, times, rotations, 4);
  t[0] = rest.t[b * 3], t[1] = rest.t[b * 3 + 1], t[2] = rest.t[b * 3 + 2];
  q[0] = rest.q[b * 4], q[1] = rest.q[b * 4 + 1], q[2] = rest.q[b * 4 + 2], q[3] = rest.q[b * 4 + 3];
  axis.pointInto(t, point, 0, 0);
  // The angles as written one frame back (float32), and whether all three were finite.
  let p0 = 0, p1 = 0, p2 = 0, previous = false;
  let bad = 0;
  for (let f = 0; f < times.length; f++, at += stride) {
    if (tc) (t[0] = translations[f * 3]), (t[1] = translations[f * 3 + 1]), (t[2] = translations[f * 3 + 2]), axis.pointInto(t, point, 0, 0);
    const k = f * 4;
    const repeated = f > 0 && (!qc || (rotationBits[k] === rotationBits[k - 4] && rotationBits[k + 1] === rotationBits[k - 3] && rotationBits[k + 2] === rotationBits[k - 2] && rotationBits[k + 3] === rotationBits[k - 1]));
    if (qc && !repeated) normalizeInto(rotations, k, q);
    if (!repeated) math.eulerXYZFromQuatInto(axis.quatInto(q, turned, 0), raw, 0);
    e[0] = raw[0], e[1] = raw[1], e[2] = raw[2];
    if (previous) nearestEuler(e, p0, p1, p2);
    const x = point[0], y = point[1], z = point[2];
    p0 = Math.fround(e[0]), p1 = Math.fround(e[1]), p2 = Math.fround(e[2]);
    const sum = x + y + z + p0 + p1 + p2;
    if (sum - sum === 0) {
      view.setFloat32(at, x, true), view.setFloat32(at + 4, y, true), view.setFloat32(at + 8, z, true);
      view.setFloat32(at + 12, p0, true), view.setFloat32(at + 16, p1, true), view.setFloat32(at + 20, p2, true);
      previous = true;
    } else {
      bad += putChecked(view, at, x) + putChecked(view, at + 4, y) + putChecked(view, at + 8, z);
      bad += putChecked(view, at + 12, p0) + putChecked(view, at + 16, p1) + putChecked(view, at + 20, p2);
      previous = p0 - p0 === 0 && p1 - p1 === 0 && p2 - p2 === 0;
    }
  }
  return bad;
}

/** Frame times of a clip. */
function frameTimes(timing: ClipTiming): Float64Array {
  const times = new Float64Array(timing.frames);
  for (let f = 0; f < times.length; f++) times[f] = timing.timeOf(f);
  return times;
}

/**
 * Every frame of a clip, bone by bone (bones are independent on the direct path), into `view` from
 * `at`: frame-major, bone-minor, 24 bytes each. Returns how many values were not finite (written as 0).
 */
export function putDirectFrames(axis: WriteAxis, sampler: BoneSampler, clip: AnimationClip, timing: ClipTiming, view: DataView, at: number): number {
  const rest = sampler.directRest();
  const tracks = sampler.directTracks(clip);
  const bones = rest.t.length / 3;
  const times = frameTimes(timing);
  const rotations = new Float32Array(times.length * 4);
  const c: DirectClip = { axis, times, rest, translations: new Float32Array(times.length * 3), rotations, rotationBits: new Uint32Array(rotations.buffer), view, stride: bones * FRAME_ENTRY_SIZE };
  let bad = 0;
  for (let b = 0; b < bones; b++) bad += directBone(c, b, tracks.t[b], tracks.q[b], at + b * FRAME_ENTRY_SIZE);
  return bad;
}

/** Frame 0 of a clip on the direct path: each bone's scene-space local (translation, normalised rotation) into `first`, as its frames take them. */
export function directFirstFrame(sampler: BoneSampler, clip: AnimationClip, timing: ClipTiming, first: { t: Float64Array; q: Float64Array }): void {
  const rest = sampler.directRest();
  const tracks = sampler.directTracks(clip);
  const time = timing.timeOf(0);
  first.t.set(rest.t), first.q.set(rest.q);
  for (let b = 0; b < rest.t.length / 3; b++) {
    const tc = tracks.t[b], qc = tracks.q[b];
    if (tc) tc.sample(time, sample, 0), (first.t[b * 3] = sample[0]), (first.t[b * 3 + 1] = sample[1]), (first.t[b * 3 + 2] = sample[2]);
    if (qc) qc.sample(time, sample, 0), normalizeInto(sample, 0, boneQ), first.q.set(boneQ, b * 4);
  }
}

