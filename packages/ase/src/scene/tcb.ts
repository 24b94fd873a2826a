import { math, type Quat, type WarningSink } from '@relic3d/core';
import type { AseTrack } from '../file.js';
import { qmul } from './axes.js';
import { Keys } from './keys.js';
import { normalizeAt, qconj, qexp, qlog } from './quat.js';
import type { TimeBase } from './time.js';

/**
 * Sampling step (ticks) of a TCB track: one sample per frame, but no more than the budget's
 * samples per key on average over the track (warned when that is coarser than a frame).
 */
export function tcbStep(tb: TimeBase, times: number[], what: string, sink: WarningSink): number {
  const n = times.length;
  if (n < 2) return tb.ticksPerFrame;
  const step = Math.max(1, tb.ticksPerFrame, (times[n - 1] - times[0]) / (tb.samplesPerKey * n));
  if (step > tb.ticksPerFrame) {
    sink.warn('ASE_TCB_SAMPLING', `${what}: TCB keys sampled every ${+(step / tb.ticksPerFrame).toPrecision(3)} frames, not every frame (at most ${tb.samplesPerKey} samples per key for a file of this size)`);
  }
  return step;
}

/** Channel extras of a sampled TCB track. */
export function tcbExtras(track: AseTrack, tb: TimeBase, step: number): Record<string, unknown> {
  return step > tb.ticksPerFrame
    ? { approximate: true, controller: track.block, sampledAtFrameRate: false, sampleStepTicks: step }
    : { approximate: true, controller: track.block, sampledAtFrameRate: true };
}

/**
 * Kochanek–Bartels (TCB) curve through `values`, sampled every `step` ticks (`tcbStep`) and at
 * every key. `params` holds tension, continuity and bias per key (−1..1); ease in/out are not applied.
 */
export function sampleTCB(step: number, times: number[], values: number[][], params: number[][]): Keys {
  const n = times.length;
  const size = values[0]?.length ?? 0;
  if (n <= 1) {
    const one = new Keys(size, n);
    if (n) one.push(times[0], values[0]);
    return one;
  }
  const clampP = (x: number) => (Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0);
  // Incoming (dIn) and outgoing (dOut) tangents per key, in value units per segment.
  const dIn = new Float64Array(n * size), dOut = new Float64Array(n * size);
  for (let i = 0; i < n; i++) {
    const [t, c, b] = (params[i] ?? [0, 0, 0]).map(clampP);
    const prev = values[Math.max(0, i - 1)], cur = values[i], next = values[Math.min(n - 1, i + 1)];
    for (let k = 0; k < size; k++) {
      const a = i > 0 ? cur[k] - prev[k] : next[k] - cur[k];
      const bb = i < n - 1 ? next[k] - cur[k] : cur[k] - prev[k];
      dOut[i * size + k] = ((1 - t) * (1 + c) * (1 + b)) / 2 * a + ((1 - t) * (1 - c) * (1 - b)) / 2 * bb;
      dIn[i * size + k] = ((1 - t) * (1 - c) * (1 + b)) / 2 * a + ((1 - t) * (1 + c) * (1 - b)) / 2 * bb;
    }
  }
  const out = new Keys(size, sampleCount(times, step));
  const value = new Float64Array(size);
  for (let i = 0; i < n - 1; i++) {
    const t0 = times[i], t1 = times[i + 1], span = t1 - t0;
    if (!(span > 0)) continue;
    const frames = Math.max(1, Math.min(10000, Math.ceil(span / step)));
    const v0 = values[i], v1 = values[i + 1];
    for (let f = 0; f < frames; f++) {
      const s = f / frames;
      const s2 = s * s, s3 = s2 * s;
      const h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
      for (let k = 0; k < size; k++) value[k] = h00 * v0[k] + h10 * dOut[i * size + k] + h01 * v1[k] + h11 * dIn[(i + 1) * size + k];
      out.push(t0 + s * span, value);
    }
  }
  out.push(times[n - 1], values[n - 1]);
  return out;
}

/** Samples `tcbStep` gives a track: one per frame step of each segment, plus the last key. */
function sampleCount(times: number[], step: number): number {
  let count = 1;
  for (let i = 0; i < times.length - 1; i++) {
    const span = times[i + 1] - times[i];
    if (span > 0) count += Math.max(1, Math.min(10000, Math.ceil(span / step)));
  }
  return count;
}

/**
 * Kochanek–Bartels (TCB) rotation curve through unit quaternions: squad with inner points from the
 * TCB tangents in log space, sampled every `step` ticks (as `sampleTCB`). With tension, continuity and
 * bias 0 and two keys it is a slerp; ease in/out are not applied.
 */
export function sampleTCBRotation(step: number, times: number[], quats: Quat[], params: number[][]): Keys {
  const n = times.length;
  if (n === 0) return new Keys(4, 0);
  // Shortest arcs between consecutive keys.
  const q: Quat[] = [quats[0]];
  for (let i = 1; i < n; i++) {
    const a = q[i - 1], b = quats[i];
    q.push(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? [-b[0], -b[1], -b[2], -b[3]] : b);
  }
  if (n === 1) {
    const one = new Keys(4, 1);
    one.push(times[0], q[0]);
    return one;
  }
  const clampP = (x: number) => (Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0);
  // Inner points in flat arrays: a Quat list per key was most of the peak of dense tracks (issue 26).
  const sIn = new Float64Array(n * 4), sOut = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    const [t, c, b] = (params[i] ?? [0, 0, 0]).map(clampP);
    const g1 = i < n - 1 ? qlog(qmul(qconj(q[i]), q[i + 1])) : undefined;
    const g0 = i > 0 ? qlog(qmul(qconj(q[i - 1]), q[i])) : g1!;
    const next = g1 ?? g0;
    const kOut0 = ((1 - t) * (1 + c) * (1 + b)) / 2, kOut1 = ((1 - t) * (1 - c) * (1 - b)) / 2;
    const kIn0 = ((1 - t) * (1 - c) * (1 + b)) / 2, kIn1 = ((1 - t) * (1 + c) * (1 - b)) / 2;
    const tOut = [0, 1, 2].map((k) => kOut0 * g0[k] + kOut1 * next[k]);
    const tIn = [0, 1, 2].map((k) => kIn0 * g0[k] + kIn1 * next[k]);
    sOut.set(math.quatNormalize(qmul(q[i], qexp(tOut.map((x, k) => (x - next[k]) / 2)))), i * 4);
    sIn.set(math.quatNormalize(qmul(q[i], qexp(tIn.map((x, k) => (g0[k] - x) / 2)))), i * 4);
  }
  const out = new Keys(4, sampleCount(times, step));
  const a = [0, 0, 0, 1], b = [0, 0, 0, 1], value = [0, 0, 0, 1];
  for (let i = 0; i < n - 1; i++) {
    const t0 = times[i], t1 = times[i + 1], span = t1 - t0;
    if (!(span > 0)) continue;
    const frames = Math.max(1, Math.min(10000, Math.ceil(span / step)));
    const outer = sOut.subarray(i * 4, i * 4 + 4), inner = sIn.subarray(i * 4 + 4, i * 4 + 8);
    for (let f = 0; f < frames; f++) {
      const u = f / frames;
      math.quatSlerp(q[i], q[i + 1], u, a);
      math.quatSlerp(outer, inner, u, b);
      math.quatSlerp(a, b, 2 * u * (1 - u), value);
      normalizeAt(value, 0);
      out.push(t0 + u * span, value);
    }
  }
  out.push(times[n - 1], q[n - 1]);
  return out;
}
