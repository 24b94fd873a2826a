/**
 * A clip's motion events back to frame attributes (docs/formats/o3d.md §2.6, §12): the reader's
 * `extras.attributes` when present (they keep every stored field), else `extras.markers` as an
 * authoring tool writes them: `{ name: 'hit' | 'sound' | 'quake', time (s) | frame, soundId? }`.
 */
import type { MotionAttribute } from '../file.js';
import { MOTION_EVENTS } from '../scene/markers.js';
import type { WarningSink } from '@relic3d/core';
import { frameAttributes, integer } from './motion.js';

export function clipAttributes(extras: Record<string, unknown>, frames: number, fps: number, sink: WarningSink, clipName: string): MotionAttribute[] {
  if (Array.isArray(extras.attributes) || !Array.isArray(extras.markers)) return frameAttributes(extras.attributes, frames);
  const out = frameAttributes(undefined, frames);
  let outside = 0;
  for (const m of extras.markers as { name?: unknown; time?: unknown; frame?: unknown; soundId?: unknown }[]) {
    const event = MOTION_EVENTS.find((e) => e.name === m?.name);
    if (!event) continue;
    const frame = integer(m.frame) ?? (typeof m.time === 'number' && Number.isFinite(m.time) ? Math.round(m.time * fps) : undefined);
    if (frame === undefined || frame < 0 || frame >= frames) {
      outside++;
      continue;
    }
    out[frame].flags |= event.bit;
    out[frame].frame = frame;
    if (event.name === 'sound') out[frame].soundId = integer(m.soundId) ?? 0;
  }
  if (outside) sink.warn('O3D_WRITE_MARKERS', `clip "${clipName}": ${outside} markers fall outside its ${frames} frames; not written`);
  return out;
}
