// Skeletal clips → ANM1 frames: each bone's local position and Euler rotation per frame (docs/formats/lod.md §4.3, §8.2).
import { WriteError, checkBudget, math, type AnimationClip } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { FRAME_ENTRY_FLOATS, FRAME_ENTRY_SIZE } from '../read/layout.js';
import { MAX_CHUNK_SIZE } from './chunks.js';
import { num, record, type WriteContext } from './context.js';
import { directFirstFrame, putDirectFrames } from './direct-frames.js';
import { allFinite, nearestEuler } from './euler.js';
import { BoneSampler, flatLocals } from './pose.js';
import type { Rig, Rigid } from './rig.js';
import { STILL_INTERVAL_MS, clipTiming } from './timing.js';

export { continuousEuler } from './euler.js';

/** Name of the one-frame clip added when no clip starts in the bind pose. */
export const BIND_CLIP_NAME = 'bind pose';
/** GLScene AnimationMode 'loop', what real files store. */
const LOOP_MODE = 2;

export interface BoneAnimation {
  name: string;
  intervalMs: number;
  mode: number;
  frames: number;
  /**
   * Frame-major, bone-minor: position xyz then Euler rotation xyz (radians), in file space. A clip
   * with `put` makes them on request (non-finite ones as 0, as written): the writer calls `put`.
   */
  readonly data: Float32Array;
  /** How many of `data` are not finite, when counted as they were written (else the writer scans them). */
  notFinite?: number;
  /** The frames' bytes, and `into`, which puts them straight into the output at `at` (non-finite values as 0) and returns how many were not finite. */
  put?: { bytes: number; into: (view: DataView, at: number) => number };
}

/** A clip whose frames are put straight into the output (the direct path), `data` made on request. */
function putAnimation(fields: Omit<BoneAnimation, 'data' | 'put'>, put: NonNullable<BoneAnimation['put']>): BoneAnimation {
  return {
    ...fields,
    put,
    get data() {
      const data = new Float32Array(put.bytes / 4);
      put.into(new DataView(data.buffer), 0);
      return data;
    },
  };
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
    const mode = num(record(clip.extras)?.mode, LOOP_MODE);
    const fields = { name: clip.name, intervalMs: timing.intervalMs, mode: Number.isInteger(mode) && mode >= 0 && mode <= 255 ? mode : LOOP_MODE, frames: timing.frames };
    if (!sampler.anyIndirect) {
      // Frame 0 of the first clip now (the bind pose check below); every frame when the output is written.
      if (!out.length && timing.frames) directFirstFrame(sampler, clip, timing, frame0), (firstFrame = rigidLocals(frame0.t, frame0.q));
      out.push(putAnimation(fields, { bytes: timing.frames * bones * FRAME_ENTRY_SIZE, into: (view, at) => putDirectFrames(ctx.axis, sampler, clip, timing, view, at) }));
      continue;
    }
    const data = new Float32Array(timing.frames * bones * FRAME_ENTRY_FLOATS);
    let scaleChanges = false;
    for (let f = 0; f < timing.frames; f++) {
      const { locals, scaleChanged } = sampler.at(clip, timing.timeOf(f));
      scaleChanges ||= scaleChanged;
      if (f === 0 && !out.length) firstFrame = locals;
      const flat = flatLocals(locals);
      putFrame(ctx, flat.t, flat.q, data, f, f > 0);
    }
    if (scaleChanges) scaled.push(clip.name);
    out.push({ ...fields, data });
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
