import { math, zeroNonFinite, type AnimationChannel, type WarningSink } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';
import { jointTracks, type KeyTrack } from '../read/key-tracks.js';
import { KEY_SIZE } from '../read/layout.js';
import { bindOf } from './bind-pose.js';
import { finiteOr0 } from './finite.js';
import { hermiteTangents } from './hermite.js';
import { orderedKeys, type KeyWindow } from './key-order.js';

/**
 * The joint's keys as glTF channels. Keys are relative to the bind pose, as the author's viewer
 * evaluates them: local(t) = T(p_bind) · R_bind · T(p_key) · R(r_key), so
 * rotation = q_bind ⊗ q_key and translation = p_bind + R_bind · p_key. Non-finite translation
 * values become 0, counted in `notFinite`.
 */
export function jointChannels(
  joint: Ms3dJoint,
  jointIndex: number,
  node: number,
  positionInterpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE',
  sink: WarningSink,
  notFinite: { count: number },
  window?: KeyWindow,
): AnimationChannel[] {
  const channels: AnimationChannel[] = [];
  const bind = bindOf(joint);
  const label = `joint ${jointIndex} '${joint.name}'`;

  const [rotTrack, posTrack] = jointTracks(joint);
  const rot = orderedKeys(rotTrack, `${label} rotation keys`, sink, window);
  const rotCount = rot ? rot.length : rotTrack.count;
  if (rotCount) {
    const times = new Float32Array(rotCount);
    const values = new Float32Array(rotCount * 4);
    rotationKeys(rotTrack, rot, bind.rotation, times, values);
    channels.push({ node, path: 'rotation', times, values, interpolation: 'LINEAR' });
  }

  const pos = orderedKeys(posTrack, `${label} position keys`, sink, window);
  const n = pos ? pos.length : posTrack.count;
  if (n) {
    const times = new Float32Array(n);
    const cubic = positionInterpolation === 'CUBICSPLINE';
    const values = new Float32Array(n * (cubic ? 9 : 3));
    const offsets = cubic ? new Float64Array(n * 3) : undefined; // R_bind · p_key, for the tangents
    positionKeys(posTrack, pos, bind, times, values, offsets, notFinite);
    if (offsets) {
      hermiteTangents(times, offsets, values);
      notFinite.count += zeroNonFinite(values);
    }
    channels.push({ node, path: 'translation', times, values, interpolation: positionInterpolation });
  }
  return channels;
}

// The two key loops are functions of their own, not inline in `jointChannels`: a loop inside a
// once-per-joint function runs OSR code, which a full GC drops (issue 25, bench/src/gc-probe.ts).

/** Rotation keys `q_bind ⊗ q_key` in `order` (or file order), unit and continuous, into `values`. */
function rotationKeys(track: KeyTrack, order: number[] | undefined, bind: readonly number[], times: Float32Array, values: Float32Array): void {
  const key = track.view;
  const base = track.byteOffset;
  const bx = bind[0], by = bind[1], bz = bind[2], bw = bind[3];
  // sin/cos of the last half angle per axis: tracks often hold an axis constant.
  let phx = NaN, phy = NaN, phz = NaN;
  let cx = 1, sx = 0, cy = 1, sy = 0, cz = 1, sz = 0;
  for (let i = 0; i < times.length; i++) {
    const k = base + (order ? order[i] : i) * KEY_SIZE;
    times[i] = key.getFloat32(k, true);
    // q_key = qz ⊗ qy ⊗ qx (as math.quatFromEulerXYZ), then q_bind ⊗ q_key, inlined: tracks run to 10⁵ keys.
    const hx = finiteOr0(key.getFloat32(k + 4, true)) / 2, hy = finiteOr0(key.getFloat32(k + 8, true)) / 2, hz = finiteOr0(key.getFloat32(k + 12, true)) / 2;
    if (hx !== phx) {
      phx = hx;
      cx = Math.cos(hx);
      sx = Math.sin(hx);
    }
    if (hy !== phy) {
      phy = hy;
      cy = Math.cos(hy);
      sy = Math.sin(hy);
    }
    if (hz !== phz) {
      phz = hz;
      cz = Math.cos(hz);
      sz = Math.sin(hz);
    }
    const kx = sx * cy * cz - cx * sy * sz;
    const ky = cx * sy * cz + sx * cy * sz;
    const kz = cx * cy * sz - sx * sy * cz;
    const kw = cx * cy * cz + sx * sy * sz;
    const x = bw * kx + bx * kw + by * kz - bz * ky;
    const y = bw * ky - bx * kz + by * kw + bz * kx;
    const z = bw * kz + bx * ky - by * kx + bz * kw;
    const w = bw * kw - bx * kx - by * ky - bz * kz;
    const l = math.hypot4(x, y, z, w) || 1;
    math.putUnitContinuous(values, i * 4, x, y, z, w, l);
  }
}

/**
 * Translation keys `p_bind + R_bind · p_key` into `values` (3 per key, or 9 with CUBICSPLINE's
 * tangent slots when `offsets` is given, which then gets R_bind · p_key in f64).
 */
function positionKeys(
  track: KeyTrack,
  order: number[] | undefined,
  bind: { position: readonly number[]; rotation: readonly number[] },
  times: Float32Array,
  values: Float32Array,
  offsets: Float64Array | undefined,
  notFinite: { count: number },
): void {
  const key = track.view;
  const base = track.byteOffset;
  const n = times.length;
  const stride = offsets ? 9 : 3;
  const at = offsets ? 3 : 0; // the value sits between the in and out tangents
  const x = bind.rotation[0], y = bind.rotation[1], z = bind.rotation[2], w = bind.rotation[3];
  const px = bind.position[0], py = bind.position[1], pz = bind.position[2];
  for (let i = 0; i < n; i++) {
    const k = base + (order ? order[i] : i) * KEY_SIZE;
    times[i] = key.getFloat32(k, true);
    // math.quatRotateVec3(bind.rotation, p_key), inlined with the same operation order.
    const v0 = finiteOr0(key.getFloat32(k + 4, true)), v1 = finiteOr0(key.getFloat32(k + 8, true)), v2 = finiteOr0(key.getFloat32(k + 12, true));
    const ix = w * v0 + y * v2 - z * v1;
    const iy = w * v1 + z * v0 - x * v2;
    const iz = w * v2 + x * v1 - y * v0;
    const iw = -x * v0 - y * v1 - z * v2;
    const r0 = ix * w + iw * -x + iy * -z - iz * -y;
    const r1 = iy * w + iw * -y + iz * -x - ix * -z;
    const r2 = iz * w + iw * -z + ix * -y - iy * -x;
    const o = i * stride + at;
    if (offsets) {
      values[o] = px + r0;
      values[o + 1] = py + r1;
      values[o + 2] = pz + r2;
      offsets[i * 3] = r0;
      offsets[i * 3 + 1] = r1;
      offsets[i * 3 + 2] = r2;
    } else {
      // Stored as f32, with the non-finite scrub fused in (a large bind offset can overflow f32).
      const a = Math.fround(px + r0), b = Math.fround(py + r1), c = Math.fround(pz + r2);
      if (a - a === 0) values[o] = a;
      else notFinite.count++;
      if (b - b === 0) values[o + 1] = b;
      else notFinite.count++;
      if (c - c === 0) values[o + 2] = c;
      else notFinite.count++;
    }
  }
}
