import type { AnimationClip, Scene, WarningSink } from '@relic3d/core';

/**
 * The one animation range of an ASE file (`*SCENE`): clips are laid end to end on it, each keyed
 * at every frame. Frame rate: the option, else the ASE scene's own, else the first common rate at
 * whose whole frames every key of every clip falls (30 when none does, warned).
 */
export interface Timeline {
  fps: number;
  ticksPerFrame: number;
  firstFrame: number;
  lastFrame: number;
  clips: { clip: AnimationClip; startFrame: number; frames: number }[];
  /** `*SCENE_FILENAME`: the reader names its clip after it. */
  filename: string;
}

const RATES = [30, 25, 24, 60, 50, 48, 120, 100, 15, 20, 10, 12, 8, 5, 1];

const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
const integer = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** Clip names come back from the file name without its extension (`default` for none). */
const clipNameOf = (filename: string) => filename.replace(/\.[^.\\/]*$/, '') || 'default';

function keyedAt(clips: AnimationClip[], fps: number): boolean {
  const fits = (t: number) => Math.abs(t * fps - Math.round(t * fps)) < 1e-3;
  return clips.every((c) => fits(c.duration) && c.channels.every((ch) => ch.times.every(fits)));
}

export function planTimeline(scene: Scene, frameRate: number | undefined, baseName: string, sink: WarningSink): Timeline {
  const x = scene.extras;
  const fromAse = scene.format === 'ase';
  const clips = scene.animations.filter((c) => c.channels.length);
  let fps = positive(frameRate) ?? (fromAse ? positive(x.frameSpeed) : undefined);
  if (fps === undefined) {
    fps = RATES.find((r) => keyedAt(clips, r));
    if (fps === undefined) {
      fps = 30;
      sink.warn('ASE_WRITE_RESAMPLED', 'clip keys fall between the frames of every common frame rate; sampled at every frame of 30 fps');
    }
  }
  fps = Math.round(fps) || 30;
  const ticksPerFrame = (fromAse ? integer(x.ticksPerFrame) : undefined) ?? 160;
  const sceneFilename = typeof x.sceneFilename === 'string' ? x.sceneFilename : undefined;
  const firstFrame = clips.length <= 1 && fromAse ? (integer(x.firstFrame) ?? 0) : 0;
  const planned: Timeline['clips'] = [];
  let start = firstFrame;
  for (const clip of clips) {
    const frames = Math.max(0, Math.ceil((Number.isFinite(clip.duration) ? clip.duration : 0) * fps - 1e-6));
    planned.push({ clip, startFrame: start, frames });
    start += frames + 1;
  }
  if (scene.animations.length > clips.length) {
    sink.warn('ASE_WRITE_EMPTY_CLIP', `${scene.animations.length - clips.length} clips have no channels; the file cannot hold an empty clip`);
  }
  let filename = sceneFilename ?? '';
  let lastFrame = fromAse ? (integer(x.lastFrame) ?? 100) : 100;
  if (planned.length === 1) {
    const name = planned[0].clip.name;
    if (sceneFilename === undefined || clipNameOf(sceneFilename) !== name) filename = name === 'default' ? '' : `${name}.max`;
    lastFrame = firstFrame + planned[0].frames;
  } else if (planned.length > 1) {
    const ranges = planned.map((p) => `"${p.clip.name}" ${p.startFrame}-${p.startFrame + p.frames}`).join(', ');
    sink.warn('ASE_WRITE_CLIPS_MERGED', `${planned.length} clips; an ASE file has one animation range: written one after another on it (frames ${ranges})`);
    filename = `${baseName}.max`;
    lastFrame = start - 1;
  }
  return { fps, ticksPerFrame, firstFrame, lastFrame, clips: planned, filename };
}

/** The clip ranges of a merged timeline, for the file's comment. */
export function clipRanges(t: Timeline): string {
  return t.clips.length > 1 ? ` | clips: ${t.clips.map((p) => `${p.clip.name} ${p.startFrame}-${p.startFrame + p.frames}`).join(', ')}` : '';
}
