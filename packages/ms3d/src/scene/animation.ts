import type { AnimationChannel, AnimationClip, Extras, WarningSink } from '@relic3d/core';
import type { Ms3dFile, Ms3dParseOptions } from '../file.js';
import { jointChannels } from './channels.js';

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
  for (let j = 0; j < file.joints.length; j++) {
    for (const channel of jointChannels(file.joints[j], j, jointBase + j, positionInterpolation, sink, notFinite)) channels.push(channel);
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
