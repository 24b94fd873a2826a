// Key times far outside their clip, cut at the clip's ends (with a warning): clients take a clip's
// length from its keys, so Blender's importer makes an action as long as the farthest key, and its
// exporter samples every frame of it (a key at 10⁶ s is 2.4·10⁷ frames).
import { sampleChannel, type AnimationChannel, type AnimationClip } from '@relic3d/core';
import type { ExportContext } from './context.js';

/** Keys this close past a clip's end (s) are its last frame, not outside it. */
const END_TOLERANCE = 1e-3;

/**
 * The clip with every channel's keys inside [start, duration]: keys past the end are cut, and so
 * are keys before 0 when that lead-in is longer than the clip itself (a shorter one is kept and
 * shifted by writeAnimations, GLTF_ANIMATION_SHIFTED). Where keys are cut, a key sampled at the cut
 * keeps the motion inside the clip exact. The clip itself is returned when nothing is outside.
 */
export function keysInsideClip(ctx: ExportContext, clip: AnimationClip): AnimationClip {
  const duration = clip.duration;
  if (ctx.options.clientSafe === false) return clip;
  if (!(duration > 0) || !Number.isFinite(duration)) return clip;
  let earliest = 0;
  for (const ch of clip.channels) if (ch.times.length && ch.times[0] < earliest) earliest = ch.times[0];
  const start = earliest < -duration ? 0 : earliest;
  const end = duration;
  let cut = 0;
  const channels = clip.channels.map((ch) => {
    const inside = cutChannel(ch, start, end);
    if (inside !== ch) cut += ch.times.length - countInside(ch.times, start, end);
    return inside;
  });
  if (channels.every((ch, i) => ch === clip.channels[i])) return clip;
  ctx.warn(
    'GLTF_KEYS_OUTSIDE_CLIP',
    `clip '${clip.name}' (${duration} s) has keys from ${earliest} s to ${latestKey(clip)} s; ${cut} keys outside [${start}, ${end}] s cut, with keys sampled at the cut (clients take a clip's length from its keys)`,
  );
  return { ...clip, channels };
}

function latestKey(clip: AnimationClip): number {
  let latest = -Infinity;
  for (const ch of clip.channels) if (ch.times.length) latest = Math.max(latest, ch.times[ch.times.length - 1]);
  return latest;
}

function countInside(times: Float32Array, start: number, end: number): number {
  let n = 0;
  for (const t of times) if (t >= start && t <= end + END_TOLERANCE) n++;
  return n;
}

/** The channel with keys in [start, end] and, where keys were cut, one sampled at the cut; or the channel itself. */
function cutChannel(ch: AnimationChannel, start: number, end: number): AnimationChannel {
  const { times } = ch;
  const n = times.length;
  // Unsorted or non-finite times are writeAnimations' to clean (GLTF_KEYS_DROPPED).
  for (let i = 0; i < n; i++) if (!Number.isFinite(times[i]) || (i && times[i] < times[i - 1])) return ch;
  if (n === 0 || (times[0] >= start && times[n - 1] <= end + END_TOLERANCE)) return ch;
  const cubic = ch.interpolation === 'CUBICSPLINE';
  const stride = ch.values.length / n;
  const size = cubic ? stride / 3 : stride;
  // Values that do not match the keys are writeAnimations' to refuse (GLTF_CHANNEL_SKIPPED).
  const expected = ch.path === 'rotation' ? 4 : ch.path === 'weights' ? size : 3;
  if (!Number.isInteger(size) || size < 1 || size !== expected) return ch;
  const outTimes: number[] = [];
  const outValues: number[] = [];
  const keyAt = (t: number) => {
    outTimes.push(t);
    const value = sampleChannel(ch, t, new Float32Array(size));
    if (!cubic) outValues.push(...value);
    else {
      const slope = cubicSlope(ch, t, size);
      outValues.push(...slope, ...value, ...slope);
    }
  };
  if (times[0] < start) keyAt(start);
  for (let i = 0; i < n; i++) {
    if (times[i] < start || times[i] > end + END_TOLERANCE) continue;
    if (outTimes.length && times[i] <= outTimes[outTimes.length - 1]) continue;
    outTimes.push(times[i]);
    for (let k = 0; k < stride; k++) outValues.push(ch.values[i * stride + k]);
  }
  if (times[n - 1] > end + END_TOLERANCE && (!outTimes.length || outTimes[outTimes.length - 1] < end)) keyAt(end);
  return { ...ch, times: new Float32Array(outTimes), values: new Float32Array(outValues) };
}

/** d(value)/d(time) of a CUBICSPLINE channel at `t`, so a key inserted there keeps the curve exact. */
function cubicSlope(ch: AnimationChannel, t: number, size: number): Float32Array {
  const { times, values } = ch;
  const slope = new Float32Array(size);
  let i = 0;
  while (i + 2 < times.length && times[i + 1] <= t) i++;
  if (i + 1 >= times.length || t <= times[0] || t >= times[times.length - 1]) return slope;
  const dt = times[i + 1] - times[i];
  const s = (t - times[i]) / dt;
  const d00 = 6 * s * s - 6 * s, d10 = 3 * s * s - 4 * s + 1, d01 = -6 * s * s + 6 * s, d11 = 3 * s * s - 2 * s;
  const at = (k: number, part: number) => (k * 3 + part) * size;
  for (let c = 0; c < size; c++) {
    const p0 = values[at(i, 1) + c], m0 = values[at(i, 2) + c], p1 = values[at(i + 1, 1) + c], m1 = values[at(i + 1, 0) + c];
    slope[c] = (d00 * p0 + d01 * p1) / dt + d10 * m0 + d11 * m1;
  }
  return slope;
}
