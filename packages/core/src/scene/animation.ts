import { decompose, fromTRS } from '../math/matrix.js';
import { quatSlerpAt } from '../math/quaternion.js';
import { localMatrix } from './traverse.js';
import type { AnimationChannel, AnimationClip, Scene } from './types.js';

/** A sampled pose: per-node local TRS (or matrix for nodes without channels) and morph weights. */
export interface Pose {
  /** Local matrices, 16 floats per node. */
  locals: Float32Array;
  /** Morph weights per node that has a weights channel. */
  weights: Map<number, Float32Array>;
}

/** Finds the key interval for `time`: holds the first and last keys outside the keyed range. */
function locate(times: Float32Array, time: number): { i: number; t: number } {
  const n = times.length;
  if (n === 0 || time <= times[0]) return { i: 0, t: 0 };
  if (time >= times[n - 1]) return { i: n - 1, t: 0 };
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= time) lo = mid;
    else hi = mid;
  }
  const span = times[hi] - times[lo];
  return { i: lo, t: span > 0 ? (time - times[lo]) / span : 0 };
}

/** Samples one channel at `time` into `out` (size = components). */
export function sampleChannel(channel: AnimationChannel, time: number, out: Float32Array): Float32Array {
  const { times, values, interpolation, path } = channel;
  const keys = times.length;
  if (keys === 0) return out;
  const stride = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const size = values.length / keys / stride;
  const { i, t } = locate(times, time);
  const at = (k: number, part: number) => (k * stride + part) * size; // part: 0 in, 1 value, 2 out
  const valuePart = stride === 3 ? 1 : 0;
  if (t === 0 || interpolation === 'STEP' || i + 1 >= keys) {
    out.set(values.subarray(at(i, valuePart), at(i, valuePart) + size));
    return out;
  }
  if (interpolation === 'CUBICSPLINE') {
    const dt = times[i + 1] - times[i];
    const t2 = t * t, t3 = t2 * t;
    const h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
    const p0 = at(i, 1), m0 = at(i, 2), p1 = at(i + 1, 1), m1 = at(i + 1, 0);
    for (let c = 0; c < size; c++) {
      out[c] = h00 * values[p0 + c] + h10 * dt * values[m0 + c] + h01 * values[p1 + c] + h11 * dt * values[m1 + c];
    }
    if (path === 'rotation') {
      const l = Math.hypot(out[0], out[1], out[2], out[3]) || 1;
      for (let c = 0; c < 4; c++) out[c] /= l;
    }
    return out;
  }
  const a = at(i, 0), b = at(i + 1, 0);
  if (path === 'rotation') {
    quatSlerpAt(values, a, values, b, t, out, 0);
    return out;
  }
  for (let c = 0; c < size; c++) out[c] = values[a + c] + (values[b + c] - values[a + c]) * t;
  return out;
}

/** Resolves a clip by index or name. */
export function getClip(scene: Scene, clip: number | string | AnimationClip): AnimationClip | undefined {
  if (typeof clip === 'object') return clip;
  if (typeof clip === 'number') return scene.animations[clip];
  return scene.animations.find((c) => c.name === clip);
}

/**
 * The scene's pose at `time` seconds of `clip`: nodes a channel drives get their TRS from the clip,
 * others keep their rest transform.
 */
export function sampleAnimation(scene: Scene, clip: number | string | AnimationClip, time: number): Pose {
  const n = scene.nodes.length;
  const locals = new Float32Array(n * 16);
  const resolved = getClip(scene, clip);
  const t = new Float32Array(n * 3), r = new Float32Array(n * 4), s = new Float32Array(n * 3);
  const driven = new Uint8Array(n);
  const weights = new Map<number, Float32Array>();
  const tmp = new Float32Array(64);
  for (let i = 0; i < n; i++) {
    const node = scene.nodes[i];
    t.set(node.translation ?? [0, 0, 0], i * 3);
    r.set(node.rotation ?? [0, 0, 0, 1], i * 4);
    s.set(node.scale ?? [1, 1, 1], i * 3);
  }
  for (const channel of resolved?.channels ?? []) {
    const i = channel.node;
    if (i < 0 || i >= n) continue;
    if (channel.path === 'weights') {
      const count = channel.values.length / Math.max(1, channel.times.length) / (channel.interpolation === 'CUBICSPLINE' ? 3 : 1);
      const out = new Float32Array(count);
      sampleChannel(channel, time, out);
      weights.set(i, out);
      continue;
    }
    if (!driven[i] && scene.nodes[i].matrix) {
      // A matrix node driven by TRS channels starts from its decomposed rest pose.
      const d = decompose(scene.nodes[i].matrix!);
      t.set(d.translation, i * 3);
      r.set(d.rotation, i * 4);
      s.set(d.scale, i * 3);
    }
    driven[i] = 1;
    if (channel.path === 'translation') t.set(sampleChannel(channel, time, tmp.subarray(0, 3)), i * 3);
    else if (channel.path === 'rotation') r.set(sampleChannel(channel, time, tmp.subarray(0, 4)), i * 4);
    else if (channel.path === 'scale') s.set(sampleChannel(channel, time, tmp.subarray(0, 3)), i * 3);
  }
  for (let i = 0; i < n; i++) {
    const out = locals.subarray(i * 16, i * 16 + 16);
    if (driven[i]) fromTRS(t.subarray(i * 3, i * 3 + 3), r.subarray(i * 4, i * 4 + 4), s.subarray(i * 3, i * 3 + 3), out);
    else localMatrix(scene.nodes[i], out);
  }
  return { locals, weights };
}
