/**
 * What each motion gives each bone, as the client computes it (CMotion::AnimateBone,
 * docs/formats/o3d.md §5.2): a plan per clip, made before the skeleton's nodes, since a bone whose
 * local matrix some clip cannot give as TRS gets a shear node.
 */
import { motionMarkers } from './markers.js';
import { isTRS, math, mirrorZ } from '@relic3d/core';
import type { AniFile, MotionAttribute, MotionBody } from '../file.js';
import { KEY_FLOATS } from '../read/layout.js';
import { convertMatrix, convertVec3 } from './axes.js';
import type { BuildContext } from './context.js';
import { IDENTITY, finiteKeys, finiteMatrix, finitePath } from './finite.js';
import { UNIT_TOLERANCE, clientKeyRow, invert, rowMultiply } from './pose.js';

/** Updates per second of the client's process loop; frames per second = 60 × perSlerp (docs/formats/o3d.md §5.6). */
const CLIENT_TICK_HZ = 60;
/** Frame rates outside this range give key times a float cannot hold apart (or at all). */
const MIN_FPS = 1e-3;
const MAX_FPS = 1e6;
/** At most this many skipped motions or moved bones are named in a warning. */
const NAMED = 8;

/** What a clip gives one bone. */
export type Track =
  /** Unit-quaternion keys under the skeleton's own parent: channels straight from the keys. */
  | { kind: 'keys'; keys: Float32Array; norms?: Float64Array }
  /** One constant local matrix (converted). */
  | { kind: 'constant'; matrix: Float32Array }
  /** The client's local matrix at each evaluated frame (scene space), where keys cannot be used as they are. */
  | { kind: 'matrices'; matrices: Float64Array };

export interface ClipPlan {
  name: string;
  frameCount: number;
  fps: number;
  perSlerp: number;
  extras: Record<string, unknown>;
  tracks: Track[];
  /** Frames a 'matrices' track holds: every frame when some bone has keys, else one. */
  frames: number;
  /** Bones whose keys have non-unit quaternions, with their raw keys (for the error report). */
  nonUnit: { bone: number; keys: Float32Array; count: number; min: number; max: number }[];
}

/** Frames per second of a perSlerp; one that gives no usable key times is replaced (a warning when there are frames). */
export function clipFps(ctx: BuildContext, perSlerp: number, frameCount: number, what: string): number {
  const fps = CLIENT_TICK_HZ * perSlerp;
  if (Number.isFinite(perSlerp) && fps >= MIN_FPS && fps <= MAX_FPS) return fps;
  if (frameCount > 1) ctx.sink.warn('O3D_PER_SLERP', `${what} advances ${perSlerp} frames per tick, which gives no usable key times; 0.5 (30 frames per second) is used`);
  return CLIENT_TICK_HZ * 0.5;
}

/** The flagged frame attributes (hit, sound, quake) with their frame index. */
export function attributeExtras(attributes: MotionAttribute[]) {
  return attributes.flatMap((a, i) => (a.flags ? [{ index: i, frame: a.frame, flags: a.flags, soundId: a.soundId }] : []));
}

/** The plan of an `.ani`, or undefined (listed in `ctx.skipped`) when it does not fit the skeleton. */
export function planAni(ctx: BuildContext, name: string, ani: AniFile): ClipPlan | undefined {
  const skeleton = ctx.skeleton;
  if (!skeleton) {
    ctx.skipped.push(`'${name}' (no skeleton)`);
    return undefined;
  }
  const bones = ani.motion.bones;
  if (bones.length !== skeleton.names.length) {
    ctx.skipped.push(`'${name}' (${bones.length} bones)`);
    return undefined;
  }
  const renamed = bones.filter((b, i) => b.name.toLowerCase() !== skeleton.names[i].toLowerCase()).length;
  if (renamed) ctx.sink.warn('O3D_MOTION_BONE_NAMES', `motion '${name}': ${renamed} bone names differ from the skeleton's; bones are matched by index`);
  const fps = clipFps(ctx, ani.perSlerp, ani.frameCount, `motion '${name}'`);
  const extras: Record<string, unknown> = { id: ani.id };
  if (ani.path) extras.rootPath = Array.from(finitePath(ctx, mirrorZ(ani.path)));
  if (ani.events.length) extras.events = ani.events.map(convertVec3);
  const flagged = attributeExtras(ani.attributes);
  if (flagged.length) extras.attributes = flagged;
  const markers = motionMarkers(ani.attributes, fps);
  if (markers.length) extras.markers = markers;
  return planMotion(ctx, name, ani.motion, ani.frameCount, ani.perSlerp, fps, extras);
}

/** One warning naming the motions that did not fit. */
export function reportSkipped(ctx: BuildContext): void {
  const n = ctx.skipped.length;
  if (!n) return;
  const bones = ctx.skeleton ? `the skeleton has ${ctx.skeleton.names.length} bones` : 'there is no skeleton';
  const named = ctx.skipped.slice(0, NAMED).join(', ') + (n > NAMED ? ` and ${n - NAMED} more` : '');
  ctx.sink.warn('O3D_MOTION_SKIPPED', `${n} of ${ctx.companions.motions.length} motions do not fit (${bones}); skipped: ${named}`);
}

/**
 * Keys are used as they are unless their quaternions are not unit (D3DX does not normalise) or the
 * motion parents the bone elsewhere than the skeleton (the client follows the motion's parents);
 * then the client's local matrix relative to the skeleton parent is computed per frame. A bone
 * whose matrices are not TRS gets a shear node.
 */
export function planMotion(ctx: BuildContext, name: string, motion: MotionBody, frameCount: number, perSlerp: number, fps: number, extras: Record<string, unknown>): ClipPlan {
  const skeleton = ctx.skeleton!;
  const n = skeleton.names.length;
  const keyed = motion.tracks.some((t) => t.keys);
  // A clip of constant matrices has one pose, whatever its stored frame count.
  const frames = keyed ? frameCount : 1;
  const tracks: Track[] = [];
  for (let i = 0; i < n; i++) {
    const track = motion.tracks[i];
    tracks.push(track?.keys ? { kind: 'keys', keys: finiteKeys(ctx, track.keys, frameCount) } : { kind: 'constant', matrix: finiteMatrix(ctx, convertMatrix(track?.matrix ?? IDENTITY)) });
  }
  const plan: ClipPlan = { name, frameCount, fps, perSlerp, extras, tracks, frames, nonUnit: [] };
  // The client's local of bone i at frame f (D3D rows), from the scrubbed keys or matrix.
  const sources = tracks.slice();
  const clientLocal = (i: number, f: number, out: Float64Array) => {
    const source = sources[i];
    return source.kind === 'keys' ? clientKeyRow(source.keys, f * KEY_FLOATS, out) : source.kind === 'constant' ? convertMatrix(source.matrix, out) : out;
  };

  // Non-unit quaternions: the client's matrices, key by key.
  // Each key's length is kept for its channel (keyChannels normalises by it).
  tracks.forEach((track, i) => {
    if (track.kind !== 'keys') return;
    let count = 0, min = Infinity, max = 0;
    const keys = track.keys;
    const norms = (track.norms = new Float64Array(frameCount));
    for (let f = 0, k = 0; f < frameCount; f++, k += KEY_FLOATS) {
      const x = keys[k], y = keys[k + 1], z = keys[k + 2], w = keys[k + 3];
      // hypot4 is Math.hypot on finite values without the variadic call.
      const s = x - x === 0 && y - y === 0 && z - z === 0 && w - w === 0 ? math.hypot4(x, y, z, w) : Math.hypot(x, y, z, w);
      norms[f] = s;
      if (Math.abs(s * s - 1) > UNIT_TOLERANCE) {
        count++;
        min = Math.min(min, s);
        max = Math.max(max, s);
      }
    }
    if (!count) return;
    plan.nonUnit.push({ bone: i, keys: track.keys, count, min, max });
    const matrices = new Float64Array(frameCount * 16);
    const row = new Float64Array(16);
    for (let f = 0; f < frameCount; f++) convertMatrix(clientKeyRow(track.keys, f * KEY_FLOATS, row), matrices.subarray(f * 16, f * 16 + 16));
    tracks[i] = { kind: 'matrices', matrices };
  });

  // Parents that differ from the skeleton's: re-expressed under the skeleton parent, frame by frame.
  const moved: string[] = [];
  const unusable: string[] = [];
  const parents = skeleton.parents.map((own, i) => {
    const theirs = motion.bones[i]?.parentIndex ?? own;
    if (theirs === own) return own;
    if (theirs === -1 || (theirs >= 0 && theirs < i)) {
      moved.push(`bone ${i} '${skeleton.names[i]}' (${theirs} in the motion, ${own} in the skeleton)`);
      return theirs;
    }
    // A parent that does not precede its bone reads a stale matrix in the client: not reproducible.
    if (skeleton.source === 'chr') unusable.push(`bone ${i} '${skeleton.names[i]}' (${theirs})`);
    return own;
  });
  if (moved.length) {
    reexpress(ctx, plan, parents, clientLocal);
    ctx.sink.warn(
      'O3D_MOTION_PARENT',
      `motion '${name}': ${moved.length} bones have other parents than in the skeleton: ${moved.slice(0, NAMED).join(', ')}${moved.length > NAMED ? ` and ${moved.length - NAMED} more` : ''}; the client animates with the motion's parents, so their keys are re-expressed under the skeleton's (equal at every frame)`,
    );
  }
  if (unusable.length) {
    ctx.sink.warn('O3D_MOTION_PARENT', `motion '${name}': ${unusable.join(', ')} name a parent that does not precede the bone (the client reads a stale matrix there); the skeleton's parent is used`);
  }

  // Matrices glTF cannot hold as TRS: the bone gets a shear node.
  tracks.forEach((track, i) => {
    if (track.kind === 'constant' && !isTRS(track.matrix)) skeleton.split.add(i);
    if (track.kind === 'matrices') {
      for (let f = 0; f * 16 < track.matrices.length; f++) {
        if (!isTRS(track.matrices.subarray(f * 16, f * 16 + 16))) {
          skeleton.split.add(i);
          break;
        }
      }
    }
  });
  return plan;
}

/**
 * The client's world matrices, frame by frame, with the motion's own parents (row vectors:
 * World = Local × Parent); bones parented elsewhere than in the skeleton then get, as local, their
 * world relative to the skeleton parent's world.
 */
function reexpress(ctx: BuildContext, plan: ClipPlan, parents: number[], clientLocal: (bone: number, frame: number, out: Float64Array) => Float64Array): void {
  const skeleton = ctx.skeleton!;
  const n = skeleton.names.length;
  const frames = plan.frames;
  const moved = parents.map((p, i) => p !== skeleton.parents[i]);
  const out = moved.map((m) => (m ? new Float64Array(frames * 16) : undefined));
  const worlds = Array.from({ length: n }, () => new Float64Array(16));
  const local = new Float64Array(16);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < n; i++) {
      clientLocal(i, f, local);
      if (parents[i] >= 0) rowMultiply(local, worlds[parents[i]], worlds[i]);
      else worlds[i].set(local);
    }
    for (let i = 0; i < n; i++) {
      if (!out[i]) continue;
      const p = skeleton.parents[i];
      const inverse = p >= 0 ? invert(worlds[p]) : undefined;
      const row = inverse ? rowMultiply(worlds[i], inverse) : worlds[i];
      convertMatrix(row, out[i]!.subarray(f * 16, f * 16 + 16));
    }
  }
  out.forEach((matrices, i) => {
    if (matrices) plan.tracks[i] = { kind: 'matrices', matrices };
  });
}
