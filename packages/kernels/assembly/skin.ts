// Skin-weight packing (top 4, renormalised) and CPU linear-blend skinning.

// Element types of strided influence inputs.
const J_I32: u32 = 0, J_U16: u32 = 1, J_U8: u32 = 2;
const W_F64: u32 = 0, W_F32: u32 = 1, W_U8_UNORM: u32 = 2, W_U8_PERCENT: u32 = 3;

// @ts-ignore: decorator
@inline function loadJoint(p: usize, type: u32): i32 {
  return type == J_I32 ? load<i32>(p) : type == J_U16 ? <i32>load<u16>(p) : <i32>load<u8>(p);
}

// u8 weights through tables of f32(i / 255) and f32(i / 100): a load instead of a division.
const UNORM = memory.data(256 << 3);
const PERCENT = memory.data(256 << 3);
let tablesReady = false;
function fillTables(): void {
  for (let i = 0; i < 256; i++) {
    store<f64>(UNORM + (<usize>i << 3), <f64><f32>(<f64>i / 255.0));
    store<f64>(PERCENT + (<usize>i << 3), <f64><f32>(<f64>i / 100.0));
  }
  tablesReady = true;
}

// Weights are promoted exactly as the TypeScript reference sees them (u8 / 255 rounded to f32).
// @ts-ignore: decorator
@inline function loadWeight(p: usize, type: u32): f64 {
  if (type == W_F64) return load<f64>(p);
  if (type == W_F32) return <f64>load<f32>(p);
  if (type == W_U8_UNORM) return load<f64>(UNORM + (<usize>load<u8>(p) << 3));
  return load<f64>(PERCENT + (<usize>load<u8>(p) << 3));
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
  if (!tablesReady) fillTables();
  let rigidCount: u32 = 0;
  if (rigid) memory.fill(rigid, 0, vertexCount);
  memory.fill(outJ, 0, <usize>vertexCount << 3);
  memory.fill(outW, 0, <usize>vertexCount << 4);
  for (let v: u32 = 0; v < vertexCount; v++) {
    const jr = joints + <usize>v * jointStride;
    const wr = weights + <usize>v * weightStride;
    const oj = outJ + (<usize>v << 3);
    const ow = outW + (<usize>v << 4);
    if (influences <= 4) {
      // Registers instead of scratch memory; a stable bubble sort gives the reference's order.
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
        store<u16>(oj, <u16>(influences > 0 ? loadJoint(jr, jointType) : 0));
        store<f32>(ow, 1);
        if (rigid) store<u8>(rigid + v, 1);
        rigidCount++;
        continue;
      }
      // Branchless compare-exchange (wasm select): random weights would mispredict branches.
      let c: bool, tjx: i32, twx: f64;
      for (let pass = 0; pass < 3; pass++) {
        c = w0 < w1; tjx = select<i32>(j1, j0, c); j1 = select<i32>(j0, j1, c); j0 = tjx; twx = select<f64>(w1, w0, c); w1 = select<f64>(w0, w1, c); w0 = twx;
        c = w1 < w2; tjx = select<i32>(j2, j1, c); j2 = select<i32>(j1, j2, c); j1 = tjx; twx = select<f64>(w2, w1, c); w2 = select<f64>(w1, w2, c); w1 = twx;
        c = w2 < w3; tjx = select<i32>(j3, j2, c); j3 = select<i32>(j2, j3, c); j2 = tjx; twx = select<f64>(w3, w2, c); w3 = select<f64>(w2, w3, c); w2 = twx;
      }
      let sum = w0;
      if (n > 1) sum += w1;
      if (n > 2) sum += w2;
      if (n > 3) sum += w3;
      store<u16>(oj, <u16>j0);
      store<f32>(ow, <f32>(w0 / sum));
      if (n > 1) { store<u16>(oj, <u16>j1, 2); store<f32>(ow, <f32>(w1 / sum), 4); }
      if (n > 2) { store<u16>(oj, <u16>j2, 4); store<f32>(ow, <f32>(w2 / sum), 8); }
      if (n > 3) { store<u16>(oj, <u16>j3, 6); store<f32>(ow, <f32>(w3 / sum), 12); }
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
 * MS3D influences (ms3d.md §5.5) into 4 slots per vertex (i32 joints, f32 weights, /100), for
 * packSkin. `extra` = 0 when the file has no vertex-extra section. Flags rigid vertices (bone
 * outside [0, jointCount)) in `rigid` and returns their count.
 */
export function ms3dInfluences(boneIds: usize, count: u32, extra: usize, stride: u32, jointCount: i32, outJ: usize, outW: usize, rigid: usize): u32 {
  memory.fill(outJ, 0, <usize>count << 4);
  memory.fill(outW, 0, <usize>count << 4);
  memory.fill(rigid, 0, <usize>count);
  let rigidCount: u32 = 0;
  for (let v: u32 = 0; v < count; v++) {
    const b0 = <i32>load<i8>(boneIds + v);
    const oj = outJ + (<usize>v << 4), ow = outW + (<usize>v << 4);
    if (b0 < 0 || b0 >= jointCount) {
      store<u8>(rigid + v, 1);
      rigidCount++;
      continue;
    }
    store<i32>(oj, b0);
    store<f32>(ow, 1);
    if (!extra) continue;
    const e = extra + <usize>v * stride;
    const w0 = <i32>load<u8>(e, 3), w1 = <i32>load<u8>(e, 4), w2 = <i32>load<u8>(e, 5);
    if (w0 + w1 + w2 == 0) continue;
    const b1 = <i32>load<i8>(e), b2 = <i32>load<i8>(e, 1), b3 = <i32>load<i8>(e, 2);
    const w3 = 100 - (w0 + w1 + w2);
    // Leading run of valid slots.
    if (!(w0 > 0)) continue;
    let used = 1;
    if (b1 >= 0 && b1 < jointCount && w1 > 0) {
      used = 2;
      if (b2 >= 0 && b2 < jointCount && w2 > 0) {
        used = 3;
        if (b3 >= 0 && b3 < jointCount && w3 > 0) used = 4;
      }
    }
    store<f32>(ow, <f32>(<f64>w0 / 100.0));
    if (used > 1) { store<i32>(oj, b1, 4); store<f32>(ow, <f32>(<f64>w1 / 100.0), 4); }
    if (used > 2) { store<i32>(oj, b2, 8); store<f32>(ow, <f32>(<f64>w2 / 100.0), 8); }
    if (used > 3) { store<i32>(oj, b3, 12); store<f32>(ow, <f32>(<f64>w3 / 100.0), 12); }
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

/**
 * O3D skin vertices (o3d.md §2.3) into 2 slots per vertex (i32 joints, f32 weights) for packSkin:
 * w1/w2 at 12/16, idxA/idxB (palette slot × 3) at 20/22 of each `stride`-byte record; a weighted
 * index resolves through `palette` (i32, `paletteLength` entries; 0 = no palette: joint = idx / 3).
 * Flags vertices with no positive weight in `rigid`. Returns the first vertex with a bad weighted
 * index, or −1 − (the number of flagged vertices).
 */
export function o3dInfluences(records: usize, count: u32, stride: u32, palette: usize, paletteLength: u32, outJ: usize, outW: usize, rigid: usize): i32 {
  memory.fill(outJ, 0, <usize>count << 3);
  memory.fill(outW, 0, <usize>count << 3);
  memory.fill(rigid, 0, <usize>count);
  let rigidCount: i32 = 0;
  for (let v: u32 = 0; v < count; v++) {
    const r = records + <usize>v * stride;
    const w1 = load<f32>(r, 12), w2 = load<f32>(r, 16);
    const oj = outJ + (<usize>v << 3), ow = outW + (<usize>v << 3);
    if (w1 > 0) {
      const idx = <u32>load<u16>(r, 20);
      const slot = idx / 3;
      if (slot * 3 != idx || (palette && slot >= paletteLength)) return v;
      store<i32>(oj, palette ? load<i32>(palette + (<usize>slot << 2)) : <i32>slot);
      store<f32>(ow, w1);
    }
    if (w2 > 0) {
      const idx = <u32>load<u16>(r, 22);
      const slot = idx / 3;
      if (slot * 3 != idx || (palette && slot >= paletteLength)) return v;
      store<i32>(oj, palette ? load<i32>(palette + (<usize>slot << 2)) : <i32>slot, 4);
      store<f32>(ow, w2, 4);
    }
    if (!(w1 > 0) && !(w2 > 0)) {
      store<u8>(rigid + v, 1);
      rigidCount++;
    }
  }
  return -1 - rigidCount;
}

/**
 * LOD weight records (lod.md, PntBnWeightType 1), pass 1: `count` records of `size` (5: u8 bone
 * field, 6: u16) + f32 weight. The top bit of the field, or `bonesPerVertex` records, ends a vertex.
 * Writes each vertex's first record to `starts` (vertexCount + 1 u32). Returns the most records
 * of one vertex, or -1 when the records do not fill exactly `vertexCount` vertices.
 */
export function lodScan(bytes: usize, count: u32, size: u32, bonesPerVertex: u32, vertexCount: u32, starts: usize): i32 {
  const flag: u32 = size == 6 ? 0x8000 : 0x80;
  let v: u32 = 0, k: u32 = 0, widest: u32 = 0;
  for (let r: u32 = 0; r < count; r++) {
    if (v >= vertexCount) return -1;
    if (k == 0) store<u32>(starts + (<usize>v << 2), r);
    k++;
    const p = bytes + <usize>r * size;
    const field = size == 6 ? <u32>load<u16>(p) : <u32>load<u8>(p);
    if ((field & flag) != 0 || k == bonesPerVertex) {
      if (k > widest) widest = k;
      v++;
      k = 0;
    }
  }
  if (k > widest) widest = k;
  if (v + (k > 0 ? 1 : 0) != vertexCount) return -1;
  store<u32>(starts + (<usize>vertexCount << 2), count);
  return <i32>widest;
}

/** LOD pass 2: each vertex's records into `widest` slots (i32 joints, f32 weights, zero-filled). */
export function lodFill(bytes: usize, size: u32, vertexCount: u32, starts: usize, widest: u32, outJ: usize, outW: usize): void {
  const mask: u32 = size == 6 ? 0x7fff : 0x7f;
  memory.fill(outJ, 0, (<usize>vertexCount * widest) << 2);
  memory.fill(outW, 0, (<usize>vertexCount * widest) << 2);
  for (let v: u32 = 0; v < vertexCount; v++) {
    const a = load<u32>(starts + (<usize>v << 2)), b = load<u32>(starts + (<usize>v << 2), 4);
    let o = (<usize>v * widest) << 2;
    for (let r = a; r < b; r++, o += 4) {
      const p = bytes + <usize>r * size;
      store<i32>(outJ + o, <i32>((size == 6 ? <u32>load<u16>(p) : <u32>load<u8>(p)) & mask));
      store<f32>(outW + o, load<f32>(p + size - 4));
    }
  }
}
