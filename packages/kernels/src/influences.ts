// Option and layout handling mirrors src/reference/influences.ts deliberately: the two paths take the same arguments.
import { applyRigid, groupRecordsJS, tooWide, unpackGroupedInfluencesJS, unpackInfluencesJS } from './reference/influences.js';
import {
  FIELD_TYPES,
  checkInfluences,
  INVALID_MODES,
  UNWEIGHTED_MODES,
  checkGroupRecords,
  checkGrouped,
  type IdType,
  type InfluenceLayout,
  type InfluenceOptions,
  type RecordGrouping,
  type StreamField,
  type UnpackedSkin,
} from './reference/influence-layout.js';
import { J_I32, W_F32, packIn, type PackedSkin } from './skin.js';
import { wasmModule, type KernelMode, type Variant, type WasmModule } from './runtime.js';

export interface UnpackInfluencesOptions extends InfluenceOptions {
  kernels?: KernelMode;
  variant?: Variant;
}

/** Bytes of the scratch the influence kernels fill with their 8-bit id and weight tables (TABLES_SIZE in assembly/influences.ts). */
const TABLES_SIZE = 6144;
/** The in-place kernel's u16 id table follows them (ID_TABLE_ENTRIES × 8 bytes). */
const ID_TABLE_SIZE = 4096 * 8;

/** Writes the id and weight rules block the influence kernels read (9 f64). */
function rules(wasm: WasmModule, layout: Omit<InfluenceLayout, 'strides' | 'joints' | 'weights'>, options: InfluenceOptions): number {
  const palette = options.palette;
  const pal = palette ? wasm.alloc(palette.length * 4) : 0;
  if (palette) wasm.view(Int32Array, pal, palette.length).set(palette);
  const block = wasm.alloc(72);
  wasm.view(Float64Array, block, 9).set([
    layout.idMask ?? -1,
    layout.idDivisor ?? 1,
    pal,
    palette?.length ?? 0,
    options.jointCount ?? -1,
    layout.weightDivisor ?? 1,
    layout.remainder ?? 0,
    INVALID_MODES[options.invalid ?? 'skip'],
    UNWEIGHTED_MODES[options.unweighted ?? 'first'],
  ]);
  return block;
}

/**
 * Skin weights from (joint id, weight) streams: `count` vertices, each with one record in every
 * stream (record `options.records[v]` when given); slot s's id and weight are read where `layout`
 * says, resolved by `options` (mask, divisor, palette, joint range; invalid and unweighted
 * handling), and the slots are packed to glTF JOINTS_0/WEIGHTS_0 (duplicates merged, top 4,
 * renormalised) as packSkinWeights does.
 *
 * Runs in WASM once `ready()` has resolved for at most 4 slots with u8, i8 or u16 ids, u8, i8 or
 * f32 weights and no id mask (MDL, O3D and MS3D records): every stream read in place (no column
 * copies; no copy at all inside {@link withInput}) and packed in the same pass. Other layouts run
 * the TypeScript twin, whose results are identical.
 */
export function unpackInfluences(streams: readonly Uint8Array[], count: number, layout: InfluenceLayout, options: UnpackInfluencesOptions = {}): UnpackedSkin {
  const wasm = wasmModule(options);
  if (!wasm || count === 0 || !inPlaceLayout(layout)) return unpackInfluencesJS(streams, count, layout, options);
  checkInfluences(streams, count, layout, options, false);
  const { strides, joints, weights } = layout;
  const slots = joints.length;
  const fast = wasm.run(() => {
    const picked = options.records;
    const bases = streams.map((bytes) => wasm.place(bytes));
    const vertices = picked ? wasm.put(picked.subarray(0, count)) : 0;
    const fields = wasm.alloc(slots * 16);
    const table = wasm.view(Uint32Array, fields, slots * 4);
    for (let s = 0; s < slots; s++) {
      const j = joints[s], w = weights[s], js = j.stream ?? 0;
      table.set([bases[js] + j.offset, strides[js], w ? bases[w.stream ?? 0] + w.offset : 0, w ? strides[w.stream ?? 0] : 0], s * 4);
    }
    const r = rules(wasm, layout, options);
    const tables = wasm.alloc(TABLES_SIZE + ID_TABLE_SIZE), scratch = wasm.alloc(48), rigid = wasm.alloc(count);
    const oj = wasm.alloc(count * 8), ow = wasm.alloc(count * 16);
    const recordCount = Math.min(...streams.map((bytes, i) => Math.floor(bytes.byteLength / strides[i])));
    const result = wasm.exports.unpackRecordInfluences(
      recordCount, count, vertices, slots, weights.length, fields, FIELD_TYPES[joints[0].type], FIELD_TYPES[weights[0]?.type ?? 'u8'], r, tables, scratch, oj, ow, rigid,
    );
    if (result >= 0) return undefined; // an invalid id to throw, or a picked record past a stream: the twin throws it
    const packed = { joints: wasm.take(Uint16Array, oj, count * 4), weights: wasm.take(Float32Array, ow, count * 4) };
    const rigidCount = -1 - result;
    const dropped = wasm.view(Uint32Array, scratch + 32, 1)[0];
    return { ...applyRigid(packed, rigidCount ? wasm.take(Uint8Array, rigid, count) : new Uint8Array(0), rigidCount, options.rigidJoint), dropped };
  }, () => undefined);
  return fast ?? unpackInfluencesJS(streams, count, layout, options);
}

/** Layouts the in-place kernel reads: ≤ 4 slots, ids all u8, all i8 or all u16, weights all u8, all i8 or all f32, no id mask. */
function inPlaceLayout(layout: InfluenceLayout): boolean {
  const { strides, joints, weights } = layout;
  if (!Array.isArray(strides) || !Array.isArray(joints) || !Array.isArray(weights) || layout.idMask !== undefined) return false;
  if (joints.length < 1 || joints.length > 4 || weights.length !== joints.length - (layout.remainder !== undefined ? 1 : 0)) return false;
  const idType = joints[0]?.type, weightType = weights[0]?.type;
  if (idType !== 'u8' && idType !== 'i8' && idType !== 'u16') return false;
  if (weightType !== undefined && weightType !== 'u8' && weightType !== 'i8' && weightType !== 'f32') return false;
  return joints.every((f) => f.type === idType) && weights.every((f) => f.type === weightType);
}

/**
 * Splits variable-length per-vertex records into vertices: the first record of each of
 * `vertexCount` vertices (plus `recordCount` at the end) and the most records of one vertex. A
 * record whose id `field` has a bit of `grouping.endMask`, or the `maxPerVertex`-th record, ends
 * a vertex. Throws RangeError unless the records fill exactly `vertexCount` vertices.
 */
export function groupRecords(
  bytes: Uint8Array,
  recordCount: number,
  vertexCount: number,
  stride: number,
  field: StreamField<IdType>,
  grouping: RecordGrouping,
  options: { kernels?: KernelMode; variant?: Variant } = {},
): { starts: Uint32Array; widest: number } {
  const wasm = wasmModule(options);
  if (!wasm || vertexCount === 0) return groupRecordsJS(bytes, recordCount, vertexCount, stride, field, grouping);
  checkGroupRecords(bytes, recordCount, vertexCount, stride, field, grouping);
  const fast = wasm.run(() => {
    const b = wasm.place(bytes.subarray(0, recordCount * stride));
    const starts = wasm.alloc((vertexCount + 1) * 4);
    const widest = wasm.exports.groupRecords(b, recordCount, stride, field.offset, FIELD_TYPES[field.type], grouping.endMask, grouping.maxPerVertex, vertexCount, starts);
    return widest < 0 ? undefined : { starts: wasm.take(Uint32Array, starts, vertexCount + 1), widest };
  }, () => undefined);
  return fast ?? groupRecordsJS(bytes, recordCount, vertexCount, stride, field, grouping);
}

/**
 * Skin weights from variable-length records: `recordCount` records of one (joint id, weight)
 * pair each (`layout`: one stream, one slot), grouped into `vertexCount` vertices as
 * {@link groupRecords} does, resolved by `options` and packed to JOINTS_0/WEIGHTS_0. Runs in WASM
 * once `ready()` has resolved; identical to {@link unpackGroupedInfluencesJS}.
 */
export function unpackGroupedInfluences(
  bytes: Uint8Array,
  recordCount: number,
  vertexCount: number,
  layout: InfluenceLayout,
  grouping: RecordGrouping,
  options: UnpackInfluencesOptions = {},
): UnpackedSkin {
  const wasm = wasmModule(options);
  if (!wasm || vertexCount === 0) return unpackGroupedInfluencesJS(bytes, recordCount, vertexCount, layout, grouping, options);
  checkGrouped(bytes, recordCount, vertexCount, layout, grouping, options);
  const stride = layout.strides[0];
  const jf = layout.joints[0], wf = layout.weights[0];
  const fast = wasm.run(() => {
    const b = wasm.place(bytes.subarray(0, recordCount * stride));
    const starts = wasm.alloc((vertexCount + 1) * 4);
    const widest = wasm.exports.groupRecords(b, recordCount, stride, jf.offset, FIELD_TYPES[jf.type], grouping.endMask, grouping.maxPerVertex, vertexCount, starts);
    if (widest < 0 || tooWide(vertexCount, widest, recordCount)) return undefined; // the reference reports or handles it
    const r = rules(wasm, layout, options);
    const tables = wasm.alloc(TABLES_SIZE), rigid = wasm.alloc(vertexCount);
    const record = [b, stride, jf.offset, FIELD_TYPES[jf.type], wf.offset, FIELD_TYPES[wf.type], vertexCount, starts, widest, r, tables] as const;
    let result: number, packed: PackedSkin;
    if (widest <= 4) {
      // Gathered and packed in one pass, vertex by vertex.
      const scratch = wasm.alloc(32), oj = wasm.alloc(vertexCount * 8), ow = wasm.alloc(vertexCount * 16);
      result = wasm.exports.unpackFewGroupedInfluences(...record, scratch, oj, ow, rigid);
      if (result >= 0) return undefined;
      packed = { joints: wasm.take(Uint16Array, oj, vertexCount * 4), weights: wasm.take(Float32Array, ow, vertexCount * 4) };
    } else {
      const j = wasm.alloc(vertexCount * widest * 4), w = wasm.alloc(vertexCount * widest * 4);
      result = wasm.exports.gatherGroupedInfluences(...record, j, w, rigid);
      if (result >= 0) return undefined;
      packed = packIn(wasm, vertexCount, widest, j, widest * 4, 4, J_I32, w, widest * 4, 4, W_F32);
    }
    const rigidCount = -1 - result;
    return applyRigid(packed, rigidCount ? wasm.take(Uint8Array, rigid, vertexCount) : new Uint8Array(0), rigidCount, options.rigidJoint);
  }, () => undefined);
  return fast ?? unpackGroupedInfluencesJS(bytes, recordCount, vertexCount, layout, grouping, options);
}
