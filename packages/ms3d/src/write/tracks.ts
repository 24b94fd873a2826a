// The joints' key tracks on MS3D's one timeline. One clip keeps its keys as they are (plus a held
// key at its end when its duration is past its last key, so the duration reads back). Several
// clips are shifted to their place; every joint animated in any clip gets keys at both ends of
// every clip (held values, or its bind pose where a clip leaves it alone), so no clip leaks into
// the next through interpolation.
import type { WarningSink } from '@relic3d/core';
import { checkLimit } from './limits.js';
import type { JointKeys } from './keys.js';
import type { ClipSpan } from './timeline.js';

export interface JointTracks {
  rot: Float32Array;
  pos: Float32Array;
}

const EMPTY = new Float32Array(0);
const EPSILON = 1e-6;

/**
 * One joint's keys of every clip, each clip's inside [0, duration] with a key at each end (the
 * nearest key's value held; the bind pose when it has none), shifted to the clip's start. Counted
 * first, then written into one array: no number list grown key by key, no copy per clip, and no
 * closures (closures made per write were compiled again on every write).
 */
function joinedTrack(perClip: JointKeys[][], spans: ClipSpan[], j: number, rotation: boolean): Float32Array {
  let size = 0;
  for (let c = 0; c < spans.length; c++) size += spanKeyCount(keysOf(perClip[c][j], rotation), spans[c].duration);
  const out = new Float32Array(size * 4);
  for (let c = 0, o = 0; c < spans.length; c++) o = spanKeys(keysOf(perClip[c][j], rotation), spans[c].duration, spans[c].start, out, o);
  return out;
}

const keysOf = (keys: JointKeys, rotation: boolean) => (rotation ? keys.rot : keys.pos);

function spanKeyCount(keys: Float32Array | undefined, duration: number): number {
  const n = keys ? keys.length / 4 : 0;
  if (n === 0) return duration > EPSILON ? 2 : 1;
  const all = keys!;
  const last = duration + EPSILON;
  let inside = 0;
  for (let k = 0; k < n; k++) if (all[k * 4] >= 0 && all[k * 4] <= last) inside++;
  const head = all[0] > EPSILON, tail = all[(n - 1) * 4] < duration - EPSILON;
  return Number(head) + inside + Number(tail) + Number(!head && inside === 0 && !tail);
}

/** Writes a clip's span keys (spanKeyCount of them) at `out[o]`, times shifted by `start`; returns the next offset. */
function spanKeys(keys: Float32Array | undefined, duration: number, start: number, out: Float32Array, o: number): number {
  const n = keys ? keys.length / 4 : 0;
  if (n === 0) {
    o = putTime(out, o, 0, start);
    out[o - 3] = out[o - 2] = out[o - 1] = 0;
    if (duration > EPSILON) {
      o = putTime(out, o, duration, start);
      out[o - 3] = out[o - 2] = out[o - 1] = 0;
    }
    return o;
  }
  const all = keys!;
  const last = duration + EPSILON;
  let inside = 0;
  const head = all[0] > EPSILON, tail = all[(n - 1) * 4] < duration - EPSILON;
  if (head) o = putKey(out, putTime(out, o, 0, start), all, 0);
  for (let k = 0; k < n; k++) {
    if (all[k * 4] >= 0 && all[k * 4] <= last) {
      o = putKey(out, putTime(out, o, all[k * 4], start), all, k);
      inside++;
    }
  }
  if (tail) o = putKey(out, putTime(out, o, duration, start), all, n - 1);
  if (!head && inside === 0 && !tail) o = putKey(out, putTime(out, o, 0, start), all, 0);
  return o;
}

/**
 * A key's time at `out[o]`, as a float32 shifted by `start` then rounded again (the clip's keys, then
 * their place on the timeline); returns the offset of its values.
 */
function putTime(out: Float32Array, o: number, time: number, start: number): number {
  out[o] = start ? start + Math.fround(time) : time;
  return o + 4;
}

/** The values of key `k` of `all` before `o` (a key's time is at o − 4); returns `o`. */
function putKey(out: Float32Array, o: number, all: Float32Array, k: number): number {
  out[o - 3] = all[k * 4 + 1];
  out[o - 2] = all[k * 4 + 2];
  out[o - 1] = all[k * 4 + 3];
  return o;
}

/**
 * Where the keys stop being good (a time ≥ 0, finite, after the key before; finite values): the
 * common all-good scan with one compare per time (above −MIN_VALUE is ≥ 0 for a float32) and one
 * per key's values (x − x is 0 for a finite x, NaN otherwise, and NaN spreads through the sum).
 */
function firstBadKey(keys: Float32Array): number {
  let previous = -Number.MIN_VALUE, i = 0;
  for (; i < keys.length; i += 4) {
    const t = keys[i];
    if (!(t > previous && t < Infinity) || keys[i + 1] - keys[i + 1] + (keys[i + 2] - keys[i + 2]) + (keys[i + 3] - keys[i + 3]) !== 0) break;
    previous = t;
  }
  return i;
}

/** Drops keys with a negative or non-finite time, not after the previous key, or a non-finite value (counted). */
function increasing(keys: Float32Array, bad: { count: number }): Float32Array {
  let i = firstBadKey(keys);
  if (i === keys.length) return keys;
  let previous = i ? keys[i - 4] : -Infinity;
  const out = new Float32Array(keys.length);
  out.set(keys.subarray(0, i));
  let kept = i / 4;
  for (; i < keys.length; i += 4) {
    const t = keys[i];
    if (!(t >= 0 && t > previous && t !== Infinity) || keys[i + 1] - keys[i + 1] !== 0 || keys[i + 2] - keys[i + 2] !== 0 || keys[i + 3] - keys[i + 3] !== 0) {
      bad.count++;
      continue;
    }
    previous = t;
    out.set(keys.subarray(i, i + 4), kept * 4);
    kept++;
  }
  return out.slice(0, kept * 4);
}

function anyKeys(perClip: JointKeys[][], j: number, rotation: boolean): boolean {
  for (let c = 0; c < perClip.length; c++) if (keysOf(perClip[c][j], rotation)) return true;
  return false;
}

/** `checked`: key runs found good as they were computed (keys.ts), not scanned again. */
export function assembleTracks(perClip: JointKeys[][], spans: ClipSpan[], jointNames: string[], sink: WarningSink, checked: ReadonlySet<Float32Array> = new Set()): JointTracks[] {
  const joints = jointNames.length;
  const tracks: JointTracks[] = Array.from({ length: joints }, () => ({ rot: EMPTY, pos: EMPTY }));
  if (spans.length === 1) {
    perClip[0].forEach((k, j) => (tracks[j] = { rot: k.rot ?? EMPTY, pos: k.pos ?? EMPTY }));
    holdToDuration(tracks, spans[0].duration);
  } else if (spans.length > 1) {
    for (let j = 0; j < joints; j++) {
      if (anyKeys(perClip, j, true)) tracks[j].rot = joinedTrack(perClip, spans, j, true);
      if (anyKeys(perClip, j, false)) tracks[j].pos = joinedTrack(perClip, spans, j, false);
    }
  }
  const bad = { count: 0 };
  tracks.forEach((t, j) => {
    if (!checked.has(t.rot)) t.rot = increasing(t.rot, bad);
    if (!checked.has(t.pos)) t.pos = increasing(t.pos, bad);
    checkLimit('rotation keys', t.rot.length / 4, 0xffff, `joint "${jointNames[j]}"`);
    checkLimit('position keys', t.pos.length / 4, 0xffff, `joint "${jointNames[j]}"`);
  });
  if (bad.count) sink.warn('MS3D_WRITE_BAD_KEYS', `${bad.count} keys with a negative, non-finite or repeated time, or a non-finite value, were left out`);
  return tracks;
}

/** A held key at the clip's end when it lasts past its last key (the reader's duration is the last key). */
function holdToDuration(tracks: JointTracks[], duration: number): void {
  let best: { j: number; path: 'rot' | 'pos'; last: number } | undefined;
  for (let j = 0; j < tracks.length; j++) {
    for (const path of ['rot', 'pos'] as const) {
      const k = tracks[j][path];
      if (!k.length) continue;
      const last = k[k.length - 4];
      if (!best || last > best.last) best = { j, path, last };
    }
  }
  if (!best) {
    // A clip that moves nothing MS3D holds keeps its length on the first joint, at its bind pose.
    if (tracks.length && duration > 0) tracks[0].rot = Float32Array.from([0, 0, 0, 0, duration, 0, 0, 0]);
    return;
  }
  if (best.last >= duration - EPSILON) return;
  const k = tracks[best.j][best.path];
  const out = new Float32Array(k.length + 4);
  out.set(k);
  out.set([duration, k[k.length - 3], k[k.length - 2], k[k.length - 1]], k.length);
  tracks[best.j][best.path] = out;
}
