/**
 * Which clip goes where (docs/formats/o3d.md §2.5, §4, §5.5): an O3D has one clip of its own (its
 * frames: per-object TM keys, and the embedded skeleton's motion), and a skeleton gets one `.ani`
 * per clip. Key timing: one key per frame at 60 × perSlerp frames per second (§5.6).
 */
import type { AnimationClip, Scene } from '@relic3d/core';
import { plural, type WriteContext } from './context.js';
import type { Bones } from './skeleton.js';

/** Flyff's frame rate: perSlerp 0.5 at the client's 60 Hz tick. */
export const FLYFF_FPS = 30;
const CLIENT_TICK_HZ = 60;

export interface ClipTiming {
  clip: AnimationClip;
  frames: number;
  /** Frames per second: exactly `(frames − 1) / duration`, so the clip keeps its length. */
  fps: number;
  perSlerp: number;
}

export interface ClipAssignment {
  /** The O3D's own clip (TM keys of objects; the embedded skeleton's motion). */
  frame?: ClipTiming;
  /** Clips written as `.ani` motions of the skeleton. */
  motions: ClipTiming[];
  /** Whether the skeleton goes into the O3D (an embedded skeleton) instead of a `.chr`. */
  embeddedSkeleton: boolean;
}

/** Highest key rate looked for when keys lie on a grid. */
const MAX_GRID_FPS = 240;

/**
 * A clip's frames: an O3D clip keeps its own frame count and perSlerp. Linear keys on a grid of
 * whole frames per second (24 fps keys of a MilkShape model) keep that grid, 30 when it divides 30,
 * so every key is a frame and the client's interpolation between them is the source's. Any other
 * clip is sampled at 30 frames per second or a little less, so that its last frame is its end.
 */
export function clipTiming(clip: AnimationClip): ClipTiming {
  const duration = Number.isFinite(clip.duration) && clip.duration > 0 ? clip.duration : 0;
  const e = clip.extras ?? {};
  const frameCount = e.frameCount, perSlerp = e.perSlerp;
  if (typeof frameCount === 'number' && typeof perSlerp === 'number' && Number.isInteger(frameCount) && frameCount >= 1 && perSlerp > 0) {
    const fps = CLIENT_TICK_HZ * perSlerp;
    if (Math.abs((frameCount - 1) / fps - duration) < 1e-5) return { clip, frames: frameCount, fps, perSlerp };
  }
  const grid = keyGrid(clip, duration);
  const rate = grid !== undefined ? (FLYFF_FPS % grid === 0 ? FLYFF_FPS : grid) : FLYFF_FPS;
  const frames = Math.max(1, Math.ceil(duration * rate - 1e-4) + 1);
  const fps = frames > 1 ? (frames - 1) / duration : FLYFF_FPS;
  return { clip, frames, fps, perSlerp: fps / CLIENT_TICK_HZ };
}

/** The smallest whole frame rate on which every key time and the end of a linear clip fall, if any. */
function keyGrid(clip: AnimationClip, duration: number): number | undefined {
  if (!duration || clip.channels.some((c) => c.interpolation !== 'LINEAR')) return undefined;
  const times = new Set<number>([duration]);
  for (const c of clip.channels) for (const t of c.times) times.add(t);
  const list = [...times];
  for (let g = 1; g <= MAX_GRID_FPS; g++) if (list.every((t) => Math.abs(t * g - Math.round(t * g)) < 1e-3)) return g;
  return undefined;
}

/** Nodes whose motion moves a bone: the bones, their followers and every ancestor of them. */
export function boneDrivers(scene: Scene, bones: Bones | undefined): Set<number> {
  const out = new Set<number>();
  if (!bones) return out;
  for (const node of [...bones.byNode.keys(), ...bones.shearNodes]) {
    for (let p = node, guard = 0; p >= 0 && p < scene.nodes.length && !out.has(p) && guard <= scene.nodes.length; p = scene.nodes[p].parent, guard++) out.add(p);
  }
  return out;
}

/** Nodes whose motion moves an object against its O3D parent: the object and its ancestors up to that parent. */
export function objectDrivers(scene: Scene, objectNodes: Iterable<number>, bones: Bones | undefined): Set<number> {
  const objects = new Set(objectNodes);
  const out = new Set<number>();
  for (const node of objects) {
    out.add(node);
    for (let p = scene.nodes[node].parent, guard = 0; p >= 0 && p < scene.nodes.length && guard <= scene.nodes.length; p = scene.nodes[p].parent, guard++) {
      if (objects.has(p) || bones?.byNode.has(p) || bones?.shearNodes.has(p)) break;
      out.add(p);
    }
  }
  return out;
}

/** Whether a channel of `clip` moves one of `nodes`. A loop: a closure made per call was compiled again after every full GC. */
function drives(clip: AnimationClip, nodes: Set<number>): boolean {
  for (const c of clip.channels) if (c.path !== 'weights' && c.times.length > 0 && nodes.has(c.node)) return true;
  return false;
}

/**
 * The O3D's own clip is the one named `embedded` (the reader's name for it), else the first that
 * moves an object; the skeleton is embedded when the scene says so (an O3D with its own bones) or
 * when that clip also moves bones. Every other clip that moves bones becomes an `.ani`.
 */
export function assignClips(ctx: WriteContext, bones: Bones | undefined, objectNodes: number[]): ClipAssignment {
  const { scene, sink } = ctx;
  const boneSet = boneDrivers(scene, bones);
  const objectSet = objectDrivers(scene, objectNodes, bones);
  const clips = scene.animations;
  const frameClip = clips.find((c) => c.name === 'embedded') ?? clips.find((c) => drives(c, objectSet));
  const embeddedBefore = (scene.extras.skeleton as { embedded?: unknown } | undefined)?.embedded === true;
  const embeddedSkeleton = !!bones && (embeddedBefore || (!!frameClip && drives(frameClip, boneSet)));
  const motions: ClipTiming[] = [];
  const dropped: string[] = [];
  const objectMotion: string[] = [];
  for (const clip of clips) {
    if (clip === frameClip) continue;
    if (bones && drives(clip, boneSet)) motions.push(clipTiming(clip));
    else dropped.push(clip.name);
    if (drives(clip, objectSet)) objectMotion.push(clip.name);
  }
  if (dropped.length) {
    sink.warn('O3D_WRITE_CLIP_DROPPED', `${plural(dropped.length, 'clip')} move no bone of the skeleton and the O3D holds one clip of object motion (${frameClip ? `"${frameClip.name}"` : 'none'}): ${dropped.map((n) => `"${n}"`).join(', ')} not written`);
  }
  if (objectMotion.length) {
    sink.warn('O3D_WRITE_OBJECT_MOTION', `only one clip can move objects (the O3D's own frames, here "${frameClip!.name}"); the object motion of ${objectMotion.map((n) => `"${n}"`).join(', ')} is not kept (objects attached to bones still follow them)`);
  }
  const stepped = [...(frameClip ? [frameClip] : []), ...motions.map((m) => m.clip)].filter((c) => c.channels.some((ch) => ch.interpolation === 'STEP' && ch.times.length > 1));
  if (stepped.length) {
    sink.warn('O3D_WRITE_STEP_KEYS', `Flyff interpolates between frames: the steps of ${stepped.map((c) => `"${c.name}"`).join(', ')} are kept at every frame and take one frame (1/30 s) to happen`);
  }
  if (frameClip && frameClip.name !== 'embedded') {
    sink.warn('O3D_WRITE_CLIP_NAME', `clip "${frameClip.name}" becomes the O3D's own frames, which have no name: it reads back as "embedded"`);
  }
  return { ...(frameClip ? { frame: clipTiming(frameClip) } : {}), motions, embeddedSkeleton };
}
