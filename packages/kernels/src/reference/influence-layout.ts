// The data a format passes to the skin-weight kernels: where each slot's joint id and weight sit
// in its records (InfluenceLayout), how ids resolve (InfluenceOptions), how variable-length
// records group into vertices (RecordGrouping), and the checks every path runs first.
import { expectArray, expectNumbers } from '../guard.js';
import type { PackedSkin } from './skin.js';

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
  /**
   * Vertex v reads record `records[v]` of every stream instead of record v (a material block's
   * vertices picked from a shared vertex buffer, read in place). Fixed-slot layouts only.
   */
  records?: Uint32Array;
}

export interface UnpackedSkin extends PackedSkin {
  /** Vertices with no usable influence; their weights are all zero unless `rigidJoint` was given. */
  unskinned: number;
  /** Fixed-slot layouts: weighted slots dropped for an invalid id (skipped, or the one that truncated its vertex). */
  dropped?: number;
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
export function checkInfluences(streams: readonly Uint8Array[], count: number, layout: InfluenceLayout, options: InfluenceOptions, scanRecords = true): void {
  checkCount('count', count);
  const { strides, joints, weights } = layout;
  if (!Array.isArray(streams) || streams.length !== strides.length) throw new RangeError(`${strides.length} strides need as many streams`);
  // Picked records are checked here, or by a kernel as it reads them (`scanRecords` false).
  let needed = count;
  if (options.records !== undefined) {
    checkPicked(count, options.records);
    needed = scanRecords ? highestPicked(count, options.records) + 1 : 0;
  }
  streams.forEach((bytes, i) => {
    expectArray(`streams[${i}]`, bytes, Uint8Array);
    if (!Number.isInteger(strides[i]) || strides[i] <= 0) throw new RangeError(`strides[${i}] must be a positive integer, got ${strides[i]}`);
    if (needed * strides[i] > bytes.byteLength) throw new RangeError(`${needed} records of ${strides[i]} bytes need ${needed * strides[i]} bytes, have ${bytes.byteLength}`);
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

/** The highest record the first `count` picked ones name (−1 for none). */
function highestPicked(count: number, records: Uint32Array): number {
  let highest = -1;
  for (let v = 0; v < count; v++) if (records[v] > highest) highest = records[v];
  return highest;
}

function checkPicked(count: number, records: Uint32Array): void {
  expectArray('records', records, Uint32Array);
  if (records.length < count) throw new RangeError(`${count} vertices need as many records, have ${records.length}`);
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

/** Checks variable-length records: one stream, one slot (the record's id and weight). */
export function checkGrouped(bytes: Uint8Array, recordCount: number, vertexCount: number, layout: InfluenceLayout, grouping: RecordGrouping, options: InfluenceOptions): void {
  expectArray('bytes', bytes, Uint8Array);
  checkCount('recordCount', recordCount);
  checkCount('vertexCount', vertexCount);
  if (layout.strides.length !== 1 || layout.joints.length !== 1 || layout.weights.length !== 1 || layout.remainder !== undefined) {
    throw new RangeError('grouped records have one stream, one joint and one weight field');
  }
  if (options.records !== undefined) throw new RangeError('records picks fixed-slot records; grouped records are read in order');
  checkInfluences([bytes], recordCount, layout, options);
  checkGrouping(grouping);
}

export function checkGrouping(grouping: RecordGrouping): void {
  const { endMask, maxPerVertex } = grouping;
  if (!(Number.isInteger(endMask) && endMask >= 0 && endMask <= 0xffffffff)) throw new RangeError(`endMask must be a u32, got ${endMask}`);
  if (!Number.isInteger(maxPerVertex) || maxPerVertex < 1 || maxPerVertex > 0xffffffff) throw new RangeError(`maxPerVertex must be a positive integer, got ${maxPerVertex}`);
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
