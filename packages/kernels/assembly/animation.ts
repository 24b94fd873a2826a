// Animation baking: keys → per-frame local TRS → world matrices down the hierarchy → skinning
// matrices (world × inverse bind), for a whole clip in one call.

/** Euler XYZ radians (X applied first: R = Rz·Ry·Rx) → xyzw quaternions, `count` triples. */
export function eulerToQuat(src: usize, count: u32, dst: usize): void {
  for (let i: usize = 0; i < count; i++) {
    const e = src + i * 12;
    const hx = <f64>load<f32>(e) * 0.5, hy = <f64>load<f32>(e, 4) * 0.5, hz = <f64>load<f32>(e, 8) * 0.5;
    const cx = Math.cos(hx), sx = Math.sin(hx), cy = Math.cos(hy), sy = Math.sin(hy), cz = Math.cos(hz), sz = Math.sin(hz);
    const q = dst + i * 16;
    store<f32>(q, <f32>(sx * cy * cz - cx * sy * sz));
    store<f32>(q, <f32>(cx * sy * cz + sx * cy * sz), 4);
    store<f32>(q, <f32>(cx * cy * sz - sx * sy * cz), 8);
    store<f32>(q, <f32>(cx * cy * cz + sx * sy * sz), 12);
  }
}

// Scratch for the sampled TRS of one joint (module globals: no allocator, single-threaded).
let tx: f64 = 0, ty: f64 = 0, tz: f64 = 0;
let rx: f64 = 0, ry: f64 = 0, rz: f64 = 0, rw: f64 = 1;
let sx: f64 = 1, sy: f64 = 1, sz: f64 = 1;
let keyIndex: u32 = 0;
let keyT: f64 = 0;

/** Finds the interval of `time` in keys [a, b): sets keyIndex and keyT (holds the end keys). */
function locate(times: usize, a: u32, b: u32, time: f64): void {
  const n = b - a;
  if (n == 0 || time <= <f64>load<f32>(times + (<usize>a << 2))) {
    keyIndex = a;
    keyT = 0;
    return;
  }
  if (time >= <f64>load<f32>(times + (<usize>(b - 1) << 2))) {
    keyIndex = b - 1;
    keyT = 0;
    return;
  }
  let lo = a, hi = b - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (<f64>load<f32>(times + (<usize>mid << 2)) <= time) lo = mid;
    else hi = mid;
  }
  const t0 = <f64>load<f32>(times + (<usize>lo << 2));
  const span = <f64>load<f32>(times + (<usize>hi << 2)) - t0;
  keyIndex = lo;
  keyT = span > 0 ? (time - t0) / span : 0;
}

/** Samples a 3-component linear track into (ox, oy, oz) via the returned globals. */
let v0: f64 = 0, v1: f64 = 0, v2: f64 = 0;
function sampleVec3(times: usize, values: usize, a: u32, b: u32, time: f64): void {
  locate(times, a, b, time);
  const p = values + <usize>keyIndex * 12;
  const x = <f64>load<f32>(p), y = <f64>load<f32>(p, 4), z = <f64>load<f32>(p, 8);
  if (keyT == 0 || keyIndex + 1 >= b) {
    v0 = x; v1 = y; v2 = z;
    return;
  }
  const t = keyT;
  v0 = x + (<f64>load<f32>(p, 12) - x) * t;
  v1 = y + (<f64>load<f32>(p, 16) - y) * t;
  v2 = z + (<f64>load<f32>(p, 20) - z) * t;
}

let q0: f64 = 0, q1: f64 = 0, q2: f64 = 0, q3: f64 = 1;
function sampleQuat(times: usize, values: usize, a: u32, b: u32, time: f64): void {
  locate(times, a, b, time);
  const p = values + (<usize>keyIndex << 4);
  // Twin of the TypeScript reference's slerp (src/reference/animation.ts): keep the two line by line alike.
  const ax = <f64>load<f32>(p), ay = <f64>load<f32>(p, 4), az = <f64>load<f32>(p, 8), aw = <f64>load<f32>(p, 12);
  if (keyT == 0 || keyIndex + 1 >= b) {
    q0 = ax; q1 = ay; q2 = az; q3 = aw;
    return;
  }
  const t = keyT;
  let bx = <f64>load<f32>(p, 16), by = <f64>load<f32>(p, 20), bz = <f64>load<f32>(p, 24), bw = <f64>load<f32>(p, 28);
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx; by = -by; bz = -bz; bw = -bw;
  }
  let k0: f64, k1: f64;
  if (cos > 0.9995) {
    k0 = 1 - t;
    k1 = t;
  } else {
    const theta = Math.acos(cos < 1 ? cos : 1);
    const sin = Math.sin(theta);
    k0 = Math.sin((1 - t) * theta) / sin;
    k1 = Math.sin(t * theta) / sin;
  }
  let x = ax * k0 + bx * k1, y = ay * k0 + by * k1, z = az * k0 + bz * k1, w = aw * k0 + bw * k1;
  let l = Math.sqrt(x * x + y * y + z * z + w * w);
  if (!(l != 0)) l = 1;
  q0 = x / l; q1 = y / l; q2 = z / l; q3 = w / l;
}

/** Column-major TRS matrix into 16 f32 at `out` (same arithmetic as core's fromTRS). */
function writeTRS(out: usize): void {
  const x2 = rx + rx, y2 = ry + ry, z2 = rz + rz;
  const xx = rx * x2, xy = rx * y2, xz = rx * z2, yy = ry * y2, yz = ry * z2, zz = rz * z2;
  const wx = rw * x2, wy = rw * y2, wz = rw * z2;
  store<f32>(out, <f32>((1 - (yy + zz)) * sx), 0);
  store<f32>(out, <f32>((xy + wz) * sx), 4);
  store<f32>(out, <f32>((xz - wy) * sx), 8);
  store<f32>(out, 0, 12);
  store<f32>(out, <f32>((xy - wz) * sy), 16);
  store<f32>(out, <f32>((1 - (xx + zz)) * sy), 20);
  store<f32>(out, <f32>((yz + wx) * sy), 24);
  store<f32>(out, 0, 28);
  store<f32>(out, <f32>((xz + wy) * sz), 32);
  store<f32>(out, <f32>((yz - wx) * sz), 36);
  store<f32>(out, <f32>((1 - (xx + yy)) * sz), 40);
  store<f32>(out, 0, 44);
  store<f32>(out, <f32>tx, 48);
  store<f32>(out, <f32>ty, 52);
  store<f32>(out, <f32>tz, 56);
  store<f32>(out, 1, 60);
}

/** out = a × b, column-major 4×4 f32. `out` may not alias `b`. */
function mul4(a: usize, b: usize, out: usize): void {
  if (ASC_FEATURE_SIMD) {
    const a0 = v128.load(a), a1 = v128.load(a, 16), a2 = v128.load(a, 32), a3 = v128.load(a, 48);
    for (let c: usize = 0; c < 64; c += 16) {
      const col = b + c;
      const r = f32x4.add(
        f32x4.add(f32x4.mul(a0, f32x4.splat(load<f32>(col))), f32x4.mul(a1, f32x4.splat(load<f32>(col, 4)))),
        f32x4.add(f32x4.mul(a2, f32x4.splat(load<f32>(col, 8))), f32x4.mul(a3, f32x4.splat(load<f32>(col, 12)))),
      );
      v128.store(out + c, r);
    }
    return;
  }
  for (let r: usize = 0; r < 16; r += 4) {
    const a0 = load<f32>(a + r), a1 = load<f32>(a + r + 16), a2 = load<f32>(a + r + 32), a3 = load<f32>(a + r + 48);
    for (let c: usize = 0; c < 64; c += 16) {
      const col = b + c;
      store<f32>(out + c + r, a0 * load<f32>(col) + a1 * load<f32>(col, 4) + a2 * load<f32>(col, 8) + a3 * load<f32>(col, 12));
    }
  }
}

/**
 * Bakes `frameCount` frames (sample times in `frameTimes`, f32 seconds) for `jointCount` joints.
 * `order` lists joints parents-first; `parents` are -1 for roots. Tracks: per joint key range
 * offsets (u32, jointCount + 1) into times (f32) and values (f32; 3 per key, 4 for rotation
 * quaternions); an offsets pointer of 0 means no track of that kind. `relative` composes keys with
 * the rest pose (T = rest + key, R = rest × key, S = rest × key). `local` is 16 f32 of scratch,
 * `world` jointCount × 16 f32 of scratch; `out` receives frames × joints × 16 skinning matrices.
 */
// Its parameter list is mirrored in src/runtime.ts (the module's typed exports): deliberately the same.
export function bakeClip(
  jointCount: u32, frameCount: u32, frameTimes: usize, order: usize, parents: usize, inverseBind: usize,
  restT: usize, restR: usize, restS: usize,
  tOff: usize, tTimes: usize, tValues: usize,
  rOff: usize, rTimes: usize, rValues: usize,
  sOff: usize, sTimes: usize, sValues: usize,
  relative: u32, local: usize, world: usize, out: usize,
): void {
  for (let f: u32 = 0; f < frameCount; f++) {
    const time = <f64>load<f32>(frameTimes + (<usize>f << 2));
    const frameOut = out + <usize>f * jointCount * 64;
    for (let o: u32 = 0; o < jointCount; o++) {
      const j = load<u32>(order + (<usize>o << 2));
      const rt = restT + <usize>j * 12, rr = restR + (<usize>j << 4), rs = restS + <usize>j * 12;
      tx = <f64>load<f32>(rt); ty = <f64>load<f32>(rt, 4); tz = <f64>load<f32>(rt, 8);
      rx = <f64>load<f32>(rr); ry = <f64>load<f32>(rr, 4); rz = <f64>load<f32>(rr, 8); rw = <f64>load<f32>(rr, 12);
      sx = <f64>load<f32>(rs); sy = <f64>load<f32>(rs, 4); sz = <f64>load<f32>(rs, 8);
      if (tOff) {
        const a = load<u32>(tOff + (<usize>j << 2)), b = load<u32>(tOff + (<usize>j << 2), 4);
        if (b > a) {
          sampleVec3(tTimes, tValues, a, b, time);
          if (relative) { tx += v0; ty += v1; tz += v2; } else { tx = v0; ty = v1; tz = v2; }
        }
      }
      if (rOff) {
        const a = load<u32>(rOff + (<usize>j << 2)), b = load<u32>(rOff + (<usize>j << 2), 4);
        if (b > a) {
          sampleQuat(rTimes, rValues, a, b, time);
          if (relative) {
            // rest × key (Hamilton product)
            const x = rw * q0 + rx * q3 + ry * q2 - rz * q1;
            const y = rw * q1 - rx * q2 + ry * q3 + rz * q0;
            const z = rw * q2 + rx * q1 - ry * q0 + rz * q3;
            const w = rw * q3 - rx * q0 - ry * q1 - rz * q2;
            rx = x; ry = y; rz = z; rw = w;
          } else {
            rx = q0; ry = q1; rz = q2; rw = q3;
          }
        }
      }
      if (sOff) {
        const a = load<u32>(sOff + (<usize>j << 2)), b = load<u32>(sOff + (<usize>j << 2), 4);
        if (b > a) {
          sampleVec3(sTimes, sValues, a, b, time);
          if (relative) { sx *= v0; sy *= v1; sz *= v2; } else { sx = v0; sy = v1; sz = v2; }
        }
      }
      const w = world + (<usize>j << 6);
      const parent = load<i32>(parents + (<usize>j << 2));
      if (parent < 0) writeTRS(w);
      else {
        writeTRS(local);
        mul4(world + (<usize>parent << 6), local, w);
      }
      mul4(w, inverseBind + (<usize>j << 6), frameOut + (<usize>j << 6));
    }
  }
}
