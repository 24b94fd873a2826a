import { math, zeroNonFinite, type AnimationChannel, type Quat, type Vec3, type WarningSink } from '@relic3d/core';
import { jointTracks, type KeyTrack } from './keys.js';
import type { Ms3dJoint } from './types.js';

/**
 * Parent joint index per joint, found by name: exact first, then case-insensitive (the viewer
 * compares exactly, Maverick Model 3D case-insensitively). Unresolvable names and cycles become
 * roots with a warning.
 */
export function resolveParents(joints: Ms3dJoint[], sink: WarningSink): Int32Array {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  joints.forEach((j, i) => {
    if (!exact.has(j.name)) exact.set(j.name, i);
    const key = j.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, i);
  });
  const parents = new Int32Array(joints.length).fill(-1);
  joints.forEach((j, i) => {
    if (j.parentName === '') return;
    let p = exact.get(j.parentName);
    if (p === undefined) p = folded.get(j.parentName.toLowerCase());
    if (p === undefined) {
      sink.warn('MS3D_UNKNOWN_PARENT', `joint ${i} '${j.name}' names parent '${j.parentName}', which does not exist; it becomes a root`);
      return;
    }
    if (p === i) {
      sink.warn('MS3D_PARENT_CYCLE', `joint ${i} '${j.name}' is its own parent; it becomes a root`);
      return;
    }
    parents[i] = p;
  });
  // Cut cycles: walk up from each joint; meeting a joint of the current walk closes a loop.
  const state = new Uint8Array(joints.length); // 0 new, 1 on this walk, 2 done
  const walk: number[] = [];
  for (let start = 0; start < joints.length; start++) {
    let k = start;
    walk.length = 0;
    while (k >= 0 && state[k] === 0) {
      state[k] = 1;
      walk.push(k);
      k = parents[k];
    }
    if (k >= 0 && state[k] === 1) {
      const last = walk[walk.length - 1];
      parents[last] = -1;
      sink.warn('MS3D_PARENT_CYCLE', `joint ${last} '${joints[last].name}' closes a parent cycle; it becomes a root`);
    }
    for (const w of walk) state[w] = 2;
  }
  return parents;
}

/** Joint indices with every parent before its children. */
export function parentsFirst(parents: Int32Array): number[] {
  const children: number[][] = Array.from({ length: parents.length }, () => []);
  const order: number[] = [];
  parents.forEach((p, i) => (p >= 0 ? children[p].push(i) : order.push(i)));
  for (let k = 0; k < order.length; k++) for (const c of children[order[k]]) order.push(c);
  return order;
}

/** R = Rz · Ry · Rx of radian Euler angles (MilkShape's AngleMatrix), as an xyzw quaternion. */
export function eulerToQuat(x: number, y: number, z: number): Quat {
  return math.quatFromEulerXYZ(x, y, z);
}

/** Global bind matrices (column-major, 16 floats per joint): T(position) · R(rotation) chained. */
export function globalBindMatrices(joints: Ms3dJoint[], parents: Int32Array): Float64Array {
  const out = new Float64Array(joints.length * 16);
  const local = new Float64Array(16);
  for (const j of parentsFirst(parents)) {
    const bind = bindOf(joints[j]);
    math.fromTRS(bind.position, bind.rotation, [1, 1, 1], local);
    const target = out.subarray(j * 16, j * 16 + 16);
    const p = parents[j];
    if (p >= 0) math.multiply(out.subarray(p * 16, p * 16 + 16), local, target);
    else target.set(local);
  }
  return out;
}

function finiteOr0(v: number): number {
  return Number.isFinite(v) ? v : 0;
}

/**
 * Keys in strictly increasing time order, with non-finite and negative times dropped. Equal
 * times keep the later key. Returns the kept key indices, or `undefined` when every key is kept
 * in file order (the common case, found without allocating).
 */
function orderedKeys(track: KeyTrack, what: string, sink: WarningSink): number[] | undefined {
  const { view, byteOffset, count: n } = track;
  const time = (k: number): number => view.getFloat32(byteOffset + k * 16, true);
  let previous = -1;
  let k = 0;
  for (; k < n; k++) {
    const t = time(k);
    // The comparisons also reject NaN: a finite non-negative time above the previous one passes.
    if (!(t >= 0) || !(t > previous) || t === Infinity) break;
    previous = t;
  }
  if (k === n) return undefined;
  const kept: number[] = [];
  let dropped = 0;
  let sorted = true;
  for (let k = 0; k < n; k++) {
    const t = time(k);
    if (!Number.isFinite(t) || t < 0) {
      dropped++;
      continue;
    }
    if (kept.length && time(kept[kept.length - 1]) >= t) sorted = false;
    kept.push(k);
  }
  let result = kept;
  if (!sorted) {
    result = kept.slice().sort((a, b) => time(a) - time(b) || a - b);
    const unique: number[] = [];
    for (const k of result) {
      if (unique.length && time(unique[unique.length - 1]) === time(k)) {
        unique[unique.length - 1] = k;
        dropped++;
      } else unique.push(k);
    }
    result = unique;
    sink.warn('MS3D_KEY_ORDER', `${what}: key times are not increasing; keys were sorted`);
  }
  if (dropped) sink.warn('MS3D_BAD_KEYS', `${what}: ${dropped} keys with a bad or repeated time were dropped`);
  return result;
}

/**
 * Math.hypot(a, b, c, d) for finite arguments, bit for bit: V8's algorithm (normalise by the
 * largest magnitude, Kahan-sum the squares), without the variadic call, which costs more than
 * the rest of a key's conversion.
 */
function hypot4(a: number, b: number, c: number, d: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  c = Math.abs(c);
  d = Math.abs(d);
  let max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (d > max) max = d;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  let n = a / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = b / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = c / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = d / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}

/** Finite bind values of a joint (a corrupt file may hold NaN). */
export function bindOf(joint: Ms3dJoint): { position: Vec3; rotation: Quat } {
  const p = joint.position.map(finiteOr0) as Vec3;
  const r = joint.rotation.map(finiteOr0) as Vec3;
  return { position: p, rotation: eulerToQuat(r[0], r[1], r[2]) };
}

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
): AnimationChannel[] {
  const channels: AnimationChannel[] = [];
  const bind = bindOf(joint);
  const label = `joint ${jointIndex} '${joint.name}'`;

  const [rotTrack, posTrack] = jointTracks(joint);
  const rot = orderedKeys(rotTrack, `${label} rotation keys`, sink);
  const rotCount = rot ? rot.length : rotTrack.count;
  if (rotCount) {
    const times = new Float32Array(rotCount);
    const values = new Float32Array(rotCount * 4);
    const key = rotTrack.view;
    const base = rotTrack.byteOffset;
    const bx = bind.rotation[0], by = bind.rotation[1], bz = bind.rotation[2], bw = bind.rotation[3];
    // sin/cos of the last half angle per axis: tracks often hold an axis constant.
    let phx = NaN, phy = NaN, phz = NaN;
    let cx = 1, sx = 0, cy = 1, sy = 0, cz = 1, sz = 0;
    for (let i = 0; i < rotCount; i++) {
      const k = base + (rot ? rot[i] : i) * 16;
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
      const l = hypot4(x, y, z, w) || 1;
      const o = i * 4;
      values[o] = x / l;
      values[o + 1] = y / l;
      values[o + 2] = z / l;
      values[o + 3] = w / l;
      // math.makeQuaternionsContinuous, fused: flip to the short way from the previous stored key.
      if (i > 0 && values[o] * values[o - 4] + values[o + 1] * values[o - 3] + values[o + 2] * values[o - 2] + values[o + 3] * values[o - 1] < 0) {
        values[o] = -values[o];
        values[o + 1] = -values[o + 1];
        values[o + 2] = -values[o + 2];
        values[o + 3] = -values[o + 3];
      }
    }
    channels.push({ node, path: 'rotation', times, values, interpolation: 'LINEAR' });
  }

  const pos = orderedKeys(posTrack, `${label} position keys`, sink);
  const n = pos ? pos.length : posTrack.count;
  if (n) {
    const key = posTrack.view;
    const base = posTrack.byteOffset;
    const times = new Float32Array(n);
    const cubic = positionInterpolation === 'CUBICSPLINE';
    const stride = cubic ? 9 : 3;
    const at = cubic ? 3 : 0; // the value sits between the in and out tangents
    const values = new Float32Array(n * stride);
    const offsets = cubic ? new Float64Array(n * 3) : undefined; // R_bind · p_key, for the tangents
    const x = bind.rotation[0], y = bind.rotation[1], z = bind.rotation[2], w = bind.rotation[3];
    const px = bind.position[0], py = bind.position[1], pz = bind.position[2];
    for (let i = 0; i < n; i++) {
      const k = base + (pos ? pos[i] : i) * 16;
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
    if (offsets) {
      hermiteTangents(times, offsets, values);
      notFinite.count += zeroNonFinite(values);
    }
    channels.push({ node, path: 'translation', times, values, interpolation: positionInterpolation });
  }
  return channels;
}

/**
 * The viewer's position tangents (msModel::SetupTangents) as glTF CUBICSPLINE tangents. For more
 * than 2 keys, key k gets tangent = p[k+1] − p[k−1] (indices wrap around the track), split into
 * in = tangent·dt1/(dt1+dt2) and out = tangent·dt2/(dt1+dt2) with dt1, dt2 the times to the
 * neighbours; 1-2 keys get zero tangents. The viewer's tangents are per normalised segment, glTF's
 * per second, hence the division by the segment length. The bind offset is constant, so the
 * tangents of `R_bind · p_key` equal the key tangents rotated.
 */
function hermiteTangents(times: Float32Array, offsets: Float64Array, values: Float32Array): void {
  const n = times.length;
  if (n <= 2) return;
  for (let k = 0; k < n; k++) {
    const k0 = k === 0 ? n - 1 : k - 1;
    const k2 = k === n - 1 ? 0 : k + 1;
    const dt1 = times[k] - times[k0];
    const dt2 = times[k2] - times[k];
    const dt = dt1 + dt2;
    if (!dt) continue;
    const segmentIn = k > 0 ? times[k] - times[k - 1] : 0;
    const segmentOut = k < n - 1 ? times[k + 1] - times[k] : 0;
    for (let c = 0; c < 3; c++) {
      const tangent = offsets[k2 * 3 + c] - offsets[k0 * 3 + c];
      if (segmentIn > 0) values[k * 9 + c] = (tangent * dt1) / dt / segmentIn;
      if (segmentOut > 0) values[k * 9 + 6 + c] = (tangent * dt2) / dt / segmentOut;
    }
  }
}
