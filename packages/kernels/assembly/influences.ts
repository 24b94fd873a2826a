// Generic (joint id, weight) extraction from per-vertex records, for packSkin. The record layout
// and the id rules come from the caller as data, so no file format is known here.

// Field types (the same codes as src/reference/influences.ts).
const T_U8: u32 = 0, T_I8: u32 = 1, T_U16: u32 = 2, T_I16: u32 = 3, T_U32: u32 = 4, T_I32: u32 = 5, T_F32: u32 = 6, T_REMAINDER: u32 = 7;
// What an invalid id in a weighted slot does.
const SKIP: u32 = 0, TRUNCATE: u32 = 1, THROW: u32 = 2;
// Which vertices without a kept influence are flagged unskinned.
const UNSKINNED: u32 = 1, FIRST_VALID: u32 = 2;

// The rules block (f64 each): idMask (−1 = none), idDivisor, palette address, palette length,
// joint limit (−1 = none), weight divisor, remainder, invalid mode, unweighted mode.
const R_MASK = 0, R_DIVISOR = 8, R_PALETTE = 16, R_PALETTE_LENGTH = 24, R_LIMIT = 32, R_WEIGHT_DIVISOR = 40, R_REMAINDER = 48, R_INVALID = 56, R_UNWEIGHTED = 64;

// @ts-ignore: decorator
@inline function loadField(p: usize, type: u32): f64 {
  if (type == T_U8) return <f64>load<u8>(p);
  if (type == T_I8) return <f64>load<i8>(p);
  if (type == T_U16) return <f64>load<u16>(p);
  if (type == T_I16) return <f64>load<i16>(p);
  if (type == T_U32) return <f64>load<u32>(p);
  if (type == T_I32) return <f64>load<i32>(p);
  return <f64>load<f32>(p);
}

// An id that resolves to no joint (outside every i32 joint index).
const INVALID: i64 = 1 << 40;

/** Resolves a raw id (mask, divisor, palette, limit) into a joint index, or INVALID. */
// @ts-ignore: decorator
@inline function resolveId(raw: f64, mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64): i64 {
  let id = raw;
  if (mask >= 0) id = <f64>(<u32><i64>raw & <u32>mask);
  if (divisor != 1) {
    id = id / divisor;
    if (id != Math.floor(id)) return INVALID;
  }
  let joint: i32;
  if (palette) {
    if (!(id >= 0 && id < paletteLength)) return INVALID;
    joint = load<i32>(palette + (<usize>id << 2));
  } else joint = <i32><i64>id;
  return limit < 0 || (joint >= 0 && <f64>joint < limit) ? <i64>joint : INVALID;
}

// The per-vertex walk state, in one i32 so the slot step stays a pure function (inlined into the
// loops, the rules stay in locals): bit 0 stopped (TRUNCATE), bit 1 first slot valid, bits 2+ kept.
const STOPPED: i32 = 1, FIRST_VALID_BIT: i32 = 2, KEPT: i32 = 4;

/** One slot into outJ/outW at `o`; returns the new state, or −1 when an invalid weighted id must throw. */
// @ts-ignore: decorator
@inline function takeSlot(
  raw: f64, weight: f64, slot: u32, o: usize, state: i32, outJ: usize, outW: usize,
  mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64, weightDivisor: f64, invalid: u32,
): i32 {
  const value = <f32>(weight / weightDivisor);
  const j = resolveId(raw, mask, divisor, palette, paletteLength, limit);
  const valid = j != INVALID;
  store<i32>(outJ + o, valid ? <i32>j : 0);
  if (slot == 0) state = valid ? state | FIRST_VALID_BIT : state & ~FIRST_VALID_BIT;
  if (value > 0 && (state & STOPPED) == 0) {
    if (valid) {
      store<f32>(outW + o, value);
      return state + KEPT;
    }
    if (invalid == THROW) return -1;
  }
  if (invalid == TRUNCATE) state |= STOPPED;
  store<f32>(outW + o, 0);
  return state;
}

// @ts-ignore: decorator
@inline function unskinned(state: i32, mode: u32): bool {
  return state < KEPT && (mode == UNSKINNED || (mode == FIRST_VALID && (state & FIRST_VALID_BIT) == 0));
}

/**
 * `count` vertices of `slots` (joint, weight) slots into i32 joints and f32 weights (slots per
 * vertex), for packSkin. `fields` holds 6 u32 per slot: joint address, joint stride, joint type,
 * weight address, weight stride, weight type (T_REMAINDER: remainder − Σ the other raw weights).
 * Flags unskinned vertices in `rigid` (u8). Returns the first vertex with an invalid weighted id
 * (THROW mode), or −1 − (the number of flagged vertices).
 */
export function gatherInfluences(count: u32, slots: u32, fields: usize, rules: usize, outJ: usize, outW: usize, rigid: usize): i32 {
  const remainder = load<f64>(rules, R_REMAINDER);
  const mask = load<f64>(rules, R_MASK), divisor = load<f64>(rules, R_DIVISOR), limit = load<f64>(rules, R_LIMIT);
  const palette = <usize>load<f64>(rules, R_PALETTE), paletteLength = load<f64>(rules, R_PALETTE_LENGTH);
  const weightDivisor = load<f64>(rules, R_WEIGHT_DIVISOR), invalid = <u32>load<f64>(rules, R_INVALID), mode = <u32>load<f64>(rules, R_UNWEIGHTED);
  let rigidCount: i32 = 0;
  for (let v: u32 = 0; v < count; v++) {
    let state: i32 = 0;
    let sum: f64 = 0;
    for (let s: u32 = 0; s < slots; s++) {
      const f = fields + <usize>s * 24;
      const raw = loadField(<usize>load<u32>(f) + <usize>v * load<u32>(f, 4), load<u32>(f, 8));
      const type = load<u32>(f, 20);
      let weight: f64;
      if (type == T_REMAINDER) weight = remainder - sum;
      else {
        weight = loadField(<usize>load<u32>(f, 12) + <usize>v * load<u32>(f, 16), type);
        sum += weight;
      }
      state = takeSlot(raw, weight, s, (<usize>v * slots + s) << 2, state, outJ, outW, mask, divisor, palette, paletteLength, limit, weightDivisor, invalid);
      if (state < 0) return <i32>v;
    }
    const flag = unskinned(state, mode);
    store<u8>(rigid + v, <u8>flag);
    if (flag) rigidCount++;
  }
  return -1 - rigidCount;
}

/**
 * Variable-length records, pass 1: `count` records of `stride` bytes, the id field (`type` at
 * `offset`) of each. A record whose field has a bit of `endMask`, or the `maxPer`-th record,
 * ends a vertex. Writes each vertex's first record to `starts` (vertexCount + 1 u32). Returns the
 * most records of one vertex, or −1 when the records do not fill exactly `vertexCount` vertices.
 */
export function groupRecords(bytes: usize, count: u32, stride: u32, offset: u32, type: u32, endMask: u32, maxPer: u32, vertexCount: u32, starts: usize): i32 {
  let v: u32 = 0, k: u32 = 0, widest: u32 = 0;
  for (let r: u32 = 0; r < count; r++) {
    if (v >= vertexCount) return -1;
    if (k == 0) store<u32>(starts + (<usize>v << 2), r);
    k++;
    const field = <u32><i64>loadField(bytes + <usize>r * stride + offset, type);
    if ((field & endMask) != 0 || k == maxPer) {
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

/**
 * Pass 2: each vertex's records (from `starts`) into `widest` slots, padded with zero weights;
 * one (joint, weight) field pair per record. Same flags and result as {@link gatherInfluences}.
 */
export function gatherGroupedInfluences(
  bytes: usize, stride: u32, jointOffset: u32, jointType: u32, weightOffset: u32, weightType: u32,
  vertexCount: u32, starts: usize, widest: u32, rules: usize, outJ: usize, outW: usize, rigid: usize,
): i32 {
  memory.fill(outJ, 0, (<usize>vertexCount * widest) << 2);
  memory.fill(outW, 0, (<usize>vertexCount * widest) << 2);
  const mask = load<f64>(rules, R_MASK), divisor = load<f64>(rules, R_DIVISOR), limit = load<f64>(rules, R_LIMIT);
  const palette = <usize>load<f64>(rules, R_PALETTE), paletteLength = load<f64>(rules, R_PALETTE_LENGTH);
  const weightDivisor = load<f64>(rules, R_WEIGHT_DIVISOR), invalid = <u32>load<f64>(rules, R_INVALID), mode = <u32>load<f64>(rules, R_UNWEIGHTED);
  let rigidCount: i32 = 0;
  for (let v: u32 = 0; v < vertexCount; v++) {
    let state: i32 = 0;
    const a = load<u32>(starts + (<usize>v << 2)), b = load<u32>(starts + (<usize>v << 2), 4);
    for (let r = a; r < b; r++) {
      const p = bytes + <usize>r * stride;
      state = takeSlot(
        loadField(p + jointOffset, jointType), loadField(p + weightOffset, weightType), r - a, (<usize>v * widest + (r - a)) << 2, state, outJ, outW,
        mask, divisor, palette, paletteLength, limit, weightDivisor, invalid,
      );
      if (state < 0) return <i32>v;
    }
    const flag = unskinned(state, mode);
    store<u8>(rigid + v, <u8>flag);
    if (flag) rigidCount++;
  }
  return -1 - rigidCount;
}
