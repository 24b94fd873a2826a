// Key timing: ANM1 keys every frame, AnimInterval whole milliseconds apart (docs/formats/lod.md §4.3, §8.4).
import type { AnimationClip } from '@relic3d/core';
import { record, num } from './context.js';

/**
 * Longest frame step of a resampled clip: frames between the source's keys cut its corners by
 * up to (change of speed × step / 4), so resampling is finer than GLScene's usual 30 frames/s.
 */
export const RESAMPLE_STEP_MS = 16;
/** AnimInterval is an Integer. */
const MAX_INTERVAL_MS = 0x7fffffff;
/** AnimInterval of a one-frame clip (the bind pose, a still pose). */
export const STILL_INTERVAL_MS = 100;

export interface ClipTiming {
  /** AnimInterval, whole milliseconds. */
  intervalMs: number;
  /** Frames written (FramesCnt). */
  frames: number;
  /** Scene time of frame k, seconds (the frames span the clip evenly). */
  timeOf(frame: number): number;
}

/**
 * Frames spread evenly over the clip; `onKeys` when they fall on the clip's own keys, which are
 * float32 times (k × step rounded): sampling at exactly those keeps the keys' values.
 */
function evenly(durationS: number, segments: number, intervalMs: number, onKeys = false): ClipTiming {
  const timeOf = (k: number) => (onKeys ? Math.fround((k * intervalMs) / 1000) : segments ? (k * durationS) / segments : 0);
  return { intervalMs, frames: segments + 1, timeOf };
}

/** The smallest gap between key times of the clip's TRS channels (seconds), or undefined. */
function smallestKeyStep(clip: AnimationClip): number | undefined {
  let step = Infinity;
  for (const c of clip.channels) {
    if (c.path === 'weights') continue;
    for (let k = 1; k < c.times.length; k++) {
      const d = c.times[k] - c.times[k - 1];
      if (d > 1e-6 && d < step) step = d;
    }
  }
  return Number.isFinite(step) ? step : undefined;
}

/** Whether every TRS key time is a whole multiple of `stepS` (keys on one grid). */
function keysOnGrid(clip: AnimationClip, stepS: number): boolean {
  return clip.channels.every((c) => c.path === 'weights' || Array.from(c.times).every((t) => Math.abs(t / stepS - Math.round(t / stepS)) < 1e-3));
}

/**
 * Frames and interval for a clip. A clip read from a `.lod` keeps its own (extras.interval and
 * frameCount); keys on a whole-millisecond grid keep their grid. Anything else is resampled at
 * most every half key step (at most 16 ms), with a whole-millisecond interval that makes
 * frames × interval equal the duration within 0.5 ms, preferring a frame count divisible by 4
 * (25, 50 and 75 % of the clip then fall on frames), and using at most 4× the frames of the
 * longest step (or 1,024 frames). When no interval fits, the closest is used and `durationError`
 * says by how much (seconds).
 */
export function clipTiming(clip: AnimationClip): ClipTiming & { durationError: number } {
  const extras = record(clip.extras);
  const duration = Number.isFinite(clip.duration) && clip.duration > 0 ? clip.duration : 0;
  const ms = duration * 1000;
  const exact = (t: ClipTiming) => ({ ...t, durationError: 0 });
  const storedInterval = Math.round(num(extras?.interval, 0));
  if (ms === 0) return exact(evenly(0, 0, storedInterval > 0 ? storedInterval : STILL_INTERVAL_MS));
  const storedFrames = num(extras?.frameCount, 0);
  if (storedInterval > 0 && storedInterval <= MAX_INTERVAL_MS && Number.isInteger(storedFrames) && storedFrames > 1 && Math.abs((storedFrames - 1) * storedInterval - ms) <= 0.5) {
    return exact(evenly(duration, storedFrames - 1, storedInterval, true));
  }
  const step = smallestKeyStep(clip);
  const stepMs = step !== undefined ? step * 1000 : undefined;
  if (stepMs !== undefined && Math.abs(stepMs - Math.round(stepMs)) < 1e-3 && Math.round(stepMs) >= 1 && stepMs <= MAX_INTERVAL_MS && keysOnGrid(clip, step!)) {
    const segments = Math.round(ms / Math.round(stepMs));
    if (Math.abs(segments * Math.round(stepMs) - ms) <= 0.5) return exact(evenly(duration, segments, Math.round(stepMs), true));
  }
  const most = Math.max(1, Math.min(RESAMPLE_STEP_MS, stepMs !== undefined ? Math.floor(stepMs / 2) : RESAMPLE_STEP_MS));
  // Short clips may take 1 ms frames for an exact duration; long ones at most 4× the longest step's frames.
  const budget = Math.max(1024, (4 * ms) / most);
  const fits = (interval: number) => Math.abs(Math.max(1, Math.round(ms / interval)) * interval - ms);
  for (const quarters of [true, false]) {
    for (let interval = most; interval >= 1 && ms / interval <= budget; interval--) {
      const segments = Math.round(ms / interval);
      if (segments >= 1 && fits(interval) <= 0.5 && (!quarters || segments % 4 === 0)) return exact(evenly(duration, segments, interval));
    }
  }
  let best = most;
  for (let interval = most; interval >= 1 && ms / interval <= budget; interval--) if (fits(interval) < fits(best)) best = interval;
  const segments = Math.max(1, Math.round(ms / best));
  return { ...evenly(duration, segments, best), durationError: (segments * best - ms) / 1000 };
}
