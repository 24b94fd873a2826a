/** Animation channels: a planned clip's, per bone (on its joint, or its shear node and joint), and TM keys'. */
import { math, splitAffine, type AnimationChannel, type AnimationClip } from '@relic3d/core';
import { KEY_FLOATS } from '../read/layout.js';
import type { ClipPlan } from './animation.js';
import { convertMatrix } from './axes.js';
import type { BuildContext } from './context.js';
import { clientKeyRow, clientScaleError, d3dxSlerp, multiply, percent, relativeDifference } from './pose.js';

export function clip(name: string, channels: AnimationChannel[], frameCount: number, fps: number, perSlerp: number, extras: Record<string, unknown>): AnimationClip {
  return {
    name,
    duration: Math.max(0, frameCount - 1) / fps,
    channels,
    extras: { frameCount, fps, perSlerp, loopDuration: frameCount / fps, ...extras },
  };
}

/** The channels of a planned clip: per bone, on its joint, or on its shear node and joint. */
export function clipChannels(ctx: BuildContext, plan: ClipPlan): AnimationChannel[] {
  const skeleton = ctx.skeleton!;
  const nodes = ctx.scene.nodes;
  const channels: AnimationChannel[] = [];
  const { frameCount, fps } = plan;
  const one = new Float32Array([0]);
  // Every channel of the clip with one key per frame shares these times.
  let clipTimes: Float32Array | undefined;
  const errors: number[] = [];
  plan.tracks.forEach((track, i) => {
    const node = skeleton.nodes[i];
    const shear = skeleton.shear[i];
    if (shear === undefined) {
      if (track.kind === 'keys') {
        for (const channel of keyChannels(node, track.keys, frameCount, fps, (clipTimes ??= frameTimes(frameCount, fps)), track.norms)) {
          ctx.finiteValues.add(channel.values);
          channels.push(channel);
        }
        // Keys carry no scale (L = R · T), so a bone whose rest pose has one gets an explicit 1.
        if (nodes[node].scale) channels.push({ node, path: 'scale', times: one, values: Float32Array.of(1, 1, 1), interpolation: 'LINEAR' });
        return;
      }
      if (track.kind === 'constant') {
        const d = math.decompose(track.matrix);
        channels.push(
          { node, path: 'translation', times: one, values: Float32Array.from(d.translation), interpolation: 'LINEAR' },
          { node, path: 'rotation', times: one, values: Float32Array.from(d.rotation), interpolation: 'LINEAR' },
        );
        if (nodes[node].scale || d.scale.some((v) => Math.abs(v - 1) > 1e-6)) {
          channels.push({ node, path: 'scale', times: one, values: Float32Array.from(d.scale), interpolation: 'LINEAR' });
        }
        return;
      }
      const count = track.matrices.length / 16;
      const times = count === 1 ? one : count === frameCount ? (clipTimes ??= frameTimes(count, fps)) : frameTimes(count, fps);
      const t = new Float32Array(count * 3), r = new Float32Array(count * 4), s = new Float32Array(count * 3);
      let scaled = !!nodes[node].scale;
      for (let f = 0; f < count; f++) {
        const d = math.decompose(track.matrices.subarray(f * 16, f * 16 + 16));
        t.set(d.translation, f * 3);
        r.set(d.rotation, f * 4);
        s.set(d.scale, f * 3);
        if (d.scale.some((v) => Math.abs(v - 1) > 1e-6)) scaled = true;
      }
      math.makeQuaternionsContinuous(r);
      channels.push(
        { node, path: 'translation', times, values: t, interpolation: 'LINEAR' },
        { node, path: 'rotation', times, values: r, interpolation: 'LINEAR' },
      );
      if (scaled) channels.push({ node, path: 'scale', times, values: s, interpolation: 'LINEAR' });
      return;
    }
    // Shear node and joint: every local matrix split in two exact nodes.
    const count = track.kind === 'keys' ? frameCount : track.kind === 'constant' ? 1 : track.matrices.length / 16;
    const times = count === 1 ? one : count === frameCount ? (clipTimes ??= frameTimes(count, fps)) : frameTimes(count, fps);
    const t = new Float32Array(count * 3), r = new Float32Array(count * 4), s = new Float32Array(count * 3), inner = new Float32Array(count * 4);
    const m = new Float64Array(16), row = new Float64Array(16);
    let v: Float64Array | undefined;
    for (let f = 0; f < count; f++) {
      if (track.kind === 'keys') convertMatrix(clientKeyRow(track.keys, f * KEY_FLOATS, row), m);
      else if (track.kind === 'constant') m.set(track.matrix);
      else m.set(track.matrices.subarray(f * 16, f * 16 + 16));
      const split = splitAffine(m, v);
      v = split.v;
      t.set(split.translation, f * 3);
      r.set(split.rotation, f * 4);
      s.set(split.scale, f * 3);
      inner.set(split.inner, f * 4);
    }
    math.makeQuaternionsContinuous(r);
    math.makeQuaternionsContinuous(inner);
    channels.push(
      { node: shear, path: 'translation', times, values: t, interpolation: 'LINEAR' },
      { node: shear, path: 'rotation', times, values: r, interpolation: 'LINEAR' },
      { node: shear, path: 'scale', times, values: s, interpolation: 'LINEAR' },
      { node, path: 'rotation', times, values: inner, interpolation: 'LINEAR' },
    );
    const unit = plan.nonUnit.find((u) => u.bone === i);
    if (unit) errors.push(betweenKeysError(unit.keys, count, t, r, s, inner));
  });
  if (plan.nonUnit.length) {
    const keys = plan.nonUnit.reduce((k, u) => k + u.count, 0);
    const min = Math.min(...plan.nonUnit.map((u) => u.min)), max = Math.max(...plan.nonUnit.map((u) => u.max));
    let scale = 0;
    for (const u of plan.nonUnit) for (let k = 0; k < u.keys.length; k += KEY_FLOATS) scale = Math.max(scale, clientScaleError(u.keys, k));
    const between = errors.length ? Math.max(...errors) : 0;
    ctx.sink.warn(
      'O3D_NON_UNIT_QUATERNION',
      `motion '${plan.name}': ${keys} keys on ${plan.nonUnit.length} bones have non-unit quaternions (|q| ${min.toFixed(4)} to ${max.toFixed(4)}); the client does not normalise them and draws those bones scaled by up to ${percent(scale)}. Reproduced exactly at every key (a shear node above each such joint); between keys within ${percent(between)} of the client`,
    );
  }
  return channels;
}

/** Key times of a clip: frame f at f / fps. */
export function frameTimes(count: number, fps: number): Float32Array {
  const times = new Float32Array(count);
  for (let f = 0; f < count; f++) times[f] = f / fps;
  return times;
}

/**
 * Translation and rotation channels from keys of 7 floats (quat xyzw, position), one per frame.
 * `times` (frameTimes of the clip) may be shared by every channel of the clip; `norms`, the
 * quaternions' lengths (Math.hypot) when the caller has them already.
 */
export function keyChannels(node: number, keys: Float32Array, frameCount: number, fps: number, times = frameTimes(frameCount, fps), norms?: Float64Array): AnimationChannel[] {
  const translation = new Float32Array(frameCount * 3);
  const rotation = new Float32Array(frameCount * 4);
  // One pass: the axes.ts conversion inlined (no per-key arrays): the quaternion normalised, then
  // (−x, −y, z, w); the position's z negated; non-finite results scrubbed (rotation components to
  // 0, w to 1; positions to 0), then math.makeQuaternionsContinuous's flip against the previous
  // stored key: the same operations, in the same order, as the three passes they replace.
  for (let f = 0, k = 0, r = 0, t = 0; f < frameCount; f++, k += KEY_FLOATS, r += 4, t += 3) {
    const x = keys[k], y = keys[k + 1], z = keys[k + 2], w = keys[k + 3];
    // hypot4 is Math.hypot on finite values without the variadic call (most of a key's cost).
    const l = (norms ? norms[f] : x - x === 0 && y - y === 0 && z - z === 0 && w - w === 0 ? math.hypot4(x, y, z, w) : Math.hypot(x, y, z, w)) || 1;
    rotation[r] = 0 - x / l;
    rotation[r + 1] = 0 - y / l;
    rotation[r + 2] = z / l;
    rotation[r + 3] = w / l;
    translation[t] = keys[k + 4];
    translation[t + 1] = keys[k + 5];
    translation[t + 2] = 0 - keys[k + 6];
    for (let c = 0; c < 4; c++) if (!Number.isFinite(rotation[r + c])) rotation[r + c] = c === 3 ? 1 : 0;
    for (let c = 0; c < 3; c++) if (!Number.isFinite(translation[t + c])) translation[t + c] = 0;
    if (r > 0 && rotation[r] * rotation[r - 4] + rotation[r + 1] * rotation[r - 3] + rotation[r + 2] * rotation[r - 2] + rotation[r + 3] * rotation[r - 1] < 0) {
      rotation[r] = -rotation[r];
      rotation[r + 1] = -rotation[r + 1];
      rotation[r + 2] = -rotation[r + 2];
      rotation[r + 3] = -rotation[r + 3];
    }
  }
  return [
    { node, path: 'translation', times, values: translation, interpolation: 'LINEAR' },
    { node, path: 'rotation', times, values: rotation, interpolation: 'LINEAR' },
  ];
}

/**
 * The largest difference, halfway between keys, of the client's local matrix (D3DX slerp of the raw
 * quaternions, lerp of positions) and what the shear node and joint give there (glTF interpolation).
 */
function betweenKeysError(keys: Float32Array, count: number, t: Float32Array, r: Float32Array, s: Float32Array, inner: Float32Array): number {
  let worst = 0;
  const q = [0, 0, 0, 0], mid = new Float64Array(KEY_FLOATS), row = new Float64Array(16), client = new Float64Array(16);
  const ours = new Float64Array(16), a = new Float64Array(16), b = new Float64Array(16);
  for (let f = 0; f + 1 < count; f++) {
    d3dxSlerp(keys, f * KEY_FLOATS, keys, f * KEY_FLOATS + KEY_FLOATS, 0.5, q);
    mid.set(q);
    for (let c = 4; c < KEY_FLOATS; c++) mid[c] = (keys[f * KEY_FLOATS + c] + keys[f * KEY_FLOATS + KEY_FLOATS + c]) / 2;
    convertMatrix(clientKeyRow(mid, 0, row), client);
    const lerp = (v: Float32Array, size: number) => Array.from({ length: size }, (_, c) => (v[f * size + c] + v[f * size + size + c]) / 2);
    math.fromTRS(lerp(t, 3), math.quatSlerp(r.subarray(f * 4, f * 4 + 4), r.subarray(f * 4 + 4, f * 4 + 8), 0.5), lerp(s, 3), a);
    math.fromTRS([0, 0, 0], math.quatSlerp(inner.subarray(f * 4, f * 4 + 4), inner.subarray(f * 4 + 4, f * 4 + 8), 0.5), [1, 1, 1], b);
    multiply(a, b, ours);
    worst = Math.max(worst, relativeDifference(client, ours));
  }
  return worst;
}
