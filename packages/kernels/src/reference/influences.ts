// Skin weights from generic (joint id, weight) streams: a format describes where its ids and
// weights sit in its records (an InfluenceLayout) and how ids resolve (InfluenceOptions); these
// read them and pack them to glTF JOINTS_0/WEIGHTS_0 (top 4, renormalised) with packSkinWeights.
import { expectArray, expectNumbers } from '../guard.js';
import { packSkinWeightsJS, type PackedSkin } from './skin.js';

export type IdType = 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32';
export type WeightType = IdType | 'f32';

/** One field of a record stream. */
export interface StreamField<T> {
  /** Byte offset inside the record. */
  offset: number;
  type: T;
  /** Which of the streams holds the field (default 0). */
  stream?: number;
}

/** Where each slot's joint id and weight sit in per-vertex records (one record per vertex per stream). */
export interface InfluenceLayout {
  /** Record size in bytes of each stream. */
  strides: readonly number[];
  /** The joint id field of each slot. */
  joints: readonly StreamField<IdType>[];
  /** The weight field of each slot; one fewer than `joints` when `remainder` gives the last. */
  weights: readonly StreamField<WeightType>[];
  /** weight = raw / weightDivisor, rounded to f32 (default 1). */
  weightDivisor?: number;
  /** The last slot's raw weight is `remainder` − Σ the other raw weights (weights summing to a constant). */
  remainder?: number;
  /** id = raw & idMask (strips flag bits) before the divisor. */
  idMask?: number;
  /** id = raw / idDivisor, which must be an integer to be valid (default 1). */
  idDivisor?: number;
}

/**
 * What a weighted slot with an invalid id does: `skip` drops it; `truncate` drops it and every
 * later slot of the vertex (only the leading run of valid weighted slots counts; an unweighted
 * slot ends the run too); `throw` throws {@link InvalidInfluence}. Unweighted slots never throw.
 */
export type InvalidIds = 'skip' | 'truncate' | 'throw';

/**
 * A vertex with no kept influence: `first` binds fully to its first slot's joint (packSkinWeights'
 * rule); `unskinned` gets zero weights (or `rigidJoint`) and is counted; `firstValid` binds to the
 * first slot's joint when that id is valid, else it is unskinned.
 */
export type UnweightedVertices = 'first' | 'unskinned' | 'firstValid';

export interface InfluenceOptions {
  /** joint = palette[id]; an id outside the palette is invalid. */
  palette?: ArrayLike<number>;
  /** Joints outside [0, jointCount) are invalid. */
  jointCount?: number;
  invalid?: InvalidIds;
  unweighted?: UnweightedVertices;
  /** Unskinned vertices bind fully to this joint instead of getting zero weights. */
  rigidJoint?: number;
}

export interface UnpackedSkin extends PackedSkin {
  /** Vertices with no usable influence; their weights are all zero unless `rigidJoint` was given. */
  unskinned: number;
}

/** Variable-length records: how a vertex's run of records ends. */
export interface RecordGrouping {
  /** A record whose id field has any of these bits ends its vertex. */
  endMask: number;
  /** A vertex also ends at its `maxPerVertex`-th record. */
  maxPerVertex: number;
}

/** A weighted slot whose id is invalid, under `invalid: 'throw'`. */
export class InvalidInfluence extends RangeError {
  constructor(readonly vertex: number, readonly slot: number, readonly id: number) {
    super(`vertex ${vertex}: joint id ${id} of slot ${slot} is invalid`);
    this.name = 'InvalidInfluence';
  }
}

export const FIELD_TYPES: Record<WeightType, number> = { u8: 0, i8: 1, u16: 2, i16: 3, u32: 4, i32: 5, f32: 6 };
export const FIELD_REMAINDER = 7;
const SIZES: Record<WeightType, number> = { u8: 1, i8: 1, u16: 2, i16: 2, u32: 4, i32: 4, f32: 4 };
export const INVALID_MODES: Record<InvalidIds, number> = { skip: 0, truncate: 1, throw: 2 };
export const UNWEIGHTED_MODES: Record<UnweightedVertices, number> = { first: 0, unskinned: 1, firstValid: 2 };

function checkCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, got ${n}`);
}

function checkField(name: string, f: StreamField<WeightType>, strides: readonly number[]): void {
  const stream = f.stream ?? 0;
  const size = Object.hasOwn(SIZES, f.type) ? SIZES[f.type] : NaN;
  if (!(size > 0)) throw new RangeError(`${name} has unknown type ${String(f.type)}`);
  if (!Number.isInteger(stream) || stream < 0 || stream >= strides.length) throw new RangeError(`${name} names stream ${stream} of ${strides.length}`);
  if (!Number.isInteger(f.offset) || f.offset < 0 || f.offset + size > strides[stream]) {
    throw new RangeError(`${name} (${f.type} at ${f.offset}) does not fit a ${strides[stream]}-byte record`);
  }
}

/** Checks the streams, the layout and the options; every field of `count` records must fit. */
export function checkInfluences(streams: readonly Uint8Array[], count: number, layout: InfluenceLayout, options: InfluenceOptions): void {
  checkCount('count', count);
  const { strides, joints, weights } = layout;
  if (!Array.isArray(streams) || streams.length !== strides.length) throw new RangeError(`${strides.length} strides need as many streams`);
  streams.forEach((bytes, i) => {
    expectArray(`streams[${i}]`, bytes, Uint8Array);
    if (!Number.isInteger(strides[i]) || strides[i] <= 0) throw new RangeError(`strides[${i}] must be a positive integer, got ${strides[i]}`);
    if (count * strides[i] > bytes.byteLength) throw new RangeError(`${count} records of ${strides[i]} bytes need ${count * strides[i]} bytes, have ${bytes.byteLength}`);
  });
  if (joints.length < 1) throw new RangeError('an influence layout needs at least one slot');
  if (weights.length !== joints.length - (layout.remainder !== undefined ? 1 : 0)) {
    throw new RangeError(`${joints.length} joint fields need ${joints.length - (layout.remainder !== undefined ? 1 : 0)} weight fields, have ${weights.length}`);
  }
  joints.forEach((f, s) => {
    if (f.type === ('f32' as never)) throw new RangeError(`joints[${s}] must be an integer field`);
    checkField(`joints[${s}]`, f, strides);
  });
  weights.forEach((f, s) => checkField(`weights[${s}]`, f, strides));
  checkRules(layout, options);
}

/** Checks the id and weight rules shared by fixed-slot and grouped records. */
export function checkRules(layout: Omit<InfluenceLayout, 'strides' | 'joints' | 'weights'>, options: InfluenceOptions): void {
  if (options.palette !== undefined) expectNumbers('palette', options.palette);
  if (options.jointCount !== undefined) checkCount('jointCount', options.jointCount);
  if (layout.idMask !== undefined && !(Number.isInteger(layout.idMask) && layout.idMask >= 0 && layout.idMask <= 0xffffffff)) throw new RangeError(`idMask must be a u32, got ${layout.idMask}`);
  if (layout.idDivisor !== undefined && !(Number.isInteger(layout.idDivisor) && layout.idDivisor > 0)) throw new RangeError(`idDivisor must be a positive integer, got ${layout.idDivisor}`);
  if (layout.weightDivisor !== undefined && !(layout.weightDivisor > 0 && Number.isFinite(layout.weightDivisor))) throw new RangeError(`weightDivisor must be positive, got ${layout.weightDivisor}`);
  if (layout.remainder !== undefined && !Number.isFinite(layout.remainder)) throw new RangeError(`remainder must be finite, got ${layout.remainder}`);
  if (options.invalid !== undefined && !Object.hasOwn(INVALID_MODES, options.invalid)) throw new RangeError(`invalid must be 'skip', 'truncate' or 'throw', got ${String(options.invalid)}`);
  if (options.unweighted !== undefined && !Object.hasOwn(UNWEIGHTED_MODES, options.unweighted)) {
    throw new RangeError(`unweighted must be 'first', 'unskinned' or 'firstValid', got ${String(options.unweighted)}`);
  }
}

/** Reads a field as a number (little-endian). */
function reader(view: DataView, type: WeightType): (p: number) => number {
  switch (type) {
    case 'u8': return (p) => view.getUint8(p);
    case 'i8': return (p) => view.getInt8(p);
    case 'u16': return (p) => view.getUint16(p, true);
    case 'i16': return (p) => view.getInt16(p, true);
    case 'u32': return (p) => view.getUint32(p, true);
    case 'i32': return (p) => view.getInt32(p, true);
    default: return (p) => view.getFloat32(p, true);
  }
}

/** The slot walk of one vertex: resolves ids, keeps weighted valid slots, flags unskinned vertices. */
class SlotWalk {
  private readonly mask: number;
  private readonly divisor: number;
  private readonly weightDivisor: number;
  private readonly palette: Int32Array | undefined;
  private readonly limit: number;
  private readonly invalid: InvalidIds;
  private readonly unweighted: UnweightedVertices;
  private joint = 0;
  kept = 0;
  private stopped = false;
  private firstValid = false;

  constructor(layout: Omit<InfluenceLayout, 'strides' | 'joints' | 'weights'>, options: InfluenceOptions) {
    this.mask = layout.idMask ?? -1;
    this.divisor = layout.idDivisor ?? 1;
    this.weightDivisor = layout.weightDivisor ?? 1;
    // Palette joints are i32, as in module memory.
    this.palette = options.palette ? Int32Array.from(options.palette as ArrayLike<number>) : undefined;
    this.limit = options.jointCount ?? -1;
    this.invalid = options.invalid ?? 'skip';
    this.unweighted = options.unweighted ?? 'first';
  }

  start(): void {
    this.kept = 0;
    this.stopped = false;
    this.firstValid = false;
  }

  private resolve(raw: number): boolean {
    let id = this.mask >= 0 ? (raw & this.mask) >>> 0 : raw;
    if (this.divisor !== 1) {
      id /= this.divisor;
      if (id !== Math.floor(id)) return false;
    }
    if (this.palette) {
      if (!(id >= 0 && id < this.palette.length)) return false;
      this.joint = this.palette[id];
    } else this.joint = id | 0;
    return this.limit < 0 || (this.joint >= 0 && this.joint < this.limit);
  }

  /** Writes slot `slot` at `o`; throws InvalidInfluence for an invalid weighted id in throw mode. */
  take(raw: number, weight: number, vertex: number, slot: number, o: number, joints: Int32Array, weights: Float32Array): void {
    const value = Math.fround(weight / this.weightDivisor);
    const valid = this.resolve(raw);
    joints[o] = valid ? this.joint : 0;
    if (slot === 0) this.firstValid = valid;
    if (value > 0 && !this.stopped) {
      if (valid) {
        weights[o] = value;
        this.kept++;
        return;
      }
      if (this.invalid === 'throw') throw new InvalidInfluence(vertex, slot, this.mask >= 0 ? (raw & this.mask) >>> 0 : raw);
    }
    if (this.invalid === 'truncate') this.stopped = true;
    weights[o] = 0;
  }

  unskinned(): boolean {
    return this.kept === 0 && (this.unweighted === 'unskinned' || (this.unweighted === 'firstValid' && !this.firstValid));
  }
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
  const at = (f: StreamField<WeightType>) => ({ read: reader(views[f.stream ?? 0], f.type), offset: f.offset, stride: layout.strides[f.stream ?? 0] });
  const jointFields = layout.joints.map(at);
  const weightFields = layout.weights.map(at);
  const remainder = layout.remainder ?? 0;
  const walk = new SlotWalk(layout, options);
  const joints = new Int32Array(count * slots);
  const weights = new Float32Array(count * slots);
  const rigid = new Uint8Array(count);
  let rigidCount = 0;
  for (let v = 0; v < count; v++) {
    walk.start();
    let sum = 0;
    for (let s = 0; s < slots; s++) {
      const j = jointFields[s];
      const w = weightFields[s];
      let weight: number;
      if (w === undefined) weight = remainder - sum;
      else {
        weight = w.read(v * w.stride + w.offset);
        sum += weight;
      }
      walk.take(j.read(v * j.stride + j.offset), weight, v, s, v * slots + s, joints, weights);
    }
    if (walk.unskinned()) {
      rigid[v] = 1;
      rigidCount++;
    }
  }
  return applyRigid(packSkinWeightsJS(count, slots, joints, weights), rigid, rigidCount, options.rigidJoint);
}

/** Checks variable-length records: one stream, one slot (the record's id and weight). */
export function checkGrouped(bytes: Uint8Array, recordCount: number, vertexCount: number, layout: InfluenceLayout, grouping: RecordGrouping, options: InfluenceOptions): void {
  expectArray('bytes', bytes, Uint8Array);
  checkCount('recordCount', recordCount);
  checkCount('vertexCount', vertexCount);
  if (layout.strides.length !== 1 || layout.joints.length !== 1 || layout.weights.length !== 1 || layout.remainder !== undefined) {
    throw new RangeError('grouped records have one stream, one joint and one weight field');
  }
  checkInfluences([bytes], recordCount, layout, options);
  checkGrouping(grouping);
}

export function checkGrouping(grouping: RecordGrouping): void {
  const { endMask, maxPerVertex } = grouping;
  if (!(Number.isInteger(endMask) && endMask >= 0 && endMask <= 0xffffffff)) throw new RangeError(`endMask must be a u32, got ${endMask}`);
  if (!Number.isInteger(maxPerVertex) || maxPerVertex < 1 || maxPerVertex > 0xffffffff) throw new RangeError(`maxPerVertex must be a positive integer, got ${maxPerVertex}`);
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
  const read = reader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), field.type);
  const starts = new Uint32Array(vertexCount + 1);
  let v = 0, k = 0, widest = 0;
  for (let r = 0, p = field.offset; r < recordCount; r++, p += stride) {
    if (v >= vertexCount) throw new RangeError(`record ${r} belongs to vertex ${v}, past the ${vertexCount} vertices`);
    if (k === 0) starts[v] = r;
    k++;
    if ((read(p) & grouping.endMask) !== 0 || k === grouping.maxPerVertex) {
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

export function checkGroupRecords(bytes: Uint8Array, recordCount: number, vertexCount: number, stride: number, field: StreamField<IdType>, grouping: RecordGrouping): void {
  expectArray('bytes', bytes, Uint8Array);
  checkCount('recordCount', recordCount);
  checkCount('vertexCount', vertexCount);
  if (!Number.isInteger(stride) || stride <= 0) throw new RangeError(`stride must be a positive integer, got ${stride}`);
  if (recordCount * stride > bytes.byteLength) throw new RangeError(`${recordCount} records of ${stride} bytes need ${recordCount * stride} bytes, have ${bytes.byteLength}`);
  checkField('field', { ...field, stream: 0 }, [stride]);
  checkGrouping(grouping);
}

/** Padding every vertex to the widest costs more than this many slots per record: pack one at a time. */
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
  const readJoint = reader(view, jf.type), readWeight = reader(view, wf.type);
  const walk = new SlotWalk(layout, options);
  const rigid = new Uint8Array(vertexCount);
  let rigidCount = 0;
  const fill = (v: number, joints: Int32Array, weights: Float32Array, base: number): void => {
    walk.start();
    for (let r = starts[v], s = 0; r < starts[v + 1]; r++, s++) {
      walk.take(readJoint(r * stride + jf.offset), readWeight(r * stride + wf.offset), v, s, base + s, joints, weights);
    }
    if (walk.unskinned()) {
      rigid[v] = 1;
      rigidCount++;
    }
  };
  if (!tooWide(vertexCount, widest, recordCount)) {
    const joints = new Int32Array(vertexCount * widest);
    const weights = new Float32Array(vertexCount * widest);
    for (let v = 0; v < vertexCount; v++) fill(v, joints, weights, v * widest);
    return applyRigid(packSkinWeightsJS(vertexCount, widest, joints, weights), rigid, rigidCount, options.rigidJoint);
  }
  // A few very wide vertices: pack one vertex at a time instead of padding every vertex.
  const out = { joints: new Uint16Array(vertexCount * 4), weights: new Float32Array(vertexCount * 4) };
  for (let v = 0; v < vertexCount; v++) {
    const n = starts[v + 1] - starts[v];
    const joints = new Int32Array(n), weights = new Float32Array(n);
    fill(v, joints, weights, 0);
    const one = packSkinWeightsJS(1, n, joints, weights);
    out.joints.set(one.joints, v * 4);
    out.weights.set(one.weights, v * 4);
  }
  return applyRigid(out, rigid, rigidCount, options.rigidJoint);
}
