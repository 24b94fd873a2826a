// MS3D has one timeline (docs/formats/ms3d.md §2.6, §5.4): key times in seconds, an fps and an
// editor frame range. One clip is written as it is; several are laid end to end, one frame apart,
// and their frame ranges go into the model comment as `clip=<first frame>,<last frame>,<name>`
// lines (by convention, MS3D "actions" are frame ranges agreed outside the file).
import { WriteError, type AnimationClip, type Scene, type WarningSink } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { extraInt, extraNumber } from './extras.js';

export interface ClipSpan {
  clip: AnimationClip;
  /** Where the clip starts on the timeline, seconds. */
  start: number;
  /** Seconds: the clip's duration, or its last key when that is later. */
  duration: number;
}

export interface Timeline {
  fps: number;
  spans: ClipSpan[];
  totalFrames: number;
  currentTime: number;
}

/** Model-comment lines naming the clip ranges; a re-write replaces them. */
export const CLIP_LINE = /^clip=.*$/;

/** iTotalFrames is an int32 (docs/formats/ms3d.md §2.6). */
const MAX_TOTAL_FRAMES = 0x7fffffff;

const FPS_GUESSES = [30, 24, 25, 60, 15, 50, 48, 12, 120];

const positive = (v: number | undefined) => (v !== undefined && v > 0 ? v : undefined);

function lastKey(clip: AnimationClip): number {
  let last = 0;
  for (const c of clip.channels) if (c.path !== 'weights' && c.times.length) last = Math.max(last, c.times[c.times.length - 1]);
  return Number.isFinite(last) ? last : 0;
}

/** The first usual rate on which every key time falls on a whole frame (30 when none does). */
function guessFps(clips: AnimationClip[]): number {
  const times: number[] = [];
  for (const clip of clips) for (const c of clip.channels) for (let i = 0; i < c.times.length && times.length < 20000; i++) times.push(c.times[i]);
  return FPS_GUESSES.find((fps) => times.every((t) => Math.abs(t * fps - Math.round(t * fps)) <= 1e-3)) ?? 30;
}

export function planTimeline(scene: Scene, fpsOption: number | undefined, modelName: string, sink: WarningSink): Timeline {
  const clips = scene.animations.filter((clip) => {
    const moves = clip.channels.some((c) => c.path !== 'weights' && c.times.length > 0 && c.node >= 0 && c.node < scene.nodes.length);
    if (!moves) sink.warn('MS3D_WRITE_CLIP_DROPPED', `clip "${clip.name}" moves no node (morph weights or nothing); MS3D cannot hold it`);
    else if (clip.channels.some((c) => c.path === 'weights')) sink.warn('MS3D_WRITE_MORPHS', `clip "${clip.name}": morph weight keys are not written (MS3D has no morph targets)`);
    return moves;
  });
  const first = clips[0];
  const fps =
    positive(fpsOption !== undefined && Number.isFinite(fpsOption) ? fpsOption : undefined) ??
    positive(first && extraNumber(first.extras, 'fps')) ??
    positive(extraNumber(scene.extras, 'animationFps')) ??
    (clips.length ? guessFps(clips) : 24);
  const frames = (seconds: number) => Math.ceil(seconds * fps - 1e-6);

  const spans: ClipSpan[] = [];
  let start = 0;
  for (const clip of clips) {
    const duration = Math.max(Number.isFinite(clip.duration) && clip.duration > 0 ? clip.duration : 0, lastKey(clip));
    spans.push({ clip, start, duration });
    start = (frames(start + duration) + 1) / fps;
  }

  const end = spans.length ? spans[spans.length - 1].start + spans[spans.length - 1].duration : 0;
  // iTotalFrames is an int32: a span longer than that many frames (a key 10⁹ s away) cannot be held.
  if (!(frames(end) <= MAX_TOTAL_FRAMES)) {
    throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit: `timeline frames (${end} s at ${fps} fps)`, value: frames(end), max: MAX_TOTAL_FRAMES });
  }
  const stored = first && spans.length === 1 && extraNumber(first.extras, 'fps') === fps ? extraInt(first.extras, 'totalFrames', 0, 0x7fffffff) : undefined;
  const totalFrames = spans.length ? stored ?? Math.max(1, frames(end)) : extraInt(scene.extras, 'totalFrames', 0, 0x7fffffff) ?? 30;
  const currentTime = (first && extraNumber(first.extras, 'currentTime')) ?? extraNumber(scene.extras, 'currentTime') ?? 1;

  if (spans.length > 1) {
    const ranges = spans.map((s) => `"${s.clip.name}" ${frameText(s.start * fps)}–${frameText((s.start + s.duration) * fps)}`).join(', ');
    sink.warn('MS3D_WRITE_CLIPS_JOINED', `${spans.length} clips joined on MS3D's one timeline at ${fps} fps: ${ranges} (frame ranges in the model comment as clip= lines)`);
  } else if (first && first.name !== modelName) {
    sink.warn('MS3D_WRITE_CLIP_NAME', `MS3D has one unnamed timeline: clip "${first.name}" reads back named after the file ("${modelName}"); its name is in the model comment`);
  }
  return { fps, spans, totalFrames, currentTime };
}

/** A frame number for the model comment: up to 4 decimals, no trailing zeros. */
export function frameText(frame: number): string {
  return String(Math.round(frame * 1e4) / 1e4);
}

/**
 * The model comment: the scene's own, with one clip line per clip when they say something the file
 * does not (several clips, or a clip not named after the file); its old clip lines are then
 * replaced. A read MS3D written again keeps its comment as it was.
 */
export function modelComment(stored: string | undefined, timeline: Timeline, modelName: string): string | undefined {
  const spans = timeline.spans;
  if (spans.length === 0 || (spans.length === 1 && spans[0].clip.name === modelName)) return stored;
  const lines = (stored ?? '').split(/\r?\n/);
  const kept = lines.filter((line) => !CLIP_LINE.test(line));
  let text = kept.join('\r\n');
  if (stored !== undefined && kept.length === lines.length) text = stored;
  const clipLines = spans.map((s) => `clip=${frameText(s.start * timeline.fps)},${frameText((s.start + s.duration) * timeline.fps)},${s.clip.name.replace(/[\r\n]+/g, ' ')}`);
  if (text && !/\r?\n$/.test(text)) text += '\r\n';
  return `${text}${clipLines.join('\r\n')}\r\n`;
}
