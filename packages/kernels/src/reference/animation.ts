import { expectArray, expectNumbers, expectOptionalArray } from '../guard.js';

/** Keys of every joint for one path, flattened. */
export interface KeyTrackSet {
  /** Keys of joint j are [offsets[j], offsets[j + 1]); jointCount + 1 entries, non-decreasing. */
  offsets: Uint32Array;
  /** Key times in seconds, ascending within each joint's range. */
  times: Float32Array;
  /** 3 floats per key (translation, scale, Euler XYZ radians) or 4 (rotation quaternion, xyzw). */
  values: Float32Array;
}

export interface BakeClipInput {
  /** Parent joint per joint, −1 for roots (any order; cycles are refused). */
  parents: ArrayLike<number>;
  /** 16 floats (column-major) per joint. */
  inverseBindMatrices: Float32Array;
  /** Rest pose, used where a joint has no keys of a path (and as the base when `relative`). */
  restTranslation?: Float32Array;
  restRotation?: Float32Array;
  restScale?: Float32Array;
  translation?: KeyTrackSet;
  rotation?: KeyTrackSet;
  scale?: KeyTrackSet;
  /** How rotation keys are stored: xyzw quaternions (default) or Euler XYZ radians (R = Rz·Ry·Rx). */
  rotationFormat?: 'quaternion' | 'euler-xyz';
  /** Keys compose with the rest pose (MS3D): T = rest + key, R = rest × key, S = rest × key. */
  relative?: boolean;
  /** Sample times in seconds, one per output frame. Keys hold before the first and after the last. */
  frameTimes: Float32Array;
}

interface Checked {
  n: number;
  order: Uint32Array;
  parents: Int32Array;
  restT: Float32Array;
  restR: Float32Array;
  restS: Float32Array;
  rotation?: KeyTrackSet;
}

function checkTracks(name: string, set: KeyTrackSet | undefined, n: number, size: number): void {
  if (!set) return;
  const { offsets, times, values } = set;
  // The WASM kernel reads offsets as u32: a negative Int32 offset or a float's bits would address
  // memory before or far past the key buffers.
  expectArray(`${name}.offsets`, offsets, Uint32Array);
  expectArray(`${name}.times`, times, Float32Array);
  expectArray(`${name}.values`, values, Float32Array);
  if (offsets.length !== n + 1) throw new RangeError(`${name}.offsets needs ${n + 1} entries, has ${offsets.length}`);
  for (let j = 0; j < n; j++) {
    if (offsets[j + 1] < offsets[j]) throw new RangeError(`${name}.offsets decrease at joint ${j}`);
  }
  const keys = offsets[n];
  if (keys > times.length || keys * size > values.length) {
    throw new RangeError(`${name}: ${keys} keys need ${keys} times and ${keys * size} values, have ${times.length} and ${values.length}`);
  }
}

/** Validates the input and orders joints parents-first. */
export function checkClip(input: BakeClipInput): Checked {
  expectNumbers('parents', input.parents);
  expectArray('inverseBindMatrices', input.inverseBindMatrices, Float32Array);
  expectArray('frameTimes', input.frameTimes, Float32Array);
  expectOptionalArray('restTranslation', input.restTranslation, Float32Array);
  expectOptionalArray('restRotation', input.restRotation, Float32Array);
  expectOptionalArray('restScale', input.restScale, Float32Array);
  const n = input.parents.length;
  const parents = Int32Array.from(input.parents);
  for (let j = 0; j < n; j++) {
    if (!Number.isInteger(input.parents[j]) || parents[j] < -1 || parents[j] >= n || parents[j] === j) {
      throw new RangeError(`joint ${j}: parent ${input.parents[j]} is not −1 or another of the ${n} joints`);
    }
  }
  const order = new Uint32Array(n);
  const depthDone = new Uint8Array(n);
  let filled = 0;
  const stack: number[] = [];
  for (let j = 0; j < n; j++) {
    // Walk up until a placed ancestor; place the chain top-down.
    let a = j;
    while (a >= 0 && !depthDone[a]) {
      stack.push(a);
      if (stack.length > n) throw new RangeError(`joint ${j}: its parent chain has a cycle`);
      a = parents[a];
    }
    while (stack.length) {
      const b = stack.pop()!;
      depthDone[b] = 1;
      order[filled++] = b;
    }
  }
  if (input.inverseBindMatrices.length < n * 16) throw new RangeError(`${n} joints need ${n * 16} inverse-bind floats, have ${input.inverseBindMatrices.length}`);
  const rest = (a: Float32Array | undefined, size: number, fill: number[], name: string) => {
    if (!a) {
      const out = new Float32Array(n * size);
      for (let j = 0; j < n; j++) out.set(fill, j * size);
      return out;
    }
    if (a.length < n * size) throw new RangeError(`${name} needs ${n * size} floats, has ${a.length}`);
    return a;
  };
  const rotationSize = input.rotationFormat === 'euler-xyz' ? 3 : 4;
  checkTracks('translation', input.translation, n, 3);
  checkTracks('rotation', input.rotation, n, rotationSize);
  checkTracks('scale', input.scale, n, 3);
  if (input.rotationFormat !== undefined && input.rotationFormat !== 'quaternion' && input.rotationFormat !== 'euler-xyz') {
    throw new RangeError(`rotationFormat must be 'quaternion' or 'euler-xyz', got ${String(input.rotationFormat)}`);
  }
  return {
    n,
    order,
    parents,
    restT: rest(input.restTranslation, 3, [0, 0, 0], 'restTranslation'),
    restR: rest(input.restRotation, 4, [0, 0, 0, 1], 'restRotation'),
    restS: rest(input.restScale, 3, [1, 1, 1], 'restScale'),
    rotation: input.rotation,
  };
}

/** Euler XYZ radians (R = Rz·Ry·Rx) → xyzw quaternions. TypeScript reference of the kernel. */
export function eulerToQuaternionsJS(euler: Float32Array, count = euler.length / 3): Float32Array {
  const out = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) {
    const hx = euler[i * 3] * 0.5, hy = euler[i * 3 + 1] * 0.5, hz = euler[i * 3 + 2] * 0.5;
    const cx = Math.cos(hx), sx = Math.sin(hx), cy = Math.cos(hy), sy = Math.sin(hy), cz = Math.cos(hz), sz = Math.sin(hz);
    out[i * 4] = sx * cy * cz - cx * sy * sz;
    out[i * 4 + 1] = cx * sy * cz + sx * cy * sz;
    out[i * 4 + 2] = cx * cy * sz - sx * sy * cz;
    out[i * 4 + 3] = cx * cy * cz + sx * sy * sz;
  }
  return out;
}

function locate(times: Float32Array, a: number, b: number, time: number): [number, number] {
  if (b - a === 0 || time <= times[a]) return [a, 0];
  if (time >= times[b - 1]) return [b - 1, 0];
  let lo = a, hi = b - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= time) lo = mid;
    else hi = mid;
  }
  const span = times[hi] - times[lo];
  return [lo, span > 0 ? (time - times[lo]) / span : 0];
}

function sampleVec3(set: KeyTrackSet, a: number, b: number, time: number, out: Float64Array): void {
  const [i, t] = locate(set.times, a, b, time);
  const v = set.values;
  for (let c = 0; c < 3; c++) {
    const x = v[i * 3 + c];
    out[c] = t === 0 || i + 1 >= b ? x : x + (v[i * 3 + 3 + c] - x) * t;
  }
}

function sampleQuat(values: Float32Array, times: Float32Array, a: number, b: number, time: number, out: Float64Array): void {
  const [i, t] = locate(times, a, b, time);
  const p = i * 4;
  // Deliberately the WASM kernel's packed slerp (assembly/animation.ts) line by line, not core's quatSlerp: the twins must round alike.
  const ax = values[p], ay = values[p + 1], az = values[p + 2], aw = values[p + 3];
  if (t === 0 || i + 1 >= b) {
    out[0] = ax; out[1] = ay; out[2] = az; out[3] = aw;
    return;
  }
  let bx = values[p + 4], by = values[p + 5], bz = values[p + 6], bw = values[p + 7];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx; by = -by; bz = -bz; bw = -bw;
  }
  let k0: number, k1: number;
  if (cos > 0.9995) {
    k0 = 1 - t;
    k1 = t;
  } else {
    const theta = Math.acos(Math.min(1, cos));
    const sin = Math.sin(theta);
    k0 = Math.sin((1 - t) * theta) / sin;
    k1 = Math.sin(t * theta) / sin;
  }
  const x = ax * k0 + bx * k1, y = ay * k0 + by * k1, z = az * k0 + bz * k1, w = aw * k0 + bw * k1;
  const l = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  out[0] = x / l; out[1] = y / l; out[2] = z / l; out[3] = w / l;
}

function writeTRS(t: Float64Array, r: Float64Array, s: Float64Array, out: Float32Array, o: number): void {
  const x = r[0], y = r[1], z = r[2], w = r[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[o] = (1 - (yy + zz)) * s[0]; out[o + 1] = (xy + wz) * s[0]; out[o + 2] = (xz - wy) * s[0]; out[o + 3] = 0;
  out[o + 4] = (xy - wz) * s[1]; out[o + 5] = (1 - (xx + zz)) * s[1]; out[o + 6] = (yz + wx) * s[1]; out[o + 7] = 0;
  out[o + 8] = (xz + wy) * s[2]; out[o + 9] = (yz - wx) * s[2]; out[o + 10] = (1 - (xx + yy)) * s[2]; out[o + 11] = 0;
  out[o + 12] = t[0]; out[o + 13] = t[1]; out[o + 14] = t[2]; out[o + 15] = 1;
}

function mul4(a: Float32Array, ao: number, b: Float32Array, bo: number, out: Float32Array, oo: number): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[bo + c * 4], b1 = b[bo + c * 4 + 1], b2 = b[bo + c * 4 + 2], b3 = b[bo + c * 4 + 3];
    for (let r = 0; r < 4; r++) out[oo + c * 4 + r] = a[ao + r] * b0 + a[ao + 4 + r] * b1 + a[ao + 8 + r] * b2 + a[ao + 12 + r] * b3;
  }
}

/** TypeScript reference of {@link bakeAnimation}. */
export function bakeAnimationJS(input: BakeClipInput): Float32Array {
  const { n, order, parents, restT, restR, restS } = checkClip(input);
  const frames = input.frameTimes.length;
  const out = new Float32Array(frames * n * 16);
  const world = new Float32Array(n * 16);
  const local = new Float32Array(16);
  const ibm = input.inverseBindMatrices;
  const rot = input.rotation;
  const rotValues = rot && input.rotationFormat === 'euler-xyz' ? eulerToQuaternionsJS(rot.values, rot.offsets[n]) : rot?.values;
  const t = new Float64Array(3), r = new Float64Array(4), s = new Float64Array(3), v = new Float64Array(4);
  for (let f = 0; f < frames; f++) {
    const time = input.frameTimes[f];
    const base = f * n * 16;
    for (let o = 0; o < n; o++) {
      const j = order[o];
      t[0] = restT[j * 3]; t[1] = restT[j * 3 + 1]; t[2] = restT[j * 3 + 2];
      r[0] = restR[j * 4]; r[1] = restR[j * 4 + 1]; r[2] = restR[j * 4 + 2]; r[3] = restR[j * 4 + 3];
      s[0] = restS[j * 3]; s[1] = restS[j * 3 + 1]; s[2] = restS[j * 3 + 2];
      const tr = input.translation;
      if (tr && tr.offsets[j + 1] > tr.offsets[j]) {
        sampleVec3(tr, tr.offsets[j], tr.offsets[j + 1], time, v);
        for (let c = 0; c < 3; c++) t[c] = input.relative ? t[c] + v[c] : v[c];
      }
      if (rot && rotValues && rot.offsets[j + 1] > rot.offsets[j]) {
        sampleQuat(rotValues, rot.times, rot.offsets[j], rot.offsets[j + 1], time, v);
        if (input.relative) {
          const [rx, ry, rz, rw] = r;
          const [q0, q1, q2, q3] = v;
          r[0] = rw * q0 + rx * q3 + ry * q2 - rz * q1;
          r[1] = rw * q1 - rx * q2 + ry * q3 + rz * q0;
          r[2] = rw * q2 + rx * q1 - ry * q0 + rz * q3;
          r[3] = rw * q3 - rx * q0 - ry * q1 - rz * q2;
        } else r.set(v);
      }
      const sc = input.scale;
      if (sc && sc.offsets[j + 1] > sc.offsets[j]) {
        sampleVec3(sc, sc.offsets[j], sc.offsets[j + 1], time, v);
        for (let c = 0; c < 3; c++) s[c] = input.relative ? s[c] * v[c] : v[c];
      }
      const p = parents[j];
      if (p < 0) writeTRS(t, r, s, world, j * 16);
      else {
        writeTRS(t, r, s, local, 0);
        mul4(world, p * 16, local, 0, world, j * 16);
      }
      mul4(world, j * 16, ibm, j * 16, out, base + j * 16);
    }
  }
  return out;
}
