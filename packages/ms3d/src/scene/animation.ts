import type { AnimationChannel, AnimationClip, Extras, WarningSink } from '@relic3d/core';
import type { Ms3dFile, Ms3dParseOptions } from '../file.js';
import { jointChannels } from './channels.js';
import type { KeyWindow } from './key-order.js';

/** The least margin past the declared end: totalFrames is often left at MilkShape's default 30. */
const MARGIN_SECONDS = 60;

/**
 * Keys later than this are far outside the declared timeline (totalFrames / fps): past its end by
 * more than its length and more than a minute (docs/formats/ms3d.md §5.4). Without a usable fps
 * there is no declared timeline and only non-finite times are dropped.
 */
export function latestKeyTime(fps: number, totalFrames: number): number {
  if (!(fps > 0) || !Number.isFinite(fps)) return Infinity;
  const end = Math.max(0, totalFrames) / fps;
  return end + Math.max(end, MARGIN_SECONDS);
}

/** One clip per file: every joint's keys (undefined when no joint has keys). */
export function buildAnimation(
  file: Ms3dFile,
  jointBase: number,
  name: string | undefined,
  options: Ms3dParseOptions,
  sink: WarningSink,
): AnimationClip | undefined {
  const positionInterpolation =
    options.positionInterpolation === 'step' ? 'STEP' : options.positionInterpolation === 'hermite' ? 'CUBICSPLINE' : 'LINEAR';
  const channels: AnimationChannel[] = [];
  // jointChannels scrubs non-finite translations (rotations are unit quaternions of finite values).
  const notFinite = { count: 0 };
  const window: KeyWindow = { latest: latestKeyTime(file.animationFps, file.totalFrames), outside: 0 };
  for (let j = 0; j < file.joints.length; j++) {
    for (const channel of jointChannels(file.joints[j], j, jointBase + j, positionInterpolation, sink, notFinite, window)) channels.push(channel);
  }
  if (window.outside) {
    sink.warn('MS3D_KEY_OUTSIDE_TIMELINE', `${window.outside} keys lie after ${window.latest} s, far past the file's timeline (${file.totalFrames} frames at ${file.animationFps} fps); left out of the clip`);
  }
  if (!channels.length) return undefined;
  let duration = 0;
  const bad = notFinite.count;
  for (const c of channels) duration = Math.max(duration, c.times[c.times.length - 1]);
  if (bad) sink.warn('MS3D_NOT_FINITE', `${bad} non-finite key values were set to 0`);
  const fps = file.animationFps;
  const extras: Extras = { fps, totalFrames: file.totalFrames, currentTime: file.currentTime };
  if (fps > 0 && Number.isFinite(fps)) extras.editorDuration = file.totalFrames / fps;
  return { name: name ?? 'ms3d', duration, channels, extras };
}
