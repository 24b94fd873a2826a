// Generic (joint id, weight) extraction from per-vertex records, for packSkin. The record layout
// and the id rules come from the caller as data, so no file format is known here.

import { J_I32, W_F32, packFew } from './skin';

// Field types (the same codes as src/reference/influences.ts).
const T_U8: u32 = 0, T_I8: u32 = 1, T_U16: u32 = 2, T_I16: u32 = 3, T_U32: u32 = 4, T_I32: u32 = 5, T_F32: u32 = 6;
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

// Tables of the 8-bit fields, built once per call (a load instead of the id rules or a division
// per slot, same results by construction): resolved ids of every u8 and i8 value (i64 each), then
// f32(value / weightDivisor) of every u8 and i8 weight.
const TABLE_IDS_I8 = 256 << 3, TABLE_WEIGHTS = 512 << 3, TABLE_WEIGHTS_I8 = TABLE_WEIGHTS + (256 << 2);
/** Bytes of the `tables` scratch the kernels take. */
const TABLES_SIZE = TABLE_WEIGHTS + (512 << 2);

function buildTables(tables: usize, mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64, weightDivisor: f64): void {
  for (let b = 0; b < 256; b++) {
    const i8 = <f64><i8>b;
    store<i64>(tables + (<usize>b << 3), resolveId(<f64>b, mask, divisor, palette, paletteLength, limit));
    store<i64>(tables + TABLE_IDS_I8 + (<usize>b << 3), resolveId(i8, mask, divisor, palette, paletteLength, limit));
    store<f32>(tables + TABLE_WEIGHTS + (<usize>b << 2), <f32>(<f64>b / weightDivisor));
    store<f32>(tables + TABLE_WEIGHTS_I8 + (<usize>b << 2), <f32>(i8 / weightDivisor));
  }
}

/** The joint of the id field at `p`, or INVALID. */
// @ts-ignore: decorator
@inline function readJoint(p: usize, type: u32, tables: usize, mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64): i64 {
  if (type <= T_I8) return load<i64>(tables + (<usize>type << 11) + (<usize>load<u8>(p) << 3));
  return resolveId(loadField(p, type), mask, divisor, palette, paletteLength, limit);
}

/** The f32 weight of the weight field at `p` (raw / weightDivisor; x / 1 is x, so it is skipped). */
// @ts-ignore: decorator
@inline function readWeight(p: usize, type: u32, tables: usize, weightDivisor: f64): f32 {
  if (type <= T_I8) return load<f32>(tables + TABLE_WEIGHTS + (<usize>type << 10) + (<usize>load<u8>(p) << 2));
  const raw = loadField(p, type);
  return weightDivisor == 1 ? <f32>raw : <f32>(raw / weightDivisor);
}

// The per-vertex walk state, in one i32 so the slot step stays a pure function (inlined into the
// loops, the rules stay in locals): bit 0 stopped (TRUNCATE), bit 1 first slot valid, bits 2+ kept.
const STOPPED: i32 = 1, FIRST_VALID_BIT: i32 = 2, KEPT: i32 = 4;

/** One slot (joint or INVALID, weight) into outJ/outW at `o`; returns the new state, or −1 when an invalid weighted id must throw. */
// @ts-ignore: decorator
@inline function takeSlot(j: i64, value: f32, slot: u32, o: usize, state: i32, outJ: usize, outW: usize, invalid: u32): i32 {
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
 * The records [a, b) of one vertex into i32 joints at `outJ` and f32 weights at `outW` (one slot
 * each, 4 bytes apart). Returns the walk state, or −1 when an invalid weighted id must throw.
 */
// @ts-ignore: decorator
@inline function gatherRecords(
  bytes: usize, stride: u32, jointOffset: u32, jointType: u32, weightOffset: u32, weightType: u32, a: u32, b: u32, tables: usize, outJ: usize, outW: usize,
  mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64, weightDivisor: f64, invalid: u32, byteIdsFloatWeights: bool,
): i32 {
  let state: i32 = 0;
  for (let r = a; r < b; r++) {
    const p = bytes + <usize>r * stride;
    // byteIdsFloatWeights (a constant at each call): u8/i8 ids through the table, f32 weights (÷ 1), no type tests per record.
    const j = byteIdsFloatWeights
      ? load<i64>(tables + (<usize>jointType << 11) + (<usize>load<u8>(p + jointOffset) << 3))
      : readJoint(p + jointOffset, jointType, tables, mask, divisor, palette, paletteLength, limit);
    const w = byteIdsFloatWeights ? load<f32>(p + weightOffset) : readWeight(p + weightOffset, weightType, tables, weightDivisor);
    state = takeSlot(j, w, r - a, <usize>(r - a) << 2, state, outJ, outW, invalid);
    if (state < 0) break;
  }
  return state;
}

/**
 * The record walk of {@link gatherGroupedInfluences} and {@link unpackFewGroupedInfluences}:
 * `fused` (a constant at each call) packs every vertex through `scratch` at once.
 */
// @ts-ignore: decorator
@inline function walkRecords(
  bytes: usize, stride: u32, jointOffset: u32, jointType: u32, weightOffset: u32, weightType: u32,
  vertexCount: u32, starts: usize, widest: u32, rules: usize, tables: usize, scratch: usize, outJ: usize, outW: usize, rigid: usize, fused: bool, byteIdsFloatWeights: bool,
): i32 {
  if (!fused) {
    memory.fill(outJ, 0, (<usize>vertexCount * widest) << 2);
    memory.fill(outW, 0, (<usize>vertexCount * widest) << 2);
  }
  const mask = load<f64>(rules, R_MASK), divisor = load<f64>(rules, R_DIVISOR), limit = load<f64>(rules, R_LIMIT);
  const palette = <usize>load<f64>(rules, R_PALETTE), paletteLength = load<f64>(rules, R_PALETTE_LENGTH);
  const weightDivisor = load<f64>(rules, R_WEIGHT_DIVISOR), invalid = <u32>load<f64>(rules, R_INVALID), mode = <u32>load<f64>(rules, R_UNWEIGHTED);
  buildTables(tables, mask, divisor, palette, paletteLength, limit, weightDivisor);
  let rigidCount: i32 = 0;
  for (let v: u32 = 0; v < vertexCount; v++) {
    const a = load<u32>(starts + (<usize>v << 2)), b = load<u32>(starts + (<usize>v << 2), 4);
    const o = (<usize>v * widest) << 2;
    // The padding slots of the two-pass kernel: joint 0, weight 0.
    // Four stores: memory.fill per vertex cost more than the walk (bench/src/lod-weights.ts).
    if (fused) {
      store<u64>(scratch, 0);
      store<u64>(scratch, 0, 8);
      store<u64>(scratch, 0, 16);
      store<u64>(scratch, 0, 24);
    }
    const state = gatherRecords(
      bytes, stride, jointOffset, jointType, weightOffset, weightType, a, b, tables, fused ? scratch : outJ + o, fused ? scratch + 16 : outW + o,
      mask, divisor, palette, paletteLength, limit, weightDivisor, invalid, byteIdsFloatWeights,
    );
    if (state < 0) return <i32>v;
    if (fused) packFew(widest, scratch, 4, J_I32, scratch + 16, 4, W_F32, outJ + (<usize>v << 3), outW + (<usize>v << 4));
    const flag = unskinned(state, mode);
    store<u8>(rigid + v, <u8>flag);
    if (flag) rigidCount++;
  }
  return -1 - rigidCount;
}

/**
 * Pass 2: each vertex's records (from `starts`) into `widest` slots, padded with zero weights;
 * one (joint, weight) field pair per record. Same tables and flags as the fixed-slot walk of the TypeScript reference.
 */
export function gatherGroupedInfluences(
  bytes: usize, stride: u32, jointOffset: u32, jointType: u32, weightOffset: u32, weightType: u32,
  vertexCount: u32, starts: usize, widest: u32, rules: usize, tables: usize, outJ: usize, outW: usize, rigid: usize,
): i32 {
  return walkRecords(bytes, stride, jointOffset, jointType, weightOffset, weightType, vertexCount, starts, widest, rules, tables, 0, outJ, outW, rigid, false, false);
}

/**
 * {@link gatherGroupedInfluences} and packSkin in one pass, for `widest` ≤ 4: each vertex goes
 * through `scratch` (32 bytes, the unused slots zero) into 4 u16 joints and 4 f32 weights.
 */
export function unpackFewGroupedInfluences(
  bytes: usize, stride: u32, jointOffset: u32, jointType: u32, weightOffset: u32, weightType: u32,
  vertexCount: u32, starts: usize, widest: u32, rules: usize, tables: usize, scratch: usize, outJ: usize, outW: usize, rigid: usize,
): i32 {
  // LOD's records (u8 id, f32 weight ÷ 1) get a loop of their own: with the per-vertex scratch cleared by stores, not memory.fill, 1.21× the old loop (bench/src/lod-weights.ts).
  if (jointType <= T_I8 && weightType == T_F32 && load<f64>(rules, R_WEIGHT_DIVISOR) == 1) {
    return walkRecords(bytes, stride, jointOffset, jointType, weightOffset, weightType, vertexCount, starts, widest, rules, tables, scratch, outJ, outW, rigid, true, true);
  }
  return walkRecords(bytes, stride, jointOffset, jointType, weightOffset, weightType, vertexCount, starts, widest, rules, tables, scratch, outJ, outW, rigid, true, false);
}

/** Entries of the u16 id table of {@link unpackRecordInfluences} (i64 each): ids past it resolve one by one. */
const ID_TABLE_ENTRIES: u32 = 4096;

/**
 * Resolved joints of the u16 ids below the bound the rules give (palette length or joint limit ×
 * divisor), at most ID_TABLE_ENTRIES; returns how many. Ids at or past an exact bound are invalid.
 */
function buildIdTable(table: usize, mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64): u32 {
  const bound = palette ? paletteLength * divisor : limit >= 0 ? limit * divisor : <f64>ID_TABLE_ENTRIES + 1;
  const entries = <u32>min(bound, <f64>ID_TABLE_ENTRIES);
  for (let id: u32 = 0; id < entries; id++) store<i64>(table + (<usize>id << 3), resolveId(<f64>id, mask, divisor, palette, paletteLength, limit));
  return entries;
}

/**
 * One vertex's fixed slots, record `r` of each slot's stream, read in place into `scratch` (joints
 * i32 at 0, weights f32 at 16), with the weighted slots dropped for an invalid id counted at
 * `scratch` + 32. `fields` holds 4 u32 per slot: id address (stream + offset), id stride, weight
 * address, weight stride; slot `weighted` (if any) is the remainder. `wideIds` (u16 ids, else u8/i8
 * through the byte tables) and `floatWeights` (f32, else u8/i8) are constants at each call site, so
 * each kind gets its own loop. u16 ids below `idEntries` come from `idTable`; past it they are
 * invalid when `beyondInvalid`, else resolved.
 */
// @ts-ignore: decorator
@inline function recordVertex(
  r: usize, slots: u32, weighted: u32, fields: usize, wideIds: bool, idType: u32, floatWeights: bool, weightType: u32, tables: usize, idTable: usize, idEntries: u32, beyondInvalid: bool,
  scratch: usize, mask: f64, divisor: f64, palette: usize, paletteLength: f64, limit: f64, weightDivisor: f64, remainder: f64, invalid: u32,
): i32 {
  let state: i32 = 0, dropped: i32 = 0;
  let sum: f64 = 0;
  for (let s: u32 = 0; s < slots; s++) {
    const f = fields + (<usize>s << 4);
    const jp = <usize>load<u32>(f) + r * <usize>load<u32>(f, 4);
    let j: i64;
    if (!wideIds) j = load<i64>(tables + (<usize>idType << 11) + (<usize>load<u8>(jp) << 3));
    else {
      const raw = <u32>load<u16>(jp);
      j = raw < idEntries ? load<i64>(idTable + (<usize>raw << 3)) : beyondInvalid ? INVALID : resolveId(<f64>raw, mask, divisor, palette, paletteLength, limit);
    }
    let w: f32;
    if (s == weighted) w = <f32>((remainder - sum) / weightDivisor);
    else {
      const wp = <usize>load<u32>(f, 8) + r * <usize>load<u32>(f, 12);
      if (floatWeights) {
        const raw = load<f32>(wp);
        sum += <f64>raw;
        w = weightDivisor == 1 ? raw : <f32>(<f64>raw / weightDivisor);
      } else {
        w = load<f32>(tables + TABLE_WEIGHTS + (<usize>weightType << 10) + (<usize>load<u8>(wp) << 2));
        sum += weightType == T_U8 ? <f64>load<u8>(wp) : <f64>load<i8>(wp);
      }
    }
    if (j == INVALID && w > 0 && (state & STOPPED) == 0) dropped++;
    state = takeSlot(j, w, s, <usize>s << 2, state, scratch, scratch + 16, invalid);
    if (state < 0) break;
  }
  store<i32>(scratch, dropped, 32);
  return state;
}

// @ts-ignore: decorator
@inline function walkRecordSlots(
  recordCount: u32, count: u32, vertices: usize, slots: u32, weighted: u32, fields: usize, wideIds: bool, idType: u32, floatWeights: bool, weightType: u32,
  rules: usize, tables: usize, scratch: usize, outJ: usize, outW: usize, rigid: usize,
): i32 {
  const mask = load<f64>(rules, R_MASK), divisor = load<f64>(rules, R_DIVISOR), limit = load<f64>(rules, R_LIMIT);
  const palette = <usize>load<f64>(rules, R_PALETTE), paletteLength = load<f64>(rules, R_PALETTE_LENGTH), remainder = load<f64>(rules, R_REMAINDER);
  const weightDivisor = load<f64>(rules, R_WEIGHT_DIVISOR), invalid = <u32>load<f64>(rules, R_INVALID), mode = <u32>load<f64>(rules, R_UNWEIGHTED);
  buildTables(tables, mask, divisor, palette, paletteLength, limit, weightDivisor);
  const idTable = tables + TABLES_SIZE;
  const idEntries = wideIds ? buildIdTable(idTable, mask, divisor, palette, paletteLength, limit) : 0;
  const beyondInvalid = idEntries < ID_TABLE_ENTRIES;
  let rigidCount: i32 = 0, dropped: u32 = 0;
  for (let v: u32 = 0; v < count; v++) {
    const r = vertices ? load<u32>(vertices + (<usize>v << 2)) : v;
    if (r >= recordCount) return <i32>v;
    const state = recordVertex(
      <usize>r, slots, weighted, fields, wideIds, idType, floatWeights, weightType, tables, idTable, idEntries, beyondInvalid,
      scratch, mask, divisor, palette, paletteLength, limit, weightDivisor, remainder, invalid,
    );
    if (state < 0) return <i32>v;
    dropped += <u32>load<i32>(scratch, 32);
    packFew(slots, scratch, 4, J_I32, scratch + 16, 4, W_F32, outJ + (<usize>v << 3), outW + (<usize>v << 4));
    const flag = unskinned(state, mode);
    store<u8>(rigid + v, <u8>flag);
    if (flag) rigidCount++;
  }
  store<u32>(scratch, dropped, 32);
  return -1 - rigidCount;
}

/**
 * Fixed-slot influences (at most 4 slots) read in place and packed in the same pass: vertex v reads
 * record `vertices[v]` (u32) of every stream or, when `vertices` is 0, record v; a record at or
 * past `recordCount` stops the walk like an invalid id. `fields` holds 4 u32 per slot (id address,
 * id stride, weight address, weight stride: each slot's field in its own stream); slot `weighted`,
 * when below `slots`, takes the remainder weight. Ids are u8, i8 or u16 (`idType`), weights u8, i8
 * or f32 (`weightType`), the codes of loadField. `tables`: TABLES_SIZE + ID_TABLE_ENTRIES × 8
 * bytes of scratch. Writes 4 u16 joints and 4 f32 weights per vertex, flags unskinned vertices in
 * `rigid`, and stores the weighted slots dropped for an invalid id as a u32 at `scratch` + 32
 * (`scratch`: 48 bytes); returns the first vertex with an invalid weighted id (THROW mode) or
 * record, or −1 − (the number of flagged vertices).
 */
export function unpackRecordInfluences(
  recordCount: u32, count: u32, vertices: usize, slots: u32, weighted: u32, fields: usize, idType: u32, weightType: u32,
  rules: usize, tables: usize, scratch: usize, outJ: usize, outW: usize, rigid: usize,
): i32 {
  const floatWeights = weightType == T_F32;
  if (idType == T_U16) {
    if (floatWeights) return walkRecordSlots(recordCount, count, vertices, slots, weighted, fields, true, idType, true, weightType, rules, tables, scratch, outJ, outW, rigid);
    return walkRecordSlots(recordCount, count, vertices, slots, weighted, fields, true, idType, false, weightType, rules, tables, scratch, outJ, outW, rigid);
  }
  if (floatWeights) return walkRecordSlots(recordCount, count, vertices, slots, weighted, fields, false, idType, true, weightType, rules, tables, scratch, outJ, outW, rigid);
  return walkRecordSlots(recordCount, count, vertices, slots, weighted, fields, false, idType, false, weightType, rules, tables, scratch, outJ, outW, rigid);
}
