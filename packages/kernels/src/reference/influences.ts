// Skin weights from generic (joint id, weight) streams: a format describes where its ids and
// weights sit in its records (an InfluenceLayout) and how ids resolve (InfluenceOptions); these
// read them and pack them to glTF JOINTS_0/WEIGHTS_0 (top 4, renormalised) with packSkinWeights.
import {
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
import { packSkinWeightsJS, type PackedSkin } from './skin.js';

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
