/**
 * Motion events (docs/formats/o3d.md §2.6, §12): each flagged frame attribute of an `.ani` as clip
 * markers, one per event, in seconds, for players that show a clip's markers (the viewer, glTF
 * extras): `{ name: 'hit' | 'sound' | 'quake', time, frame, soundId? }`.
 */
import type { MotionAttribute } from '../file.js';

/** The attribute bits and their marker names (1 hit, 2 sound, 4 quake). */
export const MOTION_EVENTS = [
  { name: 'hit', bit: 1 },
  { name: 'sound', bit: 2 },
  { name: 'quake', bit: 4 },
] as const;

export interface MotionMarker {
  name: (typeof MOTION_EVENTS)[number]['name'];
  /** Seconds from the clip's start: the attribute's frame index over the clip's frame rate. */
  time: number;
  /** The frame index the attribute is stored at. */
  frame: number;
  soundId?: number;
}

export function motionMarkers(attributes: MotionAttribute[], fps: number): MotionMarker[] {
  const markers: MotionMarker[] = [];
  attributes.forEach((a, frame) => {
    for (const { name, bit } of MOTION_EVENTS) {
      if (!(a.flags & bit)) continue;
      const marker: MotionMarker = { name, time: frame / fps, frame };
      if (name === 'sound') marker.soundId = a.soundId;
      markers.push(marker);
    }
  });
  return markers;
}
