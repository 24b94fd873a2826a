import { math, type AnimationChannel, type Quat, type WarningSink } from '@relic3d/core';
import type { AseTrack } from '../file.js';
import { aseRotation, qmul } from './axes.js';
import { Keys } from './keys.js';
import { normalizeAt, quatMultiplyInto } from './quat.js';
import { sampleTCB, sampleTCBRotation, tcbExtras, tcbStep } from './tcb.js';
import type { TimeBase } from './time.js';

/** How a node's Max-local values map to its scene-local TRS (see nodes.ts, "node frames"). */
export interface NodeFrame {
  /** Scene-local translation = parentFix · t (a rotation, as a quaternion). */
  parentFix: Quat;
  /** Scene-local rotation = parentFix ⊗ q ⊗ ownFix. */
  ownFix: Quat;
  /** Scene-local scale = the Max scale with its axes permuted by ownFix: index into xyz. */
  scalePerm: [number, number, number];
}

export interface Rest {
  translation: number[];
  rotation: number[];
  scale: number[];
}

const seconds = (tb: TimeBase, tick: number) => (tick - tb.firstTick) / tb.ticksPerSecond;

function rotateVec(q: Quat, x: number, y: number, z: number): number[] {
  return math.quatRotateVec3(q, [x, y, z]);
}

/**
 * Sampled tracks write only changed samples: before a written sample that follows a gap, the value
 * held since the previous sample is re-inserted one step earlier, so the curve holds and then moves.
 */
function withHolds(tb: TimeBase, times: number[], values: Float64Array, before: ArrayLike<number>): Keys {
  const size = before.length;
  const keys = new Keys(size);
  let prev: ArrayLike<number> = before, prevAt = 0;
  let prevTick = tb.firstTick;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (i === 0 ? t > tb.firstTick : t - prevTick > tb.step + 0.5) {
      if (i === 0) keys.push(tb.firstTick, prev, prevAt);
      const hold = t - tb.step;
      if (hold > prevTick + 0.5) keys.push(hold, prev, prevAt);
    }
    keys.push(t, values, i * size);
    prev = values;
    prevAt = i * size;
    prevTick = t;
  }
  return keys;
}

/** Key values of `size` each, one after another. */
function flat(values: number[][], size: number): Float64Array {
  const out = new Float64Array(values.length * size);
  for (let i = 0; i < values.length; i++) for (let k = 0; k < size; k++) out[i * size + k] = values[i][k];
  return out;
}

/** Finite key times inside the timeline's window (keys far outside are counted there), ascending: key indices into the track. */
function sortedKeys(track: AseTrack, tb: TimeBase, sink: WarningSink, what: string): number[] {
  const { window } = tb;
  const time = track.time;
  const keys: number[] = [];
  for (let k = 0; k < time.length; k++) {
    const t = time[k];
    if (!Number.isFinite(t)) continue;
    if (t >= window.earliest && t <= window.latest) keys.push(k);
    else window.outside++;
  }
  for (let i = 1; i < keys.length; i++) {
    if (time[keys[i]] < time[keys[i - 1]]) {
      sink.warn('ASE_KEY_ORDER', `${what}: key times are not ascending; sorted`);
      return keys.sort((a, b) => time[a] - time[b]);
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
  const keys = sortedKeys(track, tb, sink, `position track of node ${node}`);
  const conv = (v: number[], o: number) => rotateVec(frame.parentFix, v[o], v[o + 1], v[o + 2]);
  if (track.kind === 'sample') {
    const values = keys.map((k) => conv(valuesAt(track, k, 3), 0));
    return channel(node, 'translation', tb, withHolds(tb, keys.map((k) => track.time[k]), flat(values, 3), rest.translation));
  }
  if (track.kind === 'bezier') {
    // t x y z inTan(xyz) outTan(xyz) flags; tangents read as slopes per tick.
    const out = new Keys(9);
    for (const k of keys) {
      const v = valuesAt(track, k, 9);
      const inT = conv(v, 3).map((x) => x * tb.ticksPerSecond);
      const outT = conv(v, 6).map((x) => x * tb.ticksPerSecond);
      out.push(track.time[k], [...inT, ...conv(v, 0), ...outT]);
    }
    return channel(node, 'translation', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => conv(valuesAt(track, k, 3), 0));
    const params = keys.map((k) => valuesAt(track, k, 8).slice(3, 6));
    const times = keys.map((k) => track.time[k]);
    const step = tcbStep(tb, times, `position track of node ${node}`, sink);
    return channel(node, 'translation', tb, sampleTCB(step, times, values, params), 'LINEAR', tcbExtras(track, tb, step));
  }
  const out = new Keys(3);
  for (const k of keys) out.push(track.time[k], conv(valuesAt(track, k, 3), 0));
  return channel(node, 'translation', tb, out, 'LINEAR', { controller: track.block });
}

/** Rotation track → rotation channel. Values are relative axis-angle deltas, accumulated (§5.3). */
export function rotationChannel(node: number, track: AseTrack, frame: NodeFrame, tb: TimeBase, sink: WarningSink): AnimationChannel | undefined {
  const keys = sortedKeys(track, tb, sink, `rotation track of node ${node}`);
  let acc: Quat = [0, 0, 0, 1];
  const inSceneFrame = (q: Quat) => math.quatNormalize(qmul(qmul(frame.parentFix, q), frame.ownFix));
  const values = sceneRotations(track, keys, frame);
  const before = inSceneFrame([0, 0, 0, 1]);
  let out: Keys;
  let step = tb.ticksPerFrame;
  if (track.kind === 'sample') out = withHolds(tb, keys.map((k) => track.time[k]), values, before);
  else if (track.kind === 'tcb') {
    // Accumulated keys (Max axes) through a Kochanek–Bartels curve, sampled per frame, then converted.
    const absolute: Quat[] = [];
    acc = [0, 0, 0, 1];
    for (const k of keys) {
      const v = valuesAt(track, k, 4);
      acc = math.quatNormalize(qmul(aseRotation(v[0], v[1], v[2], v[3]), acc));
      absolute.push(acc);
    }
    const times = keys.map((k) => track.time[k]);
    step = tcbStep(tb, times, `rotation track of node ${node}`, sink);
    out = sampleTCBRotation(step, times, absolute, keys.map((k) => valuesAt(track, k, 7).slice(4, 7)));
    // inSceneFrame in place, without an array per sample.
    const v = out.values;
    for (let o = 0; o < out.length * 4; o += 4) {
      quatMultiplyInto(frame.parentFix, 0, v, o, v, o);
      quatMultiplyInto(v, o, frame.ownFix, 0, v, o);
      normalizeAt(v, o);
    }
  } else {
    out = new Keys(4);
    for (let j = 0; j < keys.length; j++) out.push(track.time[keys[j]], values, j * 4);
  }
  math.makeQuaternionsContinuous(out.values.subarray(0, out.length * 4));
  const extras = track.kind === 'sample' ? undefined : track.kind === 'tcb' ? tcbExtras(track, tb, step) : { approximate: true, controller: track.block };
  return channel(node, 'rotation', tb, out, 'LINEAR', extras);
}

/**
 * The keys' rotations accumulated (§5.3: acc_k = normalise(δ_k ⊗ acc_(k−1)), δ from `aseRotation`)
 * and in the scene frame (normalise(parentFix ⊗ acc ⊗ ownFix)), 4 per key: the bits of those
 * array-per-key steps, with no array per key.
 */
function sceneRotations(track: AseTrack, keys: number[], frame: NodeFrame): Float64Array {
  const out = new Float64Array(keys.length * 4);
  const acc = Float64Array.of(0, 0, 0, 1), t = new Float64Array(4), d = new Float64Array(4);
  const start = track.start, value = track.value, parentFix = frame.parentFix, ownFix = frame.ownFix;
  for (let j = 0; j < keys.length; j++) {
    const first = start[keys[j]], end = start[keys[j] + 1];
    // Missing values are 0 (as valuesAt).
    const ax = first < end ? value[first] : 0, ay = first + 1 < end ? value[first + 1] : 0;
    const az = first + 2 < end ? value[first + 2] : 0, angle = first + 3 < end ? value[first + 3] : 0;
    aseRotationInto(ax, ay, az, angle, d);
    quatMultiplyInto(d, 0, acc, 0, t, 0);
    math.quatNormalizeInto(t, acc, 0);
    quatMultiplyInto(parentFix, 0, acc, 0, t, 0);
    quatMultiplyInto(t, 0, ownFix, 0, d, 0);
    math.quatNormalizeInto(d, out, j * 4);
  }
  return out;
}

/** `aseRotation` into `out` (the same bits: core's quatFromAxisAngle of the negated angle). */
function aseRotationInto(ax: number, ay: number, az: number, angle: number, out: Float64Array): void {
  const l = Math.hypot(ax, ay, az);
  if (!(l > 0) || !Number.isFinite(angle)) {
    out[0] = out[1] = out[2] = 0;
    out[3] = 1;
    return;
  }
  const negated = -angle;
  const s = Math.sin(negated / 2) / l;
  out[0] = ax * s;
  out[1] = ay * s;
  out[2] = az * s;
  out[3] = Math.cos(negated / 2);
}

/** Scale track → scale channel (the scale axis is dropped when it matters, with a warning). */
export function scaleChannel(node: number, track: AseTrack, frame: NodeFrame, rest: Rest, tb: TimeBase, sink: WarningSink): AnimationChannel | undefined {
  const keys = sortedKeys(track, tb, sink, `scale track of node ${node}`);
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
    const values = keys.map((k) => value(valuesAt(track, k, 7, 1)));
    return channel(node, 'scale', tb, withHolds(tb, keys.map((k) => track.time[k]), flat(values, 3), rest.scale));
  }
  if (track.kind === 'bezier') {
    const out = new Keys(9);
    for (const k of keys) {
      const v = valuesAt(track, k, 13, 0);
      out.push(track.time[k], [...conv(v, 7).map((x) => x * tb.ticksPerSecond), ...value(v), ...conv(v, 10).map((x) => x * tb.ticksPerSecond)]);
    }
    return channel(node, 'scale', tb, out, 'CUBICSPLINE', { approximate: true, controller: track.block });
  }
  if (track.kind === 'tcb') {
    const values = keys.map((k) => value(valuesAt(track, k, 12, 1)));
    const params = keys.map((k) => valuesAt(track, k, 12, 0).slice(7, 10));
    const times = keys.map((k) => track.time[k]);
    const step = tcbStep(tb, times, `scale track of node ${node}`, sink);
    return channel(node, 'scale', tb, sampleTCB(step, times, values, params), 'LINEAR', tcbExtras(track, tb, step));
  }
  const values = keys.map((k) => value(valuesAt(track, k, 7, 1)));
  return channel(node, 'scale', tb, plain(keys.map((k) => track.time[k]), values, 3), 'LINEAR', { controller: track.block });
}

function plain(times: number[], values: number[][], size: number): Keys {
  const out = new Keys(size);
  times.forEach((t, i) => out.push(t, values[i]));
  return out;
}

/** The first `n` values of key `k` (missing ones are `fill`). */
function valuesAt(track: AseTrack, k: number, n: number, fill = 0): number[] {
  const first = track.start[k], end = track.start[k + 1], value = track.value;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = first + i < end ? value[first + i] : fill;
  return out;
}
