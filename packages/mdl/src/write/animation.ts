import { ChannelCursor, checkBudget, math, type AnimationChannel, type AnimationClip } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import type { WriteContext } from './context.js';
import type { AnimationRecord, TrackRecord } from './records.js';
import type { BonePlan, SkeletonPlan } from './skeleton.js';

/** Keys are evenly spaced at 1/60/speed s; a clip lasts keyframes / 60 / speed s (docs/formats/mdl.md §5.7). */
const FRAMES_PER_SECOND = 60;

/** Each clip as an ANIM of the top node's skeleton. */
export function animationRecords(ctx: WriteContext, skeleton: SkeletonPlan): AnimationRecord[] {
  let weightChannels = 0;
  const records = ctx.scene.animations.map((clip) => {
    weightChannels += clip.channels.filter((c) => c.path === 'weights').length;
    return animationRecord(ctx, clip, skeleton);
  });
  if (weightChannels) ctx.sink.warn('MDL_WRITE_MORPH_ANIMATION_DROPPED', `${weightChannels} morph weight channels were not written: Ultra MDL animates bones only`);
  return records;
}

function animationRecord(ctx: WriteContext, clip: AnimationClip, skeleton: SkeletonPlan): AnimationRecord {
  const byNode = new Map<number, AnimationChannel[]>();
  for (const c of clip.channels) if (c.path !== 'weights' && c.times.length > 0) byNode.set(c.node, [...(byNode.get(c.node) ?? []), c]);
  const storedFlags = (clip.extras?.keyframeFlags ?? {}) as Record<string, unknown>;
  const trackBones = skeleton.bones.map((b, id) => ({ b, id })).filter(({ b, id }) => b.node >= 0 && (byNode.has(b.node) || typeof storedFlags[b.name || String(id)] === 'number'));
  const { keyframeCount, speed } = timing(ctx, clip);
  // Every key is stored: a clip keyed 60 times a second over a long span is refused before its keys are made.
  const perKey = Math.max(1, trackBones.length) * 40;
  checkBudget(FORMAT_ID, `animation keys (${keyframeCount} keys × ${trackBones.length} bones × 40 bytes)`, perKey * keyframeCount, ctx.budget, `clip '${clip.name}'`);
  const step = 1 / FRAMES_PER_SECOND / speed;
  const tracks = trackBones.map(({ b, id }) => track(b, id, byNode.get(b.node) ?? [], storedFlags[b.name || String(id)], keyframeCount, step));
  return { name: clip.name, speed, keyframeCount, tracks };
}

/** The clip's own key count and speed when the reader left them (and they still fit), else 60 keys a second. */
function timing(ctx: WriteContext, clip: AnimationClip): { keyframeCount: number; speed: number } {
  const { speed, keyframeCount } = clip.extras ?? {};
  const duration = clipDuration(clip);
  const plausible = (k: number) => k <= 4 * FRAMES_PER_SECOND * Math.max(duration, 1) + 1; // hostile extras cannot ask for millions
  if (typeof speed === 'number' && speed >= 1e-6 && speed <= 1e6 && Number.isInteger(keyframeCount) && (keyframeCount as number) >= 0 && plausible(keyframeCount as number)) {
    const k = keyframeCount as number;
    if (Math.abs(k / FRAMES_PER_SECOND / speed - duration) <= 1e-6 * Math.max(1, duration)) return { keyframeCount: k, speed };
  }
  if (!(duration > 0)) {
    ctx.sink.warn('MDL_WRITE_CLIP_DURATION', `clip '${clip.name}' lasts 0 s; written as one key lasting 1/${FRAMES_PER_SECOND} s (the format's clips last keys / 60 / speed)`);
    return { keyframeCount: 1, speed: 1 };
  }
  // Keys on one even grid (a file keyed at 24 or 30 fps) are kept where they are, so linear keys
  // come back exactly; others are sampled at 60 a second.
  const grid = keyGrid(clip, duration);
  const k = grid ?? Math.max(1, Math.round(duration * FRAMES_PER_SECOND));
  return { keyframeCount: k, speed: k / FRAMES_PER_SECOND / duration };
}

/**
 * Keys per clip when every key time (and the end) lies on one grid of at most 4 × 60 steps a
 * second, split to at least 60 a second.
 */
function keyGrid(clip: AnimationClip, duration: number): number | undefined {
  const times = new Set<number>([duration]);
  for (const c of clip.channels) if (c.path !== 'weights' && c.interpolation !== 'CUBICSPLINE') for (const t of c.times) times.add(t);
  const sorted = [...times].filter((t) => t > 0).sort((a, b) => a - b);
  let step = sorted[0];
  // Times a float32 rounding apart (a last key stored as float32, the duration as a double) are one.
  for (let i = 1; i < sorted.length; i++) if (sorted[i] - sorted[i - 1] > 1e-6 * sorted[i]) step = Math.min(step, sorted[i] - sorted[i - 1]);
  if (!(step > 0)) return undefined;
  const count = Math.round(duration / step);
  if (count > 4 * FRAMES_PER_SECOND * duration + 1) return undefined;
  step = duration / count;
  for (const t of sorted) if (Math.abs(t / step - Math.round(t / step)) > 1e-3) return undefined;
  // At least 60 keys a second: the stored clip ends one key before its end, so the last step is held.
  return count * Math.max(1, Math.ceil(step * FRAMES_PER_SECOND - 1e-9));
}

function clipDuration(clip: AnimationClip): number {
  if (Number.isFinite(clip.duration) && clip.duration > 0) return clip.duration;
  let end = 0;
  for (const c of clip.channels) if (c.times.length) end = Math.max(end, c.times[c.times.length - 1]);
  return Number.isFinite(end) ? end : 0;
}

/**
 * One bone's keys. A channel already on the key grid is copied; any other is sampled with its own
 * interpolation (STEP, LINEAR, CUBICSPLINE). A bone with folded nodes above it keys all three.
 */
function track(bone: BonePlan, boneId: number, channels: AnimationChannel[], stored: unknown, keyframeCount: number, step: number): TrackRecord {
  const find = (path: string) => channels.find((c) => c.path === path);
  const t = find('translation'), r = find('rotation'), s = find('scale');
  let flags = (t ? 1 : 0) | (r ? 2 : 0) | (s ? 4 : 0) | (typeof stored === 'number' ? stored & 7 : 0);
  if (bone.fold && flags) flags = 7;
  const floatsPerKey = (flags & 1 ? 3 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 3 : 0);
  const keys = new Float32Array(keyframeCount * floatsPerKey);
  const translation = new Float32Array(3), rotation = new Float32Array(4), scale = new Float32Array(3);
  const matrix = new Float64Array(16);
  // Keys are sampled in ascending time: a cursor per channel, no key searched twice.
  const tc = t && new ChannelCursor(t, 3), rc = r && new ChannelCursor(r, 4), sc = s && new ChannelCursor(s, 3);
  for (let k = 0; k < keyframeCount; k++) {
    const time = k * step;
    value(tc, k, time, keyframeCount, step, translation, bone.local.translation);
    value(rc, k, time, keyframeCount, step, rotation, bone.local.rotation);
    value(sc, k, time, keyframeCount, step, scale, bone.local.scale);
    // Unfolded keys are the sampled values themselves: no per-key TRS object or copies.
    let key: { translation: ArrayLike<number>; rotation: ArrayLike<number>; scale: ArrayLike<number> } = { translation, rotation, scale };
    if (bone.fold) {
      const d = math.decompose(math.multiply(bone.fold, math.fromTRS(translation, rotation, scale, matrix), matrix));
      key = { translation: d.translation, rotation: math.quatNormalize(d.rotation), scale: d.scale };
    }
    let o = k * floatsPerKey;
    // fileVec3 and fileQuat, in place.
    if (flags & 1) (keys[o] = key.translation[0]), (keys[o + 1] = key.translation[1]), (keys[o + 2] = 0 - key.translation[2]), (o += 3);
    if (flags & 2) (keys[o] = 0 - key.rotation[0]), (keys[o + 1] = 0 - key.rotation[1]), (keys[o + 2] = key.rotation[2]), (keys[o + 3] = key.rotation[3]), (o += 4);
    if (flags & 4) keys.set(key.scale, o);
  }
  return { boneId, flags, keys };
}

/** A channel's value at key k: copied when its keys lie on the grid, else sampled; the rest pose without one. */
function value(cursor: ChannelCursor | undefined, k: number, time: number, count: number, step: number, out: Float32Array, rest: ArrayLike<number>): void {
  const size = out.length;
  if (!cursor) {
    for (let i = 0; i < size; i++) out[i] = rest[i];
    return;
  }
  const c = cursor.channel;
  if (c.interpolation !== 'CUBICSPLINE' && c.times.length === count && Math.abs(c.times[k] - time) <= 1e-5 * Math.max(step, time)) {
    const values = c.values, at = k * size;
    for (let i = 0; i < size; i++) out[i] = values[at + i];
    return;
  }
  cursor.sample(time, out);
}
