import type { WarningSink } from '@relic3d/core';
import type { KeyTrack } from '../read/key-tracks.js';
import { KEY_SIZE } from '../read/layout.js';

/** The file's declared timeline: keys after `latest` seconds are left out, counted in `outside`. */
export interface KeyWindow {
  latest: number;
  outside: number;
}

/**
 * Keys in strictly increasing time order, with non-finite and negative times dropped, and keys
 * past `window.latest` left out (counted there). Equal times keep the later key. Returns the kept
 * key indices, or `undefined` when every key is kept in file order (the common case, found
 * without allocating).
 */
export function orderedKeys(track: KeyTrack, what: string, sink: WarningSink, window: KeyWindow = { latest: Infinity, outside: 0 }): number[] | undefined {
  const latest = window.latest;
  const { view, byteOffset, count: n } = track;
  let previous = -1;
  let k = 0;
  for (; k < n; k++) {
    const t = view.getFloat32(byteOffset + k * KEY_SIZE, true);
    // The comparisons also reject NaN: a finite non-negative time above the previous one passes.
    if (!(t >= 0) || !(t > previous) || t === Infinity || t > latest) break;
    previous = t;
  }
  if (k === n) return undefined;
  // Past the common case: the closure is made only here.
  const time = (k: number): number => view.getFloat32(byteOffset + k * KEY_SIZE, true);
  const kept: number[] = [];
  let dropped = 0;
  let sorted = true;
  for (let k = 0; k < n; k++) {
    const t = time(k);
    if (!Number.isFinite(t) || t < 0) {
      dropped++;
      continue;
    }
    if (t > latest) {
      window.outside++;
      continue;
    }
    if (kept.length && time(kept[kept.length - 1]) >= t) sorted = false;
    kept.push(k);
  }
  let result = kept;
  if (!sorted) {
    result = kept.slice().sort((a, b) => time(a) - time(b) || a - b);
    const unique: number[] = [];
    for (const k of result) {
      if (unique.length && time(unique[unique.length - 1]) === time(k)) {
        unique[unique.length - 1] = k;
        dropped++;
      } else unique.push(k);
    }
    result = unique;
    sink.warn('MS3D_KEY_ORDER', `${what}: key times are not increasing; keys were sorted`);
  }
  if (dropped) sink.warn('MS3D_BAD_KEYS', `${what}: ${dropped} keys with a bad or repeated time were dropped`);
  return result;
}
