// Skeletal clips → ANM1 frames: each bone's local position and Euler rotation per frame (docs/formats/lod.md §4.3, §8.2).
import { WriteError, checkBudget, math, type AnimationClip, type ChannelCursor, type Vec3 } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { FRAME_ENTRY_FLOATS, FRAME_ENTRY_SIZE } from '../read/layout.js';
import { MAX_CHUNK_SIZE } from './chunks.js';
import { num, record, type WriteContext } from './context.js';
import { BoneSampler, flatLocals } from './pose.js';
import type { Rig, Rigid } from './rig.js';
import { STILL_INTERVAL_MS, clipTiming, type ClipTiming } from './timing.js';
import { trackFrames } from './track-frames.js';

/** Name of the one-frame clip added when no clip starts in the bind pose. */
export const BIND_CLIP_NAME = 'bind pose';
/** GLScene AnimationMode 'loop', what real files store. */
const LOOP_MODE = 2;

export interface BoneAnimation {
  name: string;
  intervalMs: number;
  mode: number;
  frames: number;
  /** Frame-major, bone-minor: position xyz then Euler rotation xyz (radians), in file space. */
  data: Float32Array;
  /** How many of `data` are not finite, when counted as they were written (else the writer scans them). */
  notFinite?: number;
}

const TWO_PI = 2 * Math.PI;
const nearest = (v: number, to: number) => v + TWO_PI * Math.round((to - v) / TWO_PI);

/**
 * Euler angles (R = Rz·Ry·Rx, GLScene's order) closest to the previous frame's: GLScene blends
 * Euler angles per component between frames, so a jump of 2π or a flip to the equivalent
 * (x + π, π − y, z + π) would spin the bone.
 */
export function continuousEuler(q: ArrayLike<number>, previous?: ArrayLike<number>): Vec3 {
  const e = new Float64Array(3);
  math.eulerXYZFromQuatInto(q, e, 0);
  if (previous && allFinite(previous, 0)) nearestEuler(e, previous[0], previous[1], previous[2]);
  return [e[0], e[1], e[2]];
}

/** `e` or its equivalent (x + π, π − y, z + π), each angle moved by whole turns nearest to p. */
function nearestEuler(e: Float64Array, p0: number, p1: number, p2: number): void {
  // Per frame and bone: plain numbers, no candidate arrays or closures (a third of the writer's animation time).
  const a0 = nearest(e[0], p0), a1 = nearest(e[1], p1), a2 = nearest(e[2], p2);
  const b0 = nearest(e[0] + Math.PI, p0), b1 = nearest(Math.PI - e[1], p1), b2 = nearest(e[2] + Math.PI, p2);
  if ((b0 - p0) ** 2 + (b1 - p1) ** 2 + (b2 - p2) ** 2 < (a0 - p0) ** 2 + (a1 - p1) ** 2 + (a2 - p2) ** 2) {
    e[0] = b0, e[1] = b1, e[2] = b2;
  } else {
    e[0] = a0, e[1] = a1, e[2] = a2;
  }
}

function allFinite(values: ArrayLike<number>, from: number): boolean {
  for (let i = from; i < from + 3; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

const quatScratch = new Float64Array(4);
const eulerScratch = new Float64Array(3);

/** Writes one frame of bone locals (scene space, flat: `t` xyz and `q` xyzw per bone) into `data`, converted to file space (nothing allocated per bone). */
function putFrame(ctx: WriteContext, t: Float64Array, q: Float64Array, data: Float32Array, frame: number, previous: boolean): void {
  const bones = t.length / 3;
  for (let b = 0; b < bones; b++) {
    const at = (frame * bones + b) * FRAME_ENTRY_FLOATS;
    ctx.axis.pointInto(t, data, at, b * 3);
    const e = eulerScratch;
    math.eulerXYZFromQuatInto(ctx.axis.quatInto(q, quatScratch, b * 4), e, 0);
    // The same bone's angles one frame back.
    const prev = at - bones * FRAME_ENTRY_FLOATS + 3;
    if (previous && allFinite(data, prev)) nearestEuler(e, data[prev], data[prev + 1], data[prev + 2]);
    data[at + 3] = e[0];
    data[at + 4] = e[1];
    data[at + 5] = e[2];
  }
}

/** What `directBone` shares across the bones of one clip. */
interface DirectClip {
  axis: WriteContext['axis'];
  times: Float64Array;
  data: Float32Array;
  /** Floats per frame (bones × 6). */
  stride: number;
  rest: { t: Float64Array; q: Float64Array };
  first: { t: Float64Array; q: Float64Array };
  /** One bone's sampled translations (xyz) and rotations (xyzw) per frame; `rotationBits` is `rotations` as words. */
  translations: Float32Array;
  rotations: Float32Array;
  rotationBits: Uint32Array;
}

const boneT = new Float64Array(3), boneQ = new Float64Array(4), angles = new Float64Array(3);

/**
 * Every frame of one bone on the direct path, as `putFrame` puts it, the same bits. Its channels are
 * sampled for all frames first (track-frames.ts), then converted frame by frame; a frame whose sampled
 * rotation has the bits of the frame before (or a bone with no rotation channel) reuses its Euler
 * angles, as the same input gives the same angles. A call per bone (not one loop over the clip), so it
 * is optimised as a function: the bench's full GC before each write drops on-stack-replaced code of
 * once-per-clip loops. Returns how many floats are not finite.
 */
function directBone(c: DirectClip, b: number, tc: ChannelCursor | undefined, qc: ChannelCursor | undefined): number {
  const { axis, times, data, stride, rest, translations, rotations, rotationBits } = c;
  const t = boneT, q = boneQ, e = eulerScratch, raw = angles;
  if (tc) trackFrames(tc, times, translations, 3);
  if (qc) trackFrames(qc, times, rotations, 4);
  t[0] = rest.t[b * 3], t[1] = rest.t[b * 3 + 1], t[2] = rest.t[b * 3 + 2];
  q[0] = rest.q[b * 4], q[1] = rest.q[b * 4 + 1], q[2] = rest.q[b * 4 + 2], q[3] = rest.q[b * 4 + 3];
  let bad = 0;
  for (let f = 0, at = b * FRAME_ENTRY_FLOATS; f < times.length; f++, at += stride) {
    if (tc) (t[0] = translations[f * 3]), (t[1] = translations[f * 3 + 1]), (t[2] = translations[f * 3 + 2]);
    const k = f * 4;
    const repeated = f > 0 && (!qc || (rotationBits[k] === rotationBits[k - 4] && rotationBits[k + 1] === rotationBits[k - 3] && rotationBits[k + 2] === rotationBits[k - 2] && rotationBits[k + 3] === rotationBits[k - 1]));
    if (qc && !repeated) {
      // math.quatNormalizeInto of the sampled rotation, the same steps (no view made per frame).
      const x = rotations[k], y = rotations[k + 1], z = rotations[k + 2], w = rotations[k + 3];
      const l = math.hypot4(x, y, z, w);
      if (!l || !Number.isFinite(l)) (q[0] = 0), (q[1] = 0), (q[2] = 0), (q[3] = 1);
      else (q[0] = x / l), (q[1] = y / l), (q[2] = z / l), (q[3] = w / l);
    }
    if (f === 0) c.first.t.set(t, b * 3), c.first.q.set(q, b * 4);
    axis.pointInto(t, data, at, 0);
    if (!repeated) math.eulerXYZFromQuatInto(axis.quatInto(q, quatScratch, 0), raw, 0);
    e[0] = raw[0], e[1] = raw[1], e[2] = raw[2];
    const prev = at - stride + 3;
    if (f > 0 && allFinite(data, prev)) nearestEuler(e, data[prev], data[prev + 1], data[prev + 2]);
    data[at + 3] = e[0];
    data[at + 4] = e[1];
    data[at + 5] = e[2];
    for (let n = 0; n < FRAME_ENTRY_FLOATS; n++) if (data[at + n] - data[at + n] !== 0) bad++;
  }
  return bad;
}

/**
 * Every frame of a clip on the direct path, bone by bone (bones are independent there): each bone's
 * channels sampled for all frames, then converted. `first` gets frame 0's scene-space locals.
 * Returns how many written floats are not finite.
 */
function directFrames(ctx: WriteContext, sampler: BoneSampler, clip: AnimationClip, timing: ClipTiming, data: Float32Array, first: { t: Float64Array; q: Float64Array }): number {
  const rest = sampler.directRest();
  const tracks = sampler.directTracks(clip);
  const bones = rest.t.length / 3;
  const times = new Float64Array(timing.frames);
  for (let f = 0; f < times.length; f++) times[f] = timing.timeOf(f);
  const rotations = new Float32Array(times.length * 4);
  const c: DirectClip = { axis: ctx.axis, times, data, stride: bones * FRAME_ENTRY_FLOATS, rest, first, translations: new Float32Array(times.length * 3), rotations, rotationBits: new Uint32Array(rotations.buffer) };
  let bad = 0;
  for (let b = 0; b < bones; b++) bad += directBone(c, b, tracks.t[b], tracks.q[b]);
  return bad;
}

function samePose(a: Rigid[], b: Rigid[]): boolean {
  return a.every((x, i) => {
    const y = b[i];
    const far = Math.hypot(x.t[0] - y.t[0], x.t[1] - y.t[1], x.t[2] - y.t[2]) > 1e-4 * (1 + Math.hypot(...x.t));
    const dot = Math.abs(x.q[0] * y.q[0] + x.q[1] * y.q[1] + x.q[2] * y.q[2] + x.q[3] * y.q[3]);
    return !far && dot > 1 - 1e-8;
  });
}

/** Flat locals back as Rigid objects (frame 0 of the first clip, compared with the bind pose). */
function rigidLocals(t: Float64Array, q: Float64Array): Rigid[] {
  return Array.from({ length: t.length / 3 }, (_, b) => ({ t: [t[b * 3], t[b * 3 + 1], t[b * 3 + 2]], q: [q[b * 4], q[b * 4 + 1], q[b * 4 + 2], q[b * 4 + 3]] }));
}

const isTrsClip = (clip: AnimationClip) => clip.channels.some((c) => c.path !== 'weights' && c.times.length > 0);

/**
 * One ANM1 per clip that moves nodes, sampled at its frames: each bone's world pose, reduced to
 * position + rotation (GLScene bones have no scale), relative to its parent bone. The first ANM1's
 * frame 0 is GLScene's bind pose, so when the first clip does not start in the rest pose a
 * one-frame clip `bind pose` comes first.
 */
export function buildAnimations(ctx: WriteContext, rig: Rig): BoneAnimation[] {
  const { scene, sink } = ctx;
  const clips = scene.animations.filter(isTrsClip);
  if (!rig.bones.length) {
    if (clips.length) sink.warn('LOD_WRITE_CLIP_DROPPED', `${clips.length} clip(s) animate nothing the file holds (no mesh follows the nodes they move): ${clips.map((c) => c.name).join(', ')}`);
    return [];
  }
  const bones = rig.bones.length;
  const sampler = new BoneSampler(scene, rig);
  const bind = sampler.rest();
  const frame0 = { t: new Float64Array(bones * 3), q: new Float64Array(bones * 4) };
  const out: BoneAnimation[] = [];
  const scaled: string[] = [];
  const retimed: string[] = [];
  let firstFrame: Rigid[] | undefined;
  for (const clip of clips) {
    const timing = clipTiming(clip);
    if (timing.durationError) retimed.push(`"${clip.name}" ${clip.duration.toFixed(4)} s → ${(clip.duration + timing.durationError).toFixed(4)} s`);
    if (timing.frames * bones * FRAME_ENTRY_SIZE > MAX_CHUNK_SIZE) {
      throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit: 'ANM1 chunk bytes (frames × bones × 24)', value: timing.frames * bones * FRAME_ENTRY_SIZE, max: MAX_CHUNK_SIZE, where: `clip "${clip.name}"` });
    }
    // Frames are a clip's span times its rate: refused past the write budget before any is sampled.
    checkBudget(FORMAT_ID, `ANM1 frames (${timing.frames} frames × ${bones} bones × ${FRAME_ENTRY_SIZE} bytes)`, timing.frames * bones * FRAME_ENTRY_SIZE, ctx.budget, `clip "${clip.name}"`);
    const data = new Float32Array(timing.frames * bones * FRAME_ENTRY_FLOATS);
    let scaleChanges = false;
    let notFinite: number | undefined;
    if (!sampler.anyIndirect) {
      notFinite = directFrames(ctx, sampler, clip, timing, data, frame0);
      if (!out.length && timing.frames) firstFrame = rigidLocals(frame0.t, frame0.q);
    }
    for (let f = 0; f < timing.frames && sampler.anyIndirect; f++) {
      const { locals, scaleChanged } = sampler.at(clip, timing.timeOf(f));
      scaleChanges ||= scaleChanged;
      if (f === 0 && !out.length) firstFrame = locals;
      const flat = flatLocals(locals);
      putFrame(ctx, flat.t, flat.q, data, f, f > 0);
    }
    if (scaleChanges) scaled.push(clip.name);
    const mode = num(record(clip.extras)?.mode, LOOP_MODE);
    out.push({ name: clip.name, intervalMs: timing.intervalMs, mode: Number.isInteger(mode) && mode >= 0 && mode <= 255 ? mode : LOOP_MODE, frames: timing.frames, data, notFinite });
  }
  if (retimed.length) {
    sink.warn('LOD_WRITE_CLIP_DURATION', `AnimInterval is whole milliseconds and no interval fits these clips' durations within 0.5 ms: ${retimed.join(', ')}`);
  }
  if (scaled.length) {
    sink.warn('LOD_WRITE_SCALE_KEYS', `GLScene bones have no scale: the scale animated in ${scaled.length} clip(s) is not written (${scaled.join(', ')})`);
  }
  if (!firstFrame || !samePose(firstFrame, bind)) {
    const data = new Float32Array(bones * FRAME_ENTRY_FLOATS);
    const flat = flatLocals(bind);
    putFrame(ctx, flat.t, flat.q, data, 0, false);
    out.unshift({ name: BIND_CLIP_NAME, intervalMs: STILL_INTERVAL_MS, mode: 0, frames: 1, data });
    sink.warn('LOD_WRITE_BIND_CLIP', clips.length
      ? `the first clip ("${clips[0].name}") does not start in the rest pose, which GLScene takes as the bind pose from the first frame of the first animation: a one-frame clip "${BIND_CLIP_NAME}" is written first`
      : `the skeleton has no clip; GLScene takes the bind pose from the first frame of the first animation: a one-frame clip "${BIND_CLIP_NAME}" is written`);
  }
  return out;
}
