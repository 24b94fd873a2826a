/**
 * The skeleton's files: the `.chr` (docs/formats/o3d.md §3), a ReadTM body per clip (§4.2) for the
 * `.ani` motions (§4.1) or the O3D's embedded motion. Bone matrices are taken from world matrices:
 * nodes between joints fold into them.
 */
import { clipAttributes } from './markers.js';
import type { Vec3 } from '@relic3d/core';
import { ANI_VERSION, LIMITS, type AniFile, type ChrFile, type MotionAttribute, type MotionBody, type MotionTrack } from '../file.js';
import { KEY_FLOATS } from '../read/layout.js';
import { toD3dMatrix, toD3dVec3 } from './axes.js';
import type { ClipTiming } from './clips.js';
import { plural, type WriteContext } from './context.js';
import { keyFromRow } from './keys.js';
import { pairArrays, relativeRow, sampleRelative, type Pair } from './sampling.js';
import type { Bones } from './skeleton.js';

/** The newest `.chr` version: 8 event slots and the left-hand attachment. */
export const CHR_VERSION = 7;
const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** Each bone against its parent bone. */
export function bonePairs(bones: Bones): Pair[] {
  const out: Pair[] = [];
  for (let i = 0; i < bones.nodes.length; i++) out.push([bones.nodes[i], bones.parents[i] >= 0 ? bones.nodes[bones.parents[i]] : -1]);
  return out;
}

/** Rest world (D3D row matrix) of each bone. */
export function restWorlds(ctx: WriteContext, bones: Bones): Float32Array[] {
  return bones.nodes.map((node) => toD3dMatrix(ctx.rest.subarray(node * 16, node * 16 + 16)));
}

/**
 * Rest local (D3D row matrix) of each bone against its parent bone: made once per write and skeleton
 * (the .chr and every clip's body use them; they were made again for each, 3% of the skinned write).
 */
export function restLocalsOf(ctx: WriteContext, bones: Bones): Float32Array[] {
  const space = ctx.sampling;
  if (space.localsOf !== bones) (space.locals = boneRestLocals(ctx, bones)), (space.localsOf = bones);
  return space.locals;
}

function boneRestLocals(ctx: WriteContext, bones: Bones): Float32Array[] {
  const row = new Float64Array(16);
  return bonePairs(bones).map(([node, parent]) => Float32Array.from(relativeRow(ctx.rest, node, parent, row)));
}

export function chrFile(ctx: WriteContext, bones: Bones): ChrFile {
  const worlds = restWorlds(ctx, bones);
  const locals = restLocalsOf(ctx, bones);
  const extras = (ctx.scene.extras.skeleton ?? {}) as { id?: unknown; attachments?: Record<string, unknown>; events?: unknown; eventParents?: unknown };
  const attachment = (name: string) => matrixOf(extras.attachments?.[name]) ?? IDENTITY;
  const events = vec3List(extras.events).slice(0, 8).map(toD3dVec3);
  const parents = Array.isArray(extras.eventParents) ? extras.eventParents.filter((p): p is number => Number.isInteger(p)) : [];
  return {
    version: CHR_VERSION,
    id: integer(extras.id) ?? 0,
    bones: bones.nodes.map((_, i) => ({ name: bones.names[i], tm: worlds[i], inverseTM: toD3dMatrix(bones.inverses[i]), localTM: locals[i], parentIndex: bones.parents[i] })),
    sendVS: bones.nodes.length <= LIMITS.palette ? 1 : 0,
    localRH: attachment('rightHand'),
    localShield: attachment('shield'),
    localKnuckle: attachment('knuckle'),
    events: Array.from({ length: 8 }, (_, k) => events[k] ?? [0, 0, 0]),
    eventParents: Int32Array.from({ length: 8 }, (_, k) => parents[k] ?? 0),
    localLH: attachment('leftHand'),
  };
}

/**
 * A clip's ReadTM body: per bone its keys, or one matrix when it does not move (any matrix, sheared
 * too). Keys cannot scale or shear: such bones keep their rotation, reported once per clip.
 */
export function motionBody(ctx: WriteContext, bones: Bones, timing: ClipTiming | undefined, frames: number, rest: Float32Array): MotionBody {
  const pairs = bonePairs(bones);
  const { nodes, parents } = pairArrays(pairs);
  const sampled = timing ? sampleRelative(ctx, timing, nodes, parents, rest) : undefined;
  const locals = restLocalsOf(ctx, bones);
  const tracks: MotionTrack[] = [];
  let animated = 0, off = 0, worst = 0;
  // A loop, not a callback: a closure made per clip was compiled again for every write.
  for (let i = 0; i < nodes.length; i++) {
    const m = sampled?.[i];
    if (!m || isConstant(m)) {
      tracks.push({ matrix: m ? Float32Array.from(m.subarray(0, 16)) : locals[i] });
      continue;
    }
    const keys = new Float32Array(frames * KEY_FLOATS);
    let boneOff = 0;
    for (let f = 0; f < frames; f++) boneOff = Math.max(boneOff, keyFromRow(m, keys, f * KEY_FLOATS, f * 16));
    if (boneOff) (off++, (worst = Math.max(worst, boneOff)));
    tracks.push({ keys });
    animated++;
  }
  if (off) {
    ctx.sink.warn(
      'O3D_WRITE_BONE_SCALE',
      `clip "${timing!.clip.name}": ${plural(off, 'bone')} scale or shear while moving, which Flyff keys (rotation + position) cannot hold; their rotation is written (matrices off by up to ${(100 * worst).toPrecision(2)}%)`,
    );
  }
  const motionBones: MotionBody['bones'] = [];
  for (let i = 0; i < bones.nodes.length; i++) motionBones.push({ name: bones.names[i], inverseTM: toD3dMatrix(bones.inverses[i]), localTM: locals[i], parentIndex: bones.parents[i] });
  return { bones: motionBones, poolSize: animated * frames, tracks };
}

export function aniFile(ctx: WriteContext, bones: Bones, timing: ClipTiming, rest: Float32Array): AniFile {
  const e = timing.clip.extras ?? {};
  const events = vec3List(e.events);
  if (events.length > LIMITS.aniEvents) ctx.sink.warn('O3D_WRITE_EVENTS', `clip "${timing.clip.name}" has ${events.length} events; an .ani holds ${LIMITS.aniEvents}, the rest are not written`);
  const ani: AniFile = {
    version: ANI_VERSION,
    id: integer(e.id) ?? 0,
    perSlerp: timing.perSlerp,
    frameCount: timing.frames,
    motion: motionBody(ctx, bones, timing, timing.frames, rest),
    attributes: clipAttributes(e, timing.frames, timing.fps, ctx.sink, timing.clip.name),
    events: events.slice(0, LIMITS.aniEvents).map(toD3dVec3),
  };
  const path = e.rootPath;
  if (Array.isArray(path) && path.length === timing.frames * 3 && path.every(Number.isFinite)) ani.path = Float32Array.from(path, (v, k) => (k % 3 === 2 ? 0 - v : v));
  return ani;
}

/** The reader's flagged attributes (`{ index, frame, flags, soundId }`) as one record per frame. */
export function frameAttributes(list: unknown, frames: number): MotionAttribute[] {
  const out: MotionAttribute[] = Array.from({ length: frames }, () => ({ flags: 0, soundId: 0, frame: 0 }));
  if (!Array.isArray(list)) return out;
  for (const a of list as { index?: unknown; frame?: unknown; flags?: unknown; soundId?: unknown }[]) {
    const index = integer(a?.index);
    if (index === undefined || index < 0 || index >= frames) continue;
    out[index] = { flags: integer(a.flags) ?? 0, soundId: integer(a.soundId) ?? 0, frame: typeof a.frame === 'number' && Number.isFinite(a.frame) ? a.frame : index };
  }
  return out;
}

/** Matrices of one bone that differ by less than this (relative) over a clip are one matrix: float noise of the world-matrix round trip. */
const CONSTANT_TOLERANCE = 1e-5;

/** Whether every frame's matrix equals the first (float noise aside). */
function isConstant(m: Float64Array): boolean {
  for (let at = 16; at < m.length; at += 16) {
    for (let k = 0; k < 16; k++) if (Math.abs(m[at + k] - m[k]) > CONSTANT_TOLERANCE * Math.max(1, Math.abs(m[k]))) return false;
  }
  return true;
}

export const integer = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

export function vec3List(v: unknown): Vec3[] {
  return Array.isArray(v) ? v.filter((p): p is Vec3 => Array.isArray(p) && p.length === 3 && p.every((c) => typeof c === 'number' && Number.isFinite(c))) : [];
}

/** A 16-number matrix from extras (scene space) as a D3D row matrix. */
export function matrixOf(v: unknown): Float32Array | undefined {
  return Array.isArray(v) && v.length === 16 && v.every((c) => typeof c === 'number' && Number.isFinite(c)) ? toD3dMatrix(v, new Float32Array(16)) : undefined;
}

