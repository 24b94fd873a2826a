// Skin weights from generic (joint id, weight) streams: a format describes where its ids and
// weights sit in its records (an InfluenceLayout) and how ids resolve (InfluenceOptions); these
// read them and pack them to glTF JOINTS_0/WEIGHTS_0 (top 4, renormalised) with packSkinWeights.
import {
  FIELD_TYPES,
  InvalidInfluence,
  checkGroupRecords,
  checkGrouped,
  checkInfluences,
  type IdType,
  type InfluenceLayout,
  type InfluenceOptions,
  type InvalidIds,
  type RecordGrouping,
  type StreamField,
  type UnpackedSkin,
  type UnweightedVertices,
  type WeightType,
} from './influence-layout.js';
import { packSorted, packVertex, type PackedSkin } from './skin.js';

/** Reads a field of type code `type` (FIELD_TYPES) at byte `p`, little-endian. */
function readField(bytes: Uint8Array, view: DataView, p: number, type: number): number {
  switch (type) {
    case 0: return bytes[p];
    case 1: return (bytes[p] << 24) >> 24;
    case 2: return bytes[p] | (bytes[p + 1] << 8);
    case 3: return ((bytes[p] | (bytes[p + 1] << 8)) << 16) >> 16;
    case 4: return view.getUint32(p, true);
    case 5: return view.getInt32(p, true);
    default: return view.getFloat32(p, true);
  }
}

/**
 * `n` fields of type code `type`, the first at byte `p` and `stride` apart, into out[o],
 * out[o + step], …: one loop per type, so the hot loops neither branch on types nor call closures.
 */
function readColumn(bytes: Uint8Array, view: DataView, p: number, stride: number, type: number, n: number, out: Float64Array, o: number, step: number): void {
  const end = o + n * step;
  switch (type) {
    case 0: for (; o < end; o += step, p += stride) out[o] = bytes[p]; break;
    case 1: for (; o < end; o += step, p += stride) out[o] = (bytes[p] << 24) >> 24; break;
    case 2: for (; o < end; o += step, p += stride) out[o] = bytes[p] | (bytes[p + 1] << 8); break;
    case 3: for (; o < end; o += step, p += stride) out[o] = ((bytes[p] | (bytes[p + 1] << 8)) << 16) >> 16; break;
    case 4: for (; o < end; o += step, p += stride) out[o] = view.getUint32(p, true); break;
    case 5: for (; o < end; o += step, p += stride) out[o] = view.getInt32(p, true); break;
    default: for (; o < end; o += step, p += stride) out[o] = view.getFloat32(p, true);
  }
}

/** {@link readColumn} of the records `records[first…first + n)` (a picked subset, read in place): one loop per type. */
function readPicked(
  bytes: Uint8Array, view: DataView, records: Uint32Array, first: number, offset: number, stride: number, type: number, n: number, out: Float64Array, o: number, step: number,
): void {
  const end = first + n;
  let i = first, p = 0;
  switch (type) {
    case 0: for (; i < end; i++, o += step) out[o] = bytes[records[i] * stride + offset]; break;
    case 1: for (; i < end; i++, o += step) out[o] = (bytes[records[i] * stride + offset] << 24) >> 24; break;
    case 2: for (; i < end; i++, o += step) (p = records[i] * stride + offset), (out[o] = bytes[p] | (bytes[p + 1] << 8)); break;
    case 3: for (; i < end; i++, o += step) (p = records[i] * stride + offset), (out[o] = ((bytes[p] | (bytes[p + 1] << 8)) << 16) >> 16); break;
    case 4: for (; i < end; i++, o += step) out[o] = view.getUint32(records[i] * stride + offset, true); break;
    case 5: for (; i < end; i++, o += step) out[o] = view.getInt32(records[i] * stride + offset, true); break;
    default: for (; i < end; i++, o += step) out[o] = view.getFloat32(records[i] * stride + offset, true);
  }
}

/** Vertices decoded per block: the raw columns stay small and in cache. */
const BLOCK = 1024;

/** An id that resolves to no joint (outside every i32 joint index). */
const INVALID = 2 ** 40;

/** The id rules of a call, resolved once. */
interface IdRules {
  mask: number;
  divisor: number;
  /** Palette joints are i32, as in module memory; always an array (empty when there is none), so the object keeps one shape across calls. */
  palette: Int32Array;
  hasPalette: boolean;
  limit: number;
}

function idRules(layout: Omit<InfluenceLayout, 'strides' | 'joints' | 'weights'>, options: InfluenceOptions): IdRules {
  return {
    mask: layout.idMask ?? -1,
    divisor: layout.idDivisor ?? 1,
    palette: Int32Array.from((options.palette ?? []) as ArrayLike<number>),
    hasPalette: options.palette !== undefined,
    limit: options.jointCount ?? -1,
  };
}

/** Everything the slot walk needs from a layout and options, in one shape for every caller. */
interface WalkRules {
  rules: IdRules;
  remainder: number;
  weightDivisor: number;
  invalid: InvalidIds;
  unweighted: UnweightedVertices;
}

function walkRules(layout: Omit<InfluenceLayout, 'strides' | 'joints' | 'weights'>, options: InfluenceOptions): WalkRules {
  return {
    rules: idRules(layout, options),
    remainder: layout.remainder ?? 0,
    weightDivisor: layout.weightDivisor ?? 1,
    invalid: options.invalid ?? 'skip',
    unweighted: options.unweighted ?? 'first',
  };
}

/** Resolves a raw id (mask, divisor, palette, limit) into a joint index, or INVALID. */
function resolveId(raw: number, rules: IdRules): number {
  let id = rules.mask >= 0 ? (raw & rules.mask) >>> 0 : raw;
  if (rules.divisor !== 1) {
    id /= rules.divisor;
    if (id !== Math.floor(id)) return INVALID;
  }
  let joint: number;
  if (rules.hasPalette) {
    if (!(id >= 0 && id < rules.palette.length)) return INVALID;
    joint = rules.palette[id];
  } else joint = id | 0;
  return rules.limit < 0 || (joint >= 0 && joint < rules.limit) ? joint : INVALID;
}

// The per-vertex walk state in one number, as the WASM kernels keep it: bit 0 stopped
// (truncate), bit 1 first slot valid, bits 2+ the kept slots.
const STOPPED = 1, FIRST_VALID = 2, KEPT = 4;

/**
 * One slot (joint or INVALID, f32 weight) into joints/weights at `o`; returns the new walk state,
 * or −1 when an invalid weighted id must throw.
 */
function takeSlot(joint: number, value: number, slot: number, o: number, state: number, joints: Int32Array, weights: Float32Array, invalid: InvalidIds): number {
  const valid = joint !== INVALID;
  joints[o] = valid ? joint : 0;
  if (slot === 0) state = valid ? state | FIRST_VALID : state & ~FIRST_VALID;
  if (value > 0 && (state & STOPPED) === 0) {
    if (valid) {
      weights[o] = value;
      return state + KEPT;
    }
    if (invalid === 'throw') return -1;
  }
  if (invalid === 'truncate') state |= STOPPED;
  weights[o] = 0;
  return state;
}

function unskinned(state: number, unweighted: UnweightedVertices): boolean {
  return state < KEPT && (unweighted === 'unskinned' || (unweighted === 'firstValid' && (state & FIRST_VALID) === 0));
}

function invalidAt(vertex: number, slot: number, raw: number, rules: IdRules): InvalidInfluence {
  return new InvalidInfluence(vertex, slot, rules.mask >= 0 ? (raw & rules.mask) >>> 0 : raw);
}

/** Marks vertices flagged in `rigid` as unskinned: zero weights, or weight 1 on `rigidJoint`. */
export function applyRigid(skin: PackedSkin, rigid: Uint8Array, count: number, rigidJoint: number | undefined): UnpackedSkin {
  if (count) {
    for (let v = 0; v < rigid.length; v++) {
      if (!rigid[v]) continue;
      skin.joints.fill(0, v * 4, v * 4 + 4);
      skin.weights.fill(0, v * 4, v * 4 + 4);
      if (rigidJoint !== undefined) {
        skin.joints[v * 4] = rigidJoint;
        skin.weights[v * 4] = 1;
      }
    }
  }
  return { ...skin, unskinned: count };
}

/**
 * TypeScript reference of {@link unpackInfluences}: `count` vertices, each with one record in every
 * stream, read slot by slot through `layout`, resolved by `options`, packed to JOINTS_0/WEIGHTS_0.
 */
export function unpackInfluencesJS(streams: readonly Uint8Array[], count: number, layout: InfluenceLayout, options: InfluenceOptions = {}): UnpackedSkin {
  checkInfluences(streams, count, layout, options);
  const slots = layout.joints.length;
  const views = streams.map((b) => new DataView(b.buffer, b.byteOffset, b.byteLength));
  // Each slot's fields as plain per-slot arrays: the vertex loop reads numbers, calls no closures.
  const field = (fields: readonly StreamField<WeightType>[]): SlotFields => ({
    bytes: fields.map((f) => streams[f.stream ?? 0]),
    views: fields.map((f) => views[f.stream ?? 0]),
    offsets: fields.map((f) => f.offset),
    strides: fields.map((f) => layout.strides[f.stream ?? 0]),
    types: fields.map((f) => FIELD_TYPES[f.type]),
  });
  const j = field(layout.joints), w = field(layout.weights);
  const out = { joints: new Uint16Array(count * 4), weights: new Float32Array(count * 4) };
  const rigid = new Uint8Array(count);
  const { rigidCount, dropped } = walkSlots(count, slots, j, w, walkRules(layout, options), out.joints, out.weights, rigid, options.records);
  return { ...applyRigid(out, rigid, rigidCount, options.rigidJoint), dropped };
}

/** Per-slot field columns (one entry per slot). */
interface SlotFields {
  bytes: Uint8Array[];
  views: DataView[];
  offsets: number[];
  strides: number[];
  types: number[];
}

/**
 * The vertex loop of {@link unpackInfluencesJS}, apart from the option handling so that callers'
 * differently shaped layouts and options never deoptimise it: reads, walks and packs `count`
 * vertices into outJ/outW, flags unskinned ones in `rigid` and returns their count.
 */
function walkSlots(
  count: number, slots: number, j: SlotFields, w: SlotFields, walk: WalkRules, outJ: Uint16Array, outW: Float32Array, rigid: Uint8Array, records: Uint32Array | undefined,
): { rigidCount: number; dropped: number } {
  const weighted = w.types.length; // the slot past them (if any) is the remainder
  const { rules, remainder, weightDivisor, invalid, unweighted } = walk;
  // Each vertex's slots are packed as soon as they are read (packVertex, as packSkinWeightsJS does).
  const joints = new Int32Array(slots), weights = new Float32Array(slots);
  const tj = new Int32Array(slots), tw = new Float64Array(slots);
  let rigidCount = 0, dropped = 0;
  const rawIds = new Float64Array(Math.min(count, BLOCK) * slots), rawWeights = new Float64Array(rawIds.length);
  for (let first = 0; first < count; first += BLOCK) {
    const n = Math.min(BLOCK, count - first);
    for (let s = 0; s < slots; s++) {
      if (records) {
        readPicked(j.bytes[s], j.views[s], records, first, j.offsets[s], j.strides[s], j.types[s], n, rawIds, s, slots);
        if (s < weighted) readPicked(w.bytes[s], w.views[s], records, first, w.offsets[s], w.strides[s], w.types[s], n, rawWeights, s, slots);
        continue;
      }
      readColumn(j.bytes[s], j.views[s], first * j.strides[s] + j.offsets[s], j.strides[s], j.types[s], n, rawIds, s, slots);
      if (s < weighted) readColumn(w.bytes[s], w.views[s], first * w.strides[s] + w.offsets[s], w.strides[s], w.types[s], n, rawWeights, s, slots);
    }
    for (let i = 0, o = 0; i < n; i++) {
      const v = first + i;
      let state = 0, sum = 0;
      for (let s = 0; s < slots; s++, o++) {
        const raw = rawIds[o];
        let weight: number;
        if (s === weighted) weight = remainder - sum;
        else {
          weight = rawWeights[o];
          sum += weight;
        }
        const joint = resolveId(raw, rules), value = Math.fround(weight / weightDivisor);
        if (joint === INVALID && value > 0 && (state & STOPPED) === 0) dropped++;
        state = takeSlot(joint, value, s, s, state, joints, weights, invalid);
        if (state < 0) throw invalidAt(v, s, raw, rules);
      }
      if (!packSorted(joints, weights, slots, outJ, outW, v * 4)) packVertex(joints, weights, 0, slots, tj, tw, outJ, outW, v * 4);
      if (unskinned(state, unweighted)) {
        rigid[v] = 1;
        rigidCount++;
      }
    }
  }
  return { rigidCount, dropped };
}

/**
 * TypeScript reference of {@link groupRecords}: the first record of each of `vertexCount`
 * vertices (plus `recordCount` at the end) and the most records of one vertex. A record whose id
 * field has a bit of `endMask`, or the `maxPerVertex`-th record, ends a vertex. Throws RangeError
 * unless the records fill exactly `vertexCount` vertices.
 */
export function groupRecordsJS(
  bytes: Uint8Array,
  recordCount: number,
  vertexCount: number,
  stride: number,
  field: StreamField<IdType>,
  grouping: RecordGrouping,
): { starts: Uint32Array; widest: number } {
  checkGroupRecords(bytes, recordCount, vertexCount, stride, field, grouping);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = FIELD_TYPES[field.type];
  const starts = new Uint32Array(vertexCount + 1);
  let v = 0, k = 0, widest = 0;
  for (let r = 0, p = field.offset; r < recordCount; r++, p += stride) {
    if (v >= vertexCount) throw new RangeError(`record ${r} belongs to vertex ${v}, past the ${vertexCount} vertices`);
    if (k === 0) starts[v] = r;
    k++;
    if ((readField(bytes, view, p, type) & grouping.endMask) !== 0 || k === grouping.maxPerVertex) {
      if (k > widest) widest = k;
      v++;
      k = 0;
    }
  }
  if (k > widest) widest = k;
  const filled = v + (k > 0 ? 1 : 0);
  if (filled !== vertexCount) throw new RangeError(`${recordCount} records filled ${filled} vertices, expected ${vertexCount}`);
  starts[vertexCount] = recordCount;
  return { starts, widest };
}

/** Padding every vertex to the widest (the WASM kernels do) would cost more than this many slots per record. */
export function tooWide(vertexCount: number, widest: number, recordCount: number): boolean {
  return vertexCount * widest > 8 * recordCount + 64;
}

/**
 * TypeScript reference of {@link unpackGroupedInfluences}: `recordCount` variable-length records
 * (one id and one weight each, `layout` with one stream and one slot), grouped into `vertexCount`
 * vertices by `grouping`, resolved by `options`, packed to JOINTS_0/WEIGHTS_0.
 */
export function unpackGroupedInfluencesJS(
  bytes: Uint8Array,
  recordCount: number,
  vertexCount: number,
  layout: InfluenceLayout,
  grouping: RecordGrouping,
  options: InfluenceOptions = {},
): UnpackedSkin {
  checkGrouped(bytes, recordCount, vertexCount, layout, grouping, options);
  const stride = layout.strides[0];
  const jf = layout.joints[0], wf = layout.weights[0];
  const { starts, widest } = groupRecordsJS(bytes, recordCount, vertexCount, stride, jf, grouping);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const j: SlotFields = { bytes: [bytes], views: [view], offsets: [jf.offset], strides: [stride], types: [FIELD_TYPES[jf.type]] };
  const w: SlotFields = { bytes: [bytes], views: [view], offsets: [wf.offset], strides: [stride], types: [FIELD_TYPES[wf.type]] };
  const out = { joints: new Uint16Array(vertexCount * 4), weights: new Float32Array(vertexCount * 4) };
  const rigid = new Uint8Array(vertexCount);
  const rigidCount = walkRecords(vertexCount, starts, widest, j, w, walkRules(layout, options), out.joints, out.weights, rigid);
  return applyRigid(out, rigid, rigidCount, options.rigidJoint);
}

/**
 * The vertex loop of {@link unpackGroupedInfluencesJS} (as {@link walkSlots}): vertex v has the
 * records [starts[v], starts[v + 1]), one slot each; j/w hold the one id and weight field.
 */
function walkRecords(
  vertexCount: number, starts: Uint32Array, widest: number, j: SlotFields, w: SlotFields, walk: WalkRules, outJ: Uint16Array, outW: Float32Array, rigid: Uint8Array,
): number {
  const { rules, weightDivisor, invalid, unweighted } = walk;
  const stride = j.strides[0];
  let rigidCount = 0;
  // The raw ids and weights of the records of vertices [v0, v0 + BLOCK), decoded by column.
  let rawIds = new Float64Array(0), rawWeights = rawIds, r0 = 0;
  // Each vertex's records are packed as soon as they are read (packVertex, as packSkinWeightsJS
  // does for the vertices padded to the widest, whose padding it skips).
  const joints = new Int32Array(widest), weights = new Float32Array(widest);
  const tj = new Int32Array(widest), tw = new Float64Array(widest);
  for (let v = 0; v < vertexCount; v++) {
    if (v % BLOCK === 0) {
      r0 = starts[v];
      const n = starts[Math.min(vertexCount, v + BLOCK)] - r0;
      if (rawIds.length < n) rawIds = new Float64Array(n), rawWeights = new Float64Array(n);
      readColumn(j.bytes[0], j.views[0], r0 * stride + j.offsets[0], stride, j.types[0], n, rawIds, 0, 1);
      readColumn(w.bytes[0], w.views[0], r0 * stride + w.offsets[0], stride, w.types[0], n, rawWeights, 0, 1);
    }
    let state = 0, s = 0;
    for (let r = starts[v] - r0; r < starts[v + 1] - r0; r++, s++) {
      const raw = rawIds[r];
      state = takeSlot(resolveId(raw, rules), Math.fround(rawWeights[r] / weightDivisor), s, s, state, joints, weights, invalid);
      if (state < 0) throw invalidAt(v, s, raw, rules);
    }
    packVertex(joints, weights, 0, s, tj, tw, outJ, outW, v * 4);
    if (unskinned(state, unweighted)) {
      rigid[v] = 1;
      rigidCount++;
    }
  }
  return rigidCount;
}
