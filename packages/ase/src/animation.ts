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
}

export interface Rest {
  translation: number[];
  rotation: number[];
  scale: number[];
}

interface Keys {
  times: number[];
  values: number[];
}

const seconds = (tb: TimeBase, tick: number) => (tick - tb.firstTick) / tb.ticksPerSecond;

function rotateVec(q: Quat, x: number, y: number, z: number): number[] {
  return math.quatRotateVec3(q, [x, y, z]);
}

/** Adds a key unless one exists at (about) that tick already; keeps the list ascending. */
function push(keys: Keys, time: number, value: ArrayLike<number>): void {
  const n = keys.times.length;
  if (n && !(time > keys.times[n - 1] + 1e-9)) {
    if (Math.abs(time - keys.times[n - 1]) <= 1e-9) keys.values.splice(keys.values.length - value.length, value.length, ...Array.from(value));
    return;
  }
  keys.times.push(time);
  for (let i = 0; i < value.length; i++) keys.values.push(value[i]);
}

/**
 * Sampled tracks write only changed samples: before a written sample that follows a gap, the value
 * held since the previous sample is re-inserted one step earlier, so the curve holds and then moves.
 */
function withHolds(tb: TimeBase, times: number[], values: number[][], before: number[]): Keys {
  const keys: Keys = { times: [], values: [] };
  let prev = before;
  let prevTick = tb.firstTick;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (i === 0 ? t > tb.firstTick : t - prevTick > tb.step + 0.5) {
      if (i === 0) push(keys, tb.firstTick, prev);
      const hold = t - tb.step;
      if (hold > prevTick + 0.5) push(keys, hold, prev);
    }
    push(keys, t, values[i]);
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
  if (!keys.times.length) return undefined;
  const ch: AnimationChannel = {
    node,
    path,
    times: Float32Array.from(keys.times, (t) => seconds(tb, t)),
    // Values that do not fit a float become 0 (hand-edited or damaged files).
    values: Float32Array.from(keys.values, (v) => (Number.isFinite(Math.fround(v)) ? v : 0)),
    interpolation,
  };
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
    const out: Keys = { times: [], values: [] };
    for (const k of keys) {
      const v = pad(k.values, 9);
      const inT = conv(v, 3).map((x) => x * tb.ticksPerSecond);
      const outT = conv(v, 6).map((x) => x * tb.ticksPerSecond);
      push(out, k.time, [...inT, ...conv(v, 0), ...outT]);
    }
    return channel(node, 'translation', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => conv(pad(k.values, 3), 0));
    const params = keys.map((k) => pad(k.values, 8).slice(3, 6));
    return channel(node, 'translation', tb, sampleTCB(tb, keys.map((k) => k.time), values, params), 'LINEAR', { approximate: true, controller: track.block, sampledAtFrameRate: true });
  }
  const out: Keys = { times: [], values: [] };
  for (const k of keys) push(out, k.time, conv(pad(k.values, 3), 0));
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
    const sampled = sampleTCBRotation(tb, keys.map((k) => k.time), absolute, keys.map((k) => pad(k.values, 7).slice(4, 7)));
    const converted: Keys = { times: sampled.times, values: [] };
    for (let i = 0; i < sampled.times.length; i++) converted.values.push(...toScene(sampled.values.slice(i * 4, i * 4 + 4) as Quat));
    out = converted;
  } else out = plain(keys.map((k) => k.time), values);
  math.makeQuaternionsContinuous(out.values);
  const extras = track.kind === 'sample' ? undefined : track.kind === 'tcb' ? { approximate: true, controller: track.block, sampledAtFrameRate: true } : { approximate: true, controller: track.block };
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
    const out: Keys = { times: [], values: [] };
    for (const k of keys) {
      const v = pad(k.values, 13, 0);
      push(out, k.time, [...conv(v, 7).map((x) => x * tb.ticksPerSecond), ...value(v), ...conv(v, 10).map((x) => x * tb.ticksPerSecond)]);
    }
    return channel(node, 'scale', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => value(pad(k.values, 12, 1)));
    const params = keys.map((k) => pad(k.values, 12, 0).slice(7, 10));
    return channel(node, 'scale', tb, sampleTCB(tb, keys.map((k) => k.time), values, params), 'LINEAR', { approximate: true, controller: track.block, sampledAtFrameRate: true });
  }
  const values = keys.map((k) => value(pad(k.values, 7, 1)));
  return channel(node, 'scale', tb, plain(keys.map((k) => k.time), values), 'LINEAR', { controller: track.block });
}

function plain(times: number[], values: number[][]): Keys {
  const out: Keys = { times: [], values: [] };
  times.forEach((t, i) => push(out, t, values[i]));
  return out;
}

function pad(values: number[], n: number, fill = 0): number[] {
  if (values.length >= n) return values;
  const out = values.slice();
  while (out.length < n) out.push(fill);
  return out;
}

/**
 * Kochanek–Bartels (TCB) curve through `values` sampled once per frame. `params` holds tension,
 * continuity and bias per key (−1..1); ease in/out are not applied.
 */
export function sampleTCB(tb: TimeBase, times: number[], values: number[][], params: number[][]): Keys {
  const n = times.length;
  const out: Keys = { times: [], values: [] };
  if (n === 0) return out;
  if (n === 1) {
    push(out, times[0], values[0]);
    return out;
  }
  const size = values[0].length;
  const clampP = (x: number) => (Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0);
  // Incoming (dIn) and outgoing (dOut) tangents per key, in value units per segment.
  const dIn: number[][] = [], dOut: number[][] = [];
  for (let i = 0; i < n; i++) {
    const [t, c, b] = (params[i] ?? [0, 0, 0]).map(clampP);
    const prev = values[Math.max(0, i - 1)], cur = values[i], next = values[Math.min(n - 1, i + 1)];
    const di: number[] = [], dd: number[] = [];
    for (let k = 0; k < size; k++) {
      const a = i > 0 ? cur[k] - prev[k] : next[k] - cur[k];
      const bb = i < n - 1 ? next[k] - cur[k] : cur[k] - prev[k];
      dd.push(((1 - t) * (1 + c) * (1 + b)) / 2 * a + ((1 - t) * (1 - c) * (1 - b)) / 2 * bb);
      di.push(((1 - t) * (1 - c) * (1 + b)) / 2 * a + ((1 - t) * (1 + c) * (1 - b)) / 2 * bb);
    }
    dOut.push(dd);
    dIn.push(di);
  }
  // One sample per frame, at most 100 per key (damaged files can span billions of ticks).
  const step = Math.max(1, tb.ticksPerFrame, (times[n - 1] - times[0]) / (100 * n));
  const value = new Array<number>(size);
  for (let i = 0; i < n - 1; i++) {
    const t0 = times[i], t1 = times[i + 1], span = t1 - t0;
    if (!(span > 0)) continue;
    const frames = Math.max(1, Math.min(10000, Math.ceil(span / step)));
    for (let f = 0; f < frames; f++) {
      const s = f / frames;
      const s2 = s * s, s3 = s2 * s;
      const h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
      for (let k = 0; k < size; k++) value[k] = h00 * values[i][k] + h10 * dOut[i][k] + h01 * values[i + 1][k] + h11 * dIn[i + 1][k];
      push(out, t0 + s * span, value);
    }
  }
  push(out, times[n - 1], values[n - 1]);
  return out;
}

const qconj = (q: ArrayLike<number>): Quat => [-q[0], -q[1], -q[2], q[3]];

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
 * TCB tangents in log space, sampled once per frame (as `sampleTCB`). With tension, continuity and
 * bias 0 and two keys it is a slerp; ease in/out are not applied.
 */
export function sampleTCBRotation(tb: TimeBase, times: number[], quats: Quat[], params: number[][]): Keys {
  const n = times.length;
  const out: Keys = { times: [], values: [] };
  if (n === 0) return out;
  // Shortest arcs between consecutive keys.
  const q: Quat[] = [quats[0]];
  for (let i = 1; i < n; i++) {
    const a = q[i - 1], b = quats[i];
    q.push(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? [-b[0], -b[1], -b[2], -b[3]] : b);
  }
  if (n === 1) {
    push(out, times[0], q[0]);
    return out;
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
  const step = Math.max(1, tb.ticksPerFrame, (times[n - 1] - times[0]) / (100 * n));
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
      push(out, t0 + u * span, math.quatNormalize(value));
    }
  }
  push(out, times[n - 1], q[n - 1]);
  return out;
}
