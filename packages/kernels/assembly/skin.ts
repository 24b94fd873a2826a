// Skin-weight packing (top 4, renormalised) and CPU linear-blend skinning.

// Element types of strided influence inputs.
export const J_I32: u32 = 0, J_U16: u32 = 1;
export const W_F64: u32 = 0, W_F32: u32 = 1;

// @ts-ignore: decorator
@inline function loadJoint(p: usize, type: u32): i32 {
  return type == J_I32 ? load<i32>(p) : type == J_U16 ? <i32>load<u16>(p) : <i32>load<u8>(p);
}

// @ts-ignore: decorator
@inline function loadWeight(p: usize, type: u32): f64 {
  return type == W_F64 ? load<f64>(p) : <f64>load<f32>(p);
}

/**
 * packSkin for one vertex of at most 4 influences, in registers (a stable bubble sort gives the
 * reference's order): writes all 4 output joints (u16 at `oj`) and weights (f32 at `ow`). Returns
 * false when no weight is positive (the first joint, weight 1). Shared with the influence kernels,
 * which pack each vertex straight from a per-vertex scratch.
 */
// @ts-ignore: decorator
@inline export function packFew(
  influences: u32, jr: usize, jointStep: u32, jointType: u32, wr: usize, weightStep: u32, weightType: u32, oj: usize, ow: usize,
): bool {
  let n: u32 = 0;
  let j0: i32 = 0, j1: i32 = 0, j2: i32 = 0, j3: i32 = 0;
  let w0: f64 = -1, w1: f64 = -1, w2: f64 = -1, w3: f64 = -1;
  for (let k: u32 = 0; k < influences; k++) {
    const w = loadWeight(wr + <usize>k * weightStep, weightType);
    if (!(w > 0)) continue;
    const j = loadJoint(jr + <usize>k * jointStep, jointType);
    if (n > 0 && j == j0) w0 += w;
    else if (n > 1 && j == j1) w1 += w;
    else if (n > 2 && j == j2) w2 += w;
    else if (n > 3 && j == j3) w3 += w;
    else {
      if (n == 0) { j0 = j; w0 = w; } else if (n == 1) { j1 = j; w1 = w; } else if (n == 2) { j2 = j; w2 = w; } else { j3 = j; w3 = w; }
      n++;
    }
  }
  if (n == 0) {
    store<u64>(oj, <u64><u16>(influences > 0 ? loadJoint(jr, jointType) : 0));
    store<f32>(ow, 1);
    store<f32>(ow, 0, 4);
    store<u64>(ow, 0, 8);
    return false;
  }
  if (n <= 2) {
    // One compare-exchange is the network's result for two (the −1 slots never move): O3D's pairs.
    // Selects, not branches: the pairs' order is the file's.
    const c = w0 < w1;
    const a = select<i32>(j1, j0, c), b = select<i32>(j0, j1, c);
    const wa = select<f64>(w1, w0, c), wb = select<f64>(w0, w1, c);
    const two = n == 2;
    const sum2 = two ? wa + wb : wa;
    store<u16>(oj, <u16>a);
    store<f32>(ow, <f32>(wa / sum2));
    store<u16>(oj, select<u16>(<u16>b, 0, two), 2);
    store<f32>(ow, select<f32>(<f32>(wb / sum2), 0, two), 4);
    store<u32>(oj, 0, 4);
    store<u64>(ow, 0, 8);
    return true;
  }
  // Branchless compare-exchange (wasm select): random weights would mispredict branches. Bubble
  // sort's passes, each one shorter: after pass k the last k slots hold their final weights, so
  // the three compare-exchanges the full passes add there never swap (6 instead of 9).
  let c: bool, tjx: i32, twx: f64;
  c = w0 < w1; tjx = select<i32>(j1, j0, c); j1 = select<i32>(j0, j1, c); j0 = tjx; twx = select<f64>(w1, w0, c); w1 = select<f64>(w0, w1, c); w0 = twx;
  c = w1 < w2; tjx = select<i32>(j2, j1, c); j2 = select<i32>(j1, j2, c); j1 = tjx; twx = select<f64>(w2, w1, c); w2 = select<f64>(w1, w2, c); w1 = twx;
  c = w2 < w3; tjx = select<i32>(j3, j2, c); j3 = select<i32>(j2, j3, c); j2 = tjx; twx = select<f64>(w3, w2, c); w3 = select<f64>(w2, w3, c); w2 = twx;
  c = w0 < w1; tjx = select<i32>(j1, j0, c); j1 = select<i32>(j0, j1, c); j0 = tjx; twx = select<f64>(w1, w0, c); w1 = select<f64>(w0, w1, c); w0 = twx;
  c = w1 < w2; tjx = select<i32>(j2, j1, c); j2 = select<i32>(j1, j2, c); j1 = tjx; twx = select<f64>(w2, w1, c); w2 = select<f64>(w1, w2, c); w1 = twx;
  c = w0 < w1; tjx = select<i32>(j1, j0, c); j1 = select<i32>(j0, j1, c); j0 = tjx; twx = select<f64>(w1, w0, c); w1 = select<f64>(w0, w1, c); w0 = twx;
  let sum = w0;
  if (n > 1) sum += w1;
  if (n > 2) sum += w2;
  if (n > 3) sum += w3;
  store<u16>(oj, <u16>j0);
  store<f32>(ow, <f32>(w0 / sum));
  store<u16>(oj, n > 1 ? <u16>j1 : 0, 2);
  store<f32>(ow, n > 1 ? <f32>(w1 / sum) : 0, 4);
  store<u16>(oj, n > 2 ? <u16>j2 : 0, 4);
  store<f32>(ow, n > 2 ? <f32>(w2 / sum) : 0, 8);
  store<u16>(oj, n > 3 ? <u16>j3 : 0, 6);
  store<f32>(ow, n > 3 ? <f32>(w3 / sum) : 0, 12);
  return true;
}

/**
 * Packs `influences` (joint, weight) pairs per vertex into 4 joints (u16) and 4 weights (f32):
 * duplicate joints merged, the 4 largest kept (stable), renormalised; a vertex with no positive
 * weight binds fully to its first joint. Inputs are strided: vertex v, influence k is at
 * `joints + v * jointStride + k * jointStep` (types J_*), likewise weights (types W_*). `tj`/`tw`
 * are scratch of `influences` entries (used when influences > 4). When `rigid` != 0, vertices
 * with no positive weight are flagged there (u8); returns their count.
 */
export function packSkin(
  vertexCount: u32, influences: u32,
  joints: usize, jointStride: u32, jointStep: u32, jointType: u32,
  weights: usize, weightStride: u32, weightStep: u32, weightType: u32,
  tj: usize, tw: usize, outJ: usize, outW: usize, rigid: usize,
): u32 {
  let rigidCount: u32 = 0;
  if (rigid) memory.fill(rigid, 0, vertexCount);
  // The ≤ 4 case writes every output slot itself.
  if (influences > 4) {
    memory.fill(outJ, 0, <usize>vertexCount << 3);
    memory.fill(outW, 0, <usize>vertexCount << 4);
  }
  for (let v: u32 = 0; v < vertexCount; v++) {
    const jr = joints + <usize>v * jointStride;
    const wr = weights + <usize>v * weightStride;
    const oj = outJ + (<usize>v << 3);
    const ow = outW + (<usize>v << 4);
    if (influences <= 4) {
      if (!packFew(influences, jr, jointStep, jointType, wr, weightStep, weightType, oj, ow)) {
        if (rigid) store<u8>(rigid + v, 1);
        rigidCount++;
      }
      continue;
    }
    let n: u32 = 0;
    for (let k: u32 = 0; k < influences; k++) {
      const w = loadWeight(wr + <usize>k * weightStep, weightType);
      if (!(w > 0)) continue;
      const j = loadJoint(jr + <usize>k * jointStep, jointType);
      let m: u32 = 0;
      while (m < n && load<i32>(tj + (<usize>m << 2)) != j) m++;
      if (m < n) store<f64>(tw + (<usize>m << 3), load<f64>(tw + (<usize>m << 3)) + w);
      else {
        store<i32>(tj + (<usize>n << 2), j);
        store<f64>(tw + (<usize>n << 3), w);
        n++;
      }
    }
    if (n == 0) {
      store<u16>(oj, <u16>loadJoint(jr, jointType));
      store<f32>(ow, 1);
      if (rigid) store<u8>(rigid + v, 1);
      rigidCount++;
      continue;
    }
    const keep = n < 4 ? n : 4;
    let sum: f64 = 0;
    for (let s: u32 = 0; s < keep; s++) {
      let best = s;
      let bw = load<f64>(tw + (<usize>s << 3));
      for (let m = s + 1; m < n; m++) {
        const w = load<f64>(tw + (<usize>m << 3));
        if (w > bw) {
          best = m;
          bw = w;
        }
      }
      if (best != s) {
        const bj = load<i32>(tj + (<usize>best << 2));
        for (let m = best; m > s; m--) {
          store<i32>(tj + (<usize>m << 2), load<i32>(tj + (<usize>(m - 1) << 2)));
          store<f64>(tw + (<usize>m << 3), load<f64>(tw + (<usize>(m - 1) << 3)));
        }
        store<i32>(tj + (<usize>s << 2), bj);
        store<f64>(tw + (<usize>s << 3), bw);
      }
      sum += bw;
    }
    for (let s: u32 = 0; s < keep; s++) {
      store<u16>(oj + (<usize>s << 1), <u16>load<i32>(tj + (<usize>s << 2)));
      store<f32>(ow + (<usize>s << 2), <f32>(load<f64>(tw + (<usize>s << 3)) / sum));
    }
  }
  return rigidCount;
}

/**
 * Linear-blend skinning: position (and normal, when `normals` != 0) of each of `count` vertices by
 * Σ weight × jointMatrix (column-major, 16 f32 each). Joints ≥ `jointCount` and zero weights are
 * skipped. The SIMD build stores 16 bytes per 12-byte output (the JS side pads outputs).
 */
export function skinVertices(positions: usize, joints: usize, weights: usize, matrices: usize, jointCount: u32, count: u32, outPositions: usize, normals: usize, outNormals: usize): void {
  if (ASC_FEATURE_SIMD) {
    for (let v: u32 = 0; v < count; v++) {
      let c0 = f32x4.splat(0);
      let c1 = c0;
      let c2 = c0;
      let c3 = c0;
      const jv = joints + (<usize>v << 3);
      const wv = weights + (<usize>v << 4);
      for (let k: usize = 0; k < 4; k++) {
        const w = load<f32>(wv + (k << 2));
        const j = <u32>load<u16>(jv + (k << 1));
        if (w == 0 || j >= jointCount) continue;
        const m = matrices + (<usize>j << 6);
        const ws = f32x4.splat(w);
        c0 = f32x4.add(c0, f32x4.mul(ws, v128.load(m)));
        c1 = f32x4.add(c1, f32x4.mul(ws, v128.load(m, 16)));
        c2 = f32x4.add(c2, f32x4.mul(ws, v128.load(m, 32)));
        c3 = f32x4.add(c3, f32x4.mul(ws, v128.load(m, 48)));
      }
      const p = positions + <usize>v * 12;
      const r = f32x4.add(
        f32x4.add(f32x4.mul(c0, f32x4.splat(load<f32>(p))), f32x4.mul(c1, f32x4.splat(load<f32>(p, 4)))),
        f32x4.add(f32x4.mul(c2, f32x4.splat(load<f32>(p, 8))), c3),
      );
      v128.store(outPositions + <usize>v * 12, r);
      if (normals) {
        const q = normals + <usize>v * 12;
        const n = f32x4.add(
          f32x4.add(f32x4.mul(c0, f32x4.splat(load<f32>(q))), f32x4.mul(c1, f32x4.splat(load<f32>(q, 4)))),
          f32x4.mul(c2, f32x4.splat(load<f32>(q, 8))),
        );
        const sq = f32x4.mul(n, n);
        let l = Mathf.sqrt(f32x4.extract_lane(sq, 0) + f32x4.extract_lane(sq, 1) + f32x4.extract_lane(sq, 2));
        if (!(l != 0)) l = 1;
        v128.store(outNormals + <usize>v * 12, f32x4.div(n, f32x4.splat(l)));
      }
    }
    return;
  }
  // The scalar path: the SIMD loop above, lane by lane (deliberately alike).
  for (let v: u32 = 0; v < count; v++) {
    let m0: f32 = 0, m1: f32 = 0, m2: f32 = 0, m4: f32 = 0, m5: f32 = 0, m6: f32 = 0;
    let m8: f32 = 0, m9: f32 = 0, m10: f32 = 0, m12: f32 = 0, m13: f32 = 0, m14: f32 = 0;
    const jv = joints + (<usize>v << 3);
    const wv = weights + (<usize>v << 4);
    for (let k: usize = 0; k < 4; k++) {
      const w = load<f32>(wv + (k << 2));
      const j = <u32>load<u16>(jv + (k << 1));
      if (w == 0 || j >= jointCount) continue;
      const m = matrices + (<usize>j << 6);
      m0 += w * load<f32>(m, 0); m1 += w * load<f32>(m, 4); m2 += w * load<f32>(m, 8);
      m4 += w * load<f32>(m, 16); m5 += w * load<f32>(m, 20); m6 += w * load<f32>(m, 24);
      m8 += w * load<f32>(m, 32); m9 += w * load<f32>(m, 36); m10 += w * load<f32>(m, 40);
      m12 += w * load<f32>(m, 48); m13 += w * load<f32>(m, 52); m14 += w * load<f32>(m, 56);
    }
    const p = positions + <usize>v * 12;
    const x = load<f32>(p), y = load<f32>(p, 4), z = load<f32>(p, 8);
    const o = outPositions + <usize>v * 12;
    store<f32>(o, m0 * x + m4 * y + m8 * z + m12);
    store<f32>(o, m1 * x + m5 * y + m9 * z + m13, 4);
    store<f32>(o, m2 * x + m6 * y + m10 * z + m14, 8);
    if (normals) {
      const q = normals + <usize>v * 12;
      const nx = load<f32>(q), ny = load<f32>(q, 4), nz = load<f32>(q, 8);
      const ox = m0 * nx + m4 * ny + m8 * nz;
      const oy = m1 * nx + m5 * ny + m9 * nz;
      const oz = m2 * nx + m6 * ny + m10 * nz;
      let l = Mathf.sqrt(ox * ox + oy * oy + oz * oz);
      if (!(l != 0)) l = 1;
      const on = outNormals + <usize>v * 12;
      store<f32>(on, ox / l);
      store<f32>(on, oy / l, 4);
      store<f32>(on, oz / l, 8);
    }
  }
}
