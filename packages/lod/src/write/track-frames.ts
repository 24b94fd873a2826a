// A bone channel sampled at every frame of a clip, into one array, before the frames are converted.
import type { ChannelCursor } from '@relic3d/core';

/**
 * `cursor.sample(times[f], out, f × components)` for every frame, the same bits. A channel keyed at
 * exactly the frame times (a clip read from a .lod: one key per frame, float32 times) is its values
 * copied: at a key's own time the cursor copies that key (t = 0), so no interval is looked up.
 */
export function trackFrames(cursor: ChannelCursor, times: Float64Array, out: Float32Array, components: number): void {
  const { times: keys, values, interpolation } = cursor.channel;
  const frames = times.length;
  if (interpolation !== 'CUBICSPLINE' && keys.length === frames && values.length === frames * components && keyedAtFrames(keys, times)) {
    out.set(values);
    return;
  }
  for (let f = 0; f < frames; f++) cursor.sample(times[f], out, f * components);
}

/** Key k at frame k's time for every k, strictly ascending (so no other key shares a frame's time). */
function keyedAtFrames(keys: ArrayLike<number>, times: Float64Array): boolean {
  for (let f = 0; f < times.length; f++) {
    if (keys[f] !== times[f]) return false;
    if (f > 0 && !(keys[f] > keys[f - 1])) return false;
  }
  return true;
}
