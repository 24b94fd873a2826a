import { checkBudget, type AnimationClip, type Scene, type WarningSink } from '@relic3d/core';

/**
 * The one animation range of an ASE file (`*SCENE`): clips are laid end to end on it, each keyed
 * at every frame. Frame rate: the option, else the ASE scene's own, else the first common rate at
 * whose whole frames every key of every clip falls (30 when none does, warned).
 */
export interface Timeline {
  fps: number;
  ticksPerFrame: number;
  /** Frames between samples (Max's key frame step): more than 1 when every key is LINEAR and on that grid. */
  step: number;
  firstFrame: number;
  lastFrame: number;
  /** Clips end to end on the sample grid; a clip's samples are its frames 0, step, 2·step … ≤ `frames`. */
  clips: { clip: AnimationClip; startFrame: number; frames: number }[];
  /** Absolute frame of every sample of the timeline. */
  samples: Int32Array;
  /** `*SCENE_FILENAME`: the reader names its clip after it. */
  filename: string;
}

const RATES = [30, 25, 24, 60, 50, 48, 120, 100, 15, 20, 10, 12, 8, 5, 1];

const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
const integer = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** Clip names come back from the file name without its extension (`default` for none). */
const clipNameOf = (filename: string) => filename.replace(/\.[^.\\/]*$/, '') || 'default';

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** The sampling step in frames: the common divisor of every key frame and clip length (1 unless every channel is LINEAR). */
function sampleStep(clips: AnimationClip[], fps: number): number {
  if (!clips.every((c) => c.channels.every((ch) => ch.interpolation === 'LINEAR'))) return 1;
  let step = 0;
  for (const c of clips) {
    // Clip ends need not be on the grid: past the last key the value holds, as Max's samples do.
    for (const ch of c.channels) for (const t of ch.times) step = gcd(step, Math.round(t * fps));
    if (step === 1) return 1;
  }
  return Math.max(1, Math.min(step, 100));
}

function keyedAt(clips: AnimationClip[], fps: number): boolean {
  const fits = (t: number) => Math.abs(t * fps - Math.round(t * fps)) < 1e-3;
  return clips.every((c) => fits(c.duration) && c.channels.every((ch) => ch.times.every(fits)));
}

/**
 * Bytes one timeline sample costs per scene node: sampled TRS (float32 and the Max-local float64
 * copies) and about three sample lines of text.
 */
const SAMPLE_BYTES_PER_NODE = 40 + 80 + 160;

export function planTimeline(scene: Scene, frameRate: number | undefined, baseName: string, sink: WarningSink, budget: number): Timeline {
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
  const step = keyedAt(clips, fps) ? sampleStep(clips, fps) : 1;
  const planned: Timeline['clips'] = [];
  let start = firstFrame;
  let total = 0;
  for (const clip of clips) {
    // A float32 duration may lie a hair past a whole frame: that is no frame more.
    const frames = Math.max(0, Math.ceil((Number.isFinite(clip.duration) ? clip.duration : 0) * fps - 1e-3));
    planned.push({ clip, startFrame: start, frames });
    total += Math.floor(frames / step) + 1;
    start += (Math.floor(frames / step) + 1) * step;
  }
  // Every sample is a frame of every clip end to end: refused before one is made when too many.
  const bytes = total * Math.max(1, scene.nodes.length) * SAMPLE_BYTES_PER_NODE;
  checkBudget('ase', `timeline samples (${total} at ${fps} fps, step ${step}, × ${scene.nodes.length} nodes)`, bytes, budget);
  const samples = new Int32Array(total);
  let at = 0;
  for (const p of planned) for (let f = 0; f <= p.frames; f += step) samples[at++] = p.startFrame + f;
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
    lastFrame = planned[planned.length - 1].startFrame + planned[planned.length - 1].frames;
  }
  return { fps, ticksPerFrame, step, firstFrame, lastFrame, clips: planned, samples, filename };
}

/** The clip ranges of a merged timeline, for the file's comment. */
export function clipRanges(t: Timeline): string {
  return t.clips.length > 1 ? ` | clips: ${t.clips.map((p) => `'${p.clip.name}' ${p.startFrame}-${p.startFrame + p.frames}`).join(', ')}` : '';
}
