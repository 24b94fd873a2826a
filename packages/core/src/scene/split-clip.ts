import { sampleChannel } from './animation.js';
import type { AnimationChannel, AnimationClip } from './types.js';

/** A named stretch of a clip, in seconds. */
export interface ClipRange {
  name: string;
  start: number;
  end: number;
}

const EPSILON = 1e-5;

function cut(channel: AnimationChannel, start: number, end: number): AnimationChannel | undefined {
  const { times, values, interpolation } = channel;
  if (times.length === 0) return undefined;
  const stride = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const size = values.length / times.length / stride;
  const inner: number[] = [];
  for (let k = 0; k < times.length; k++) if (times[k] > start + EPSILON && times[k] < end - EPSILON) inner.push(k);
  const keys = inner.length + (end - start > EPSILON ? 2 : 1);
  const outTimes = new Float32Array(keys);
  const outValues = new Float32Array(keys * size * stride);
  const value = new Float32Array(size);
  // Ends are sampled (their tangents are flat); keys inside the range are kept as they are.
  const put = (at: number, time: number, source?: number) => {
    outTimes[at] = time - start;
    if (source === undefined) {
      sampleChannel(channel, time, value);
      outValues.set(value, (at * stride + (stride === 3 ? 1 : 0)) * size);
    } else {
      outValues.set(values.subarray(source * stride * size, (source + 1) * stride * size), at * stride * size);
    }
  };
  put(0, start);
  inner.forEach((k, i) => put(i + 1, times[k], k));
  if (keys > inner.length + 1) put(keys - 1, end);
  const out: AnimationChannel = { node: channel.node, path: channel.path, times: outTimes, values: outValues, interpolation };
  if (channel.extras) out.extras = channel.extras;
  return out;
}

/**
 * Cuts one clip into several by time ranges (formats with one timeline that a writer filled with
 * several clips one after another): each keeps the keys inside its range, gains keys sampled at its
 * ends, and starts at 0.
 */
export function splitClip(clip: AnimationClip, ranges: readonly ClipRange[]): AnimationClip[] {
  return ranges.map((range) => {
    const start = Math.max(0, range.start);
    const end = Math.max(start, range.end);
    const channels = clip.channels.map((c) => cut(c, start, end)).filter((c): c is AnimationChannel => c !== undefined);
    const out: AnimationClip = { name: range.name, duration: end - start, channels };
    if (clip.extras) out.extras = { ...clip.extras };
    return out;
  });
}
