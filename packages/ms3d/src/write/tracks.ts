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

/** Keys inside [0, duration] with a key at each end (the nearest key's value held; `rest` when none). */
function spanKeys(keys: Float32Array | undefined, duration: number): Float32Array {
  const n = keys ? keys.length / 4 : 0;
  if (n === 0) return Float32Array.from(duration > EPSILON ? [0, 0, 0, 0, duration, 0, 0, 0] : [0, 0, 0, 0]);
  const all = keys!;
  // Counted first, then copied into one array: no number list grown key by key (the writer's top cost).
  // Loops with no closures: closures made per call were compiled again on every write.
  const last = duration + EPSILON;
  let inside = 0;
  for (let k = 0; k < n; k++) if (all[k * 4] >= 0 && all[k * 4] <= last) inside++;
  const head = all[0] > EPSILON, tail = all[(n - 1) * 4] < duration - EPSILON;
  const empty = !head && inside === 0 && !tail;
  const out = new Float32Array((Number(head) + inside + Number(tail) + Number(empty)) * 4);
  let o = 0;
  if (head) o = putKey(out, o, 0, all, 0);
  for (let k = 0; k < n; k++) if (all[k * 4] >= 0 && all[k * 4] <= last) o = putKey(out, o, all[k * 4], all, k);
  if (tail) o = putKey(out, o, duration, all, n - 1);
  if (empty) putKey(out, o, 0, all, 0);
  return out;
}

/** Key `k` of `all` at `time`, written at `out[o]`; returns the next offset. */
function putKey(out: Float32Array, o: number, time: number, all: Float32Array, k: number): number {
  out[o] = time;
  out[o + 1] = all[k * 4 + 1];
  out[o + 2] = all[k * 4 + 2];
  out[o + 3] = all[k * 4 + 3];
  return o + 4;
}

function shifted(keys: Float32Array, start: number): Float32Array {
  if (!start) return keys;
  const out = keys.slice();
  for (let i = 0; i < out.length; i += 4) out[i] = start + keys[i];
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Drops keys with a negative or non-finite time, not after the previous key, or a non-finite value (counted). */
function increasing(keys: Float32Array, bad: { count: number }): Float32Array {
  let previous = -Infinity, i = 0;
  for (; i < keys.length; i += 4) {
    const t = keys[i];
    if (!(t >= 0 && t > previous && t !== Infinity) || keys[i + 1] - keys[i + 1] !== 0 || keys[i + 2] - keys[i + 2] !== 0 || keys[i + 3] - keys[i + 3] !== 0) break;
    previous = t;
  }
  if (i === keys.length) return keys;
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

export function assembleTracks(perClip: JointKeys[][], spans: ClipSpan[], jointNames: string[], sink: WarningSink): JointTracks[] {
  const joints = jointNames.length;
  const tracks: JointTracks[] = Array.from({ length: joints }, () => ({ rot: EMPTY, pos: EMPTY }));
  if (spans.length === 1) {
    perClip[0].forEach((k, j) => (tracks[j] = { rot: k.rot ?? EMPTY, pos: k.pos ?? EMPTY }));
    holdToDuration(tracks, spans[0].duration);
  } else if (spans.length > 1) {
    for (let j = 0; j < joints; j++) {
      for (const path of ['rot', 'pos'] as const) {
        if (!perClip.some((clip) => clip[j][path])) continue;
        tracks[j][path] = concat(spans.map((span, c) => shifted(spanKeys(perClip[c][j][path], span.duration), span.start)));
      }
    }
  }
  const bad = { count: 0 };
  tracks.forEach((t, j) => {
    t.rot = increasing(t.rot, bad);
    t.pos = increasing(t.pos, bad);
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
