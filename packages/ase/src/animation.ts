import { math, type AnimationChannel, type Quat, type WarningSink } from '@relic3d/core';
import { aseRotation, qmul } from './convert.js';
import type { AseTrack } from './types.js';

/** How a node's Max-local values map to its scene-local TRS (see scene.ts, "node frames"). */
export interface NodeFrame {
  /** Scene-local translation = parentFix · t (a rotation, as a quaternion). */
  parentFix: Quat;
  /** Scene-local rotation = parentFix ⊗ q ⊗ ownFix. */
  ownFix: Quat;
  /** Scene-local scale = the Max scale with its axes permuted by ownFix: index into xyz. */
  scalePerm: [number, number, number];
}

export interface TimeBase {
  ticksPerSecond: number;
  firstTick: number;
  ticksPerFrame: number;
  /** Sampling step of the sampled tracks (ticks), used to re-insert held samples. */
  step: number;
  /**
   * Samples a TCB track may take per key (at most 100): the parse's sample budget, which grows
   * with the input size, shared out over every TCB key of the file.
   */
  samplesPerKey: number;
  /** Samples still allowed after the TCB tracks (look-at channels draw on it). */
  budget: { left: number };
}

/** Samples any parse may make, plus SAMPLES_PER_INPUT_BYTE per byte of input. */
export const SAMPLE_FLOOR = 1 << 18;
export const SAMPLES_PER_INPUT_BYTE = 1 / 16;
/** At most this many samples per TCB key, whatever the budget (damaged files span billions of ticks). */
const MAX_SAMPLES_PER_KEY = 100;

/** The sample budget of one parse: per TCB key, and what is left for look-at channels. */
export function sampleBudget(inputBytes: number, tcbKeys: number): Pick<TimeBase, 'samplesPerKey' | 'budget'> {
  const total = SAMPLE_FLOOR + Math.floor(Math.max(0, inputBytes) * SAMPLES_PER_INPUT_BYTE);
  const samplesPerKey = Math.max(1, Math.min(MAX_SAMPLES_PER_KEY, Math.floor(total / Math.max(1, tcbKeys))));
  // Each TCB key makes at most samplesPerKey + 1 samples.
  return { samplesPerKey, budget: { left: Math.max(0, total - (samplesPerKey + 1) * tcbKeys) } };
}

export interface Rest {
  translation: number[];
  rotation: number[];
  scale: number[];
}

/** Keys in ticks with `size` values each, in growable typed arrays. */
export class Keys {
  times: Float64Array;
  values: Float64Array;
  length = 0;
  /** `capacity`: keys to make room for (sampled tracks know their count in advance). */
  constructor(
    readonly size: number,
    capacity = 16,
  ) {
    this.times = new Float64Array(Math.max(1, capacity));
    this.values = new Float64Array(Math.max(1, capacity) * size);
  }

  /** Adds a key unless one exists at (about) that tick already (then its value is replaced); keeps the list ascending. */
  push(time: number, value: ArrayLike<number>): void {
    const n = this.length, size = this.size;
    if (n && !(time > this.times[n - 1] + 1e-9)) {
      if (Math.abs(time - this.times[n - 1]) <= 1e-9) for (let k = 0; k < size; k++) this.values[(n - 1) * size + k] = value[k];
      return;
    }
    if (n === this.times.length) {
      const times = new Float64Array(n * 2);
      times.set(this.times);
      this.times = times;
      const values = new Float64Array(n * 2 * size);
      values.set(this.values);
      this.values = values;
    }
    this.times[n] = time;
    for (let k = 0; k < size; k++) this.values[n * size + k] = value[k];
    this.length = n + 1;
  }
}

const seconds = (tb: TimeBase, tick: number) => (tick - tb.firstTick) / tb.ticksPerSecond;

function rotateVec(q: Quat, x: number, y: number, z: number): number[] {
  return math.quatRotateVec3(q, [x, y, z]);
}

/**
 * Sampled tracks write only changed samples: before a written sample that follows a gap, the value
 * held since the previous sample is re-inserted one step earlier, so the curve holds and then moves.
 */
function withHolds(tb: TimeBase, times: number[], values: number[][], before: number[]): Keys {
  const keys = new Keys(before.length);
  let prev = before;
  let prevTick = tb.firstTick;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (i === 0 ? t > tb.firstTick : t - prevTick > tb.step + 0.5) {
      if (i === 0) keys.push(tb.firstTick, prev);
      const hold = t - tb.step;
      if (hold > prevTick + 0.5) keys.push(hold, prev);
    }
    keys.push(t, values[i]);
    prev = values[i];
    prevTick = t;
  }
  return keys;
}

function sortedKeys(track: AseTrack, sink: WarningSink, what: string): AseTrack['keys'] {
  const keys = track.keys.filter((k) => Number.isFinite(k.time));
  for (let i = 1; i < keys.length; i++) {
    if (keys[i].time < keys[i - 1].time) {
      sink.warn('ASE_KEY_ORDER', `${what}: key times are not ascending; sorted`);
      return [...keys].sort((a, b) => a.time - b.time);
    }
  }
  return keys;
}

function channel(node: number, path: AnimationChannel['path'], tb: TimeBase, keys: Keys, interpolation: AnimationChannel['interpolation'] = 'LINEAR', extras?: Record<string, unknown>): AnimationChannel | undefined {
  const n = keys.length;
  if (!n) return undefined;
  const times = new Float32Array(n);
  for (let i = 0; i < n; i++) times[i] = seconds(tb, keys.times[i]);
  const values = new Float32Array(n * keys.size);
  // Values that do not fit a float become 0 (hand-edited or damaged files).
  for (let i = 0; i < values.length; i++) {
    const v = keys.values[i];
    values[i] = Number.isFinite(Math.fround(v)) ? v : 0;
  }
  const ch: AnimationChannel = { node, path, times, values, interpolation };
  if (!ch.times.every(Number.isFinite)) return undefined;
  // Float32 rounding can merge close key times: drop keys that do not advance.
  for (let i = 1; i < ch.times.length; i++) {
    if (!(ch.times[i] > ch.times[i - 1])) {
      const size = ch.values.length / ch.times.length;
      const keepIdx: number[] = [0];
      for (let k = 1; k < ch.times.length; k++) if (ch.times[k] > ch.times[keepIdx[keepIdx.length - 1]]) keepIdx.push(k);
      ch.times = Float32Array.from(keepIdx, (k) => ch.times[k]);
      const vals = new Float32Array(keepIdx.length * size);
      keepIdx.forEach((k, j) => vals.set(ch.values.subarray(k * size, k * size + size), j * size));
      ch.values = vals;
      break;
    }
  }
  if (extras) ch.extras = extras;
  return ch;
}

/** Position track → translation channel. */
export function positionChannel(node: number, track: AseTrack, frame: NodeFrame, rest: Rest, tb: TimeBase, sink: WarningSink): AnimationChannel | undefined {
  const keys = sortedKeys(track, sink, `position track of node ${node}`);
  const conv = (v: number[], o: number) => rotateVec(frame.parentFix, v[o], v[o + 1], v[o + 2]);
  if (track.kind === 'sample') {
    const values = keys.map((k) => conv(pad(k.values, 3), 0));
    return channel(node, 'translation', tb, withHolds(tb, keys.map((k) => k.time), values, rest.translation));
  }
  if (track.kind === 'bezier') {
    // t x y z inTan(xyz) outTan(xyz) flags; tangents read as slopes per tick.
    const out = new Keys(9);
    for (const k of keys) {
      const v = pad(k.values, 9);
      const inT = conv(v, 3).map((x) => x * tb.ticksPerSecond);
      const outT = conv(v, 6).map((x) => x * tb.ticksPerSecond);
      out.push(k.time, [...inT, ...conv(v, 0), ...outT]);
    }
    return channel(node, 'translation', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => conv(pad(k.values, 3), 0));
    const params = keys.map((k) => pad(k.values, 8).slice(3, 6));
    const times = keys.map((k) => k.time);
    const step = tcbStep(tb, times, `position track of node ${node}`, sink);
    return channel(node, 'translation', tb, sampleTCB(step, times, values, params), 'LINEAR', tcbExtras(track, tb, step));
  }
  const out = new Keys(3);
  for (const k of keys) out.push(k.time, conv(pad(k.values, 3), 0));
  return channel(node, 'translation', tb, out, 'LINEAR', { controller: track.block });
}

/** Rotation track → rotation channel. Values are relative axis-angle deltas, accumulated (§5.3). */
export function rotationChannel(node: number, track: AseTrack, frame: NodeFrame, tb: TimeBase, sink: WarningSink): AnimationChannel | undefined {
  const keys = sortedKeys(track, sink, `rotation track of node ${node}`);
  let acc: Quat = [0, 0, 0, 1];
  const toScene = (q: Quat) => math.quatNormalize(qmul(qmul(frame.parentFix, q), frame.ownFix));
  const values: number[][] = [];
  for (const k of keys) {
    const v = pad(k.values, 4);
    acc = math.quatNormalize(qmul(aseRotation(v[0], v[1], v[2], v[3]), acc));
    values.push(toScene(acc));
  }
  const before = toScene([0, 0, 0, 1]);
  let out: Keys;
  let step = tb.ticksPerFrame;
  if (track.kind === 'sample') out = withHolds(tb, keys.map((k) => k.time), values, before);
  else if (track.kind === 'tcb') {
    // Accumulated keys (Max axes) through a Kochanek–Bartels curve, sampled per frame, then converted.
    const absolute: Quat[] = [];
    acc = [0, 0, 0, 1];
    for (const k of keys) {
      const v = pad(k.values, 4);
      acc = math.quatNormalize(qmul(aseRotation(v[0], v[1], v[2], v[3]), acc));
      absolute.push(acc);
    }
    const times = keys.map((k) => k.time);
    step = tcbStep(tb, times, `rotation track of node ${node}`, sink);
    out = sampleTCBRotation(step, times, absolute, keys.map((k) => pad(k.values, 7).slice(4, 7)));
    // toScene in place, without an array per sample.
    const v = out.values;
    for (let o = 0; o < out.length * 4; o += 4) {
      quatMultiplyInto(frame.parentFix, 0, v, o, v, o);
      quatMultiplyInto(v, o, frame.ownFix, 0, v, o);
      normalizeAt(v, o);
    }
  } else out = plain(keys.map((k) => k.time), values, 4);
  math.makeQuaternionsContinuous(out.values.subarray(0, out.length * 4));
  const extras = track.kind === 'sample' ? undefined : track.kind === 'tcb' ? tcbExtras(track, tb, step) : { approximate: true, controller: track.block };
  return channel(node, 'rotation', tb, out, 'LINEAR', extras);
}

/** Scale track → scale channel (the scale axis is dropped when it matters, with a warning). */
export function scaleChannel(node: number, track: AseTrack, frame: NodeFrame, rest: Rest, tb: TimeBase, sink: WarningSink): AnimationChannel | undefined {
  const keys = sortedKeys(track, sink, `scale track of node ${node}`);
  let warned = false;
  const conv = (v: number[], o: number) => frame.scalePerm.map((i) => v[o + i]);
  const value = (v: number[]) => {
    const uniform = Math.abs(v[0] - v[1]) < 1e-6 && Math.abs(v[1] - v[2]) < 1e-6;
    if (!warned && !uniform && Math.abs(v[6] ?? 0) > 1e-6 && Math.hypot(v[3] ?? 0, v[4] ?? 0, v[5] ?? 0) > 0) {
      warned = true;
      sink.warn('ASE_SCALE_AXIS', `scale track of node ${node}: non-uniform scale along a rotated axis is applied along the node axes`);
    }
    return conv(v, 0);
  };
  if (track.kind === 'sample') {
    const values = keys.map((k) => value(pad(k.values, 7, 1)));
    return channel(node, 'scale', tb, withHolds(tb, keys.map((k) => k.time), values, rest.scale));
  }
  if (track.kind === 'bezier') {
    const out = new Keys(9);
    for (const k of keys) {
      const v = pad(k.values, 13, 0);
      out.push(k.time, [...conv(v, 7).map((x) => x * tb.ticksPerSecond), ...value(v), ...conv(v, 10).map((x) => x * tb.ticksPerSecond)]);
    }
    return channel(node, 'scale', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => value(pad(k.values, 12, 1)));
    const params = keys.map((k) => pad(k.values, 12, 0).slice(7, 10));
    const times = keys.map((k) => k.time);
    const step = tcbStep(tb, times, `scale track of node ${node}`, sink);
    return channel(node, 'scale', tb, sampleTCB(step, times, values, params), 'LINEAR', tcbExtras(track, tb, step));
  }
  const values = keys.map((k) => value(pad(k.values, 7, 1)));
  return channel(node, 'scale', tb, plain(keys.map((k) => k.time), values, 3), 'LINEAR', { controller: track.block });
}

function plain(times: number[], values: number[][], size: number): Keys {
  const out = new Keys(size);
  times.forEach((t, i) => out.push(t, values[i]));
  return out;
}

/**
 * Sampling step (ticks) of a TCB track: one sample per frame, but no more than the budget's
 * samples per key on average over the track (warned when that is coarser than a frame).
 */
function tcbStep(tb: TimeBase, times: number[], what: string, sink: WarningSink): number {
  const n = times.length;
  if (n < 2) return tb.ticksPerFrame;
  const step = Math.max(1, tb.ticksPerFrame, (times[n - 1] - times[0]) / (tb.samplesPerKey * n));
  if (step > tb.ticksPerFrame) {
    sink.warn('ASE_TCB_SAMPLING', `${what}: TCB keys sampled every ${+(step / tb.ticksPerFrame).toPrecision(3)} frames, not every frame (at most ${tb.samplesPerKey} samples per key for a file of this size)`);
  }
  return step;
}

function pad(values: number[], n: number, fill = 0): number[] {
  if (values.length >= n) return values;
  const out = values.slice();
  while (out.length < n) out.push(fill);
  return out;
}

/** Channel extras of a sampled TCB track. */
function tcbExtras(track: AseTrack, tb: TimeBase, step: number): Record<string, unknown> {
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

const qconj = (q: ArrayLike<number>): Quat => [-q[0], -q[1], -q[2], q[3]];

/** out[o..o+3] = a[ao..] ⊗ b[bo..] (b applied first, as math.quatMultiply); `out` may be `a` or `b`. */
function quatMultiplyInto(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, out: Float64Array, o: number): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** math.quatNormalize in place: a zero or non-finite length gives the identity. */
function normalizeAt(v: Float64Array | number[], o: number): void {
  const l = Math.hypot(v[o], v[o + 1], v[o + 2], v[o + 3]);
  if (!l || !Number.isFinite(l)) {
    v[o] = v[o + 1] = v[o + 2] = 0;
    v[o + 3] = 1;
    return;
  }
  v[o] /= l;
  v[o + 1] /= l;
  v[o + 2] /= l;
  v[o + 3] /= l;
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

/** Logarithm of a unit quaternion: axis × half-angle. */
function qlog(q: ArrayLike<number>): number[] {
  const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  if (!(l > 1e-12)) return [0, 0, 0];
  const a = Math.atan2(l, q[3]) / l;
  return [q[0] * a, q[1] * a, q[2] * a];
}

function qexp(v: ArrayLike<number>): Quat {
  const a = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (!(a > 1e-12)) return [0, 0, 0, 1];
  const s = Math.sin(a) / a;
  return [v[0] * s, v[1] * s, v[2] * s, Math.cos(a)];
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
  const sIn: Quat[] = [], sOut: Quat[] = [];
  for (let i = 0; i < n; i++) {
    const [t, c, b] = (params[i] ?? [0, 0, 0]).map(clampP);
    const g1 = i < n - 1 ? qlog(qmul(qconj(q[i]), q[i + 1])) : undefined;
    const g0 = i > 0 ? qlog(qmul(qconj(q[i - 1]), q[i])) : g1!;
    const next = g1 ?? g0;
    const kOut0 = ((1 - t) * (1 + c) * (1 + b)) / 2, kOut1 = ((1 - t) * (1 - c) * (1 - b)) / 2;
    const kIn0 = ((1 - t) * (1 - c) * (1 + b)) / 2, kIn1 = ((1 - t) * (1 + c) * (1 - b)) / 2;
    const tOut = [0, 1, 2].map((k) => kOut0 * g0[k] + kOut1 * next[k]);
    const tIn = [0, 1, 2].map((k) => kIn0 * g0[k] + kIn1 * next[k]);
    sOut.push(math.quatNormalize(qmul(q[i], qexp(tOut.map((x, k) => (x - next[k]) / 2)))));
    sIn.push(math.quatNormalize(qmul(q[i], qexp(tIn.map((x, k) => (g0[k] - x) / 2)))));
  }
  const out = new Keys(4, sampleCount(times, step));
  const a = [0, 0, 0, 1], b = [0, 0, 0, 1], value = [0, 0, 0, 1];
  for (let i = 0; i < n - 1; i++) {
    const t0 = times[i], t1 = times[i + 1], span = t1 - t0;
    if (!(span > 0)) continue;
    const frames = Math.max(1, Math.min(10000, Math.ceil(span / step)));
    for (let f = 0; f < frames; f++) {
      const u = f / frames;
      math.quatSlerp(q[i], q[i + 1], u, a);
      math.quatSlerp(sOut[i], sIn[i + 1], u, b);
      math.quatSlerp(a, b, 2 * u * (1 - u), value);
      normalizeAt(value, 0);
      out.push(t0 + u * span, value);
    }
  }
  out.push(times[n - 1], q[n - 1]);
  return out;
}
