// Format-specific skin-weight unpackers: each decodes its format's stored influences and packs
// them to glTF JOINTS_0/WEIGHTS_0 (top 4, renormalised) through packSkinWeights, so they share
// its WASM path. Bad counts throw RangeError before anything is read; format packages check their
// values first (or catch and rethrow as FormatError).
// The skin-weight unpackers as the kernels had them, TypeScript path only (their WASM path was
// proven identical by the kernels' parity tests): the staged layouts are compared with these.
import { packSkinWeightsJS, type PackedSkin } from '../src/reference/skin.js';
import { expectArray, expectNumbers, expectOptionalArray } from '../src/guard.js';
import type { KernelMode, Variant } from '../src/runtime.js';

export interface UnpackOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Force the TypeScript reference for packing (parity tests, benchmarks). */
  reference?: boolean;
}

export interface UnpackedSkin extends PackedSkin {
  /** Vertices with no usable influence; their weights are all zero unless `rigidJoint` was given. */
  unskinned: number;
}

function pack(vertexCount: number, influences: number, joints: Int32Array, weights: Float32Array, options: UnpackOptions): PackedSkin {
  return packSkinWeightsJS(vertexCount, influences, joints, weights);
}

/** Marks vertices flagged in `rigid` as unskinned: zero weights, or weight 1 on `rigidJoint`. */
function applyRigid(skin: PackedSkin, rigid: Uint8Array, count: number, rigidJoint: number | undefined): UnpackedSkin {
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

function checkCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, got ${n}`);
}

function checkRecords(name: string, bytes: Uint8Array, stride: number, count: number, end: number): void {
  expectArray(name, bytes, Uint8Array);
  checkCount('count', count);
  if (!Number.isInteger(stride) || stride <= 0) throw new RangeError(`stride must be a positive integer, got ${stride}`);
  if (end > stride) throw new RangeError(`fields end at byte ${end} of a ${stride}-byte record`);
  if (count * stride > bytes.byteLength) throw new RangeError(`${count} records of ${stride} bytes need ${count * stride} bytes, have ${bytes.byteLength}`);
}

export interface Ms3dWeightOptions extends UnpackOptions {
  /** Bind unskinned vertices (boneId −1) fully to this joint instead of leaving zero weights. */
  rigidJoint?: number;
}

/**
 * MS3D (spec ms3d.md §5.5): `boneIds` is each vertex's own boneId (i8); `extra` the vertex-extra
 * section (`i8 boneIds[3]; u8 weights[3]` + 0/4/8 bytes, `extraStride` 6/10/14) or undefined. Slot
 * 0 is the vertex's bone with weight w0, slots 1–3 the extra bones with w1, w2 and 100 − (w0+w1+w2);
 * only the leading run of valid slots (bone in [0, jointCount), weight > 0) counts; all-zero weights
 * or no valid slot → 100 % on the vertex's bone. Weights are on a 0..100 scale for every
 * sub-version; renormalised.
 */
export function unpackMs3dWeights(
  boneIds: ArrayLike<number>,
  extra: Uint8Array | undefined,
  extraStride: number,
  jointCount: number,
  options: Ms3dWeightOptions = {},
): UnpackedSkin {
  expectNumbers('boneIds', boneIds);
  expectOptionalArray('extra', extra, Uint8Array);
  const n = boneIds.length;
  checkCount('jointCount', jointCount);
  if (extra) checkRecords('extra', extra, extraStride, n, 6);
  const joints = new Int32Array(n * 4);
  const weights = new Float32Array(n * 4);
  const rigid = new Uint8Array(n);
  let rigidCount = 0;
  for (let v = 0; v < n; v++) {
    const b0 = boneIds[v] << 24 >> 24;
    const o = v * 4;
    if (b0 < 0 || b0 >= jointCount) {
      rigid[v] = 1;
      rigidCount++;
      continue;
    }
    joints[o] = b0;
    weights[o] = 1;
    if (!extra) continue;
    const e = v * extraStride;
    const w0 = extra[e + 3], w1 = extra[e + 4], w2 = extra[e + 5];
    if (w0 + w1 + w2 === 0) continue;
    const slotBone = [b0, extra[e] << 24 >> 24, extra[e + 1] << 24 >> 24, extra[e + 2] << 24 >> 24];
    const slotWeight = [w0, w1, w2, 100 - (w0 + w1 + w2)];
    let used = 0;
    while (used < 4 && slotBone[used] >= 0 && slotBone[used] < jointCount && slotWeight[used] > 0) used++;
    if (used === 0) continue; // no valid slot: 100 % on the vertex's bone
    weights[o] = 0;
    for (let s = 0; s < used; s++) {
      joints[o + s] = slotBone[s];
      weights[o + s] = slotWeight[s] / 100;
    }
  }
  return applyRigid(pack(n, 4, joints, weights, options), rigid, rigidCount, options.rigidJoint);
}

/**
 * O3D skin vertices (spec o3d.md §2.3): w1 (f32 at 12), w2 (f32 at 16), idxA/idxB (u16 at 20/22),
 * each a palette slot × 3. With a `palette`, joint = palette[idx / 3]; without, joint = idx / 3.
 * An index with zero weight is ignored (often stale). A weighted index that is not a multiple of 3
 * or beyond the palette throws RangeError.
 */
export function unpackO3dWeights(
  records: Uint8Array,
  count: number,
  palette?: ArrayLike<number>,
  options: UnpackOptions & { stride?: number } = {},
): UnpackedSkin {
  const stride = options.stride ?? 44;
  checkRecords('records', records, stride, count, 24);
  if (palette !== undefined) expectNumbers('palette', palette);
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const joints = new Int32Array(count * 2);
  const weights = new Float32Array(count * 2);
  const rigid = new Uint8Array(count);
  let rigidCount = 0;
  const resolve = (idx: number, v: number): number => {
    const slot = idx / 3;
    if (!Number.isInteger(slot) || (palette && slot >= palette.length)) {
      throw new RangeError(`vertex ${v}: bone index ${idx} is not a palette slot × 3 of a ${palette?.length ?? 'global'} palette`);
    }
    return palette ? palette[slot] : slot;
  };
  for (let v = 0, p = 0; v < count; v++, p += stride) {
    const w1 = view.getFloat32(p + 12, true), w2 = view.getFloat32(p + 16, true);
    if (w1 > 0) {
      joints[v * 2] = resolve(view.getUint16(p + 20, true), v);
      weights[v * 2] = w1;
    }
    if (w2 > 0) {
      joints[v * 2 + 1] = resolve(view.getUint16(p + 22, true), v);
      weights[v * 2 + 1] = w2;
    }
    if (!(w1 > 0) && !(w2 > 0)) {
      rigid[v] = 1;
      rigidCount++;
    }
  }
  return applyRigid(pack(count, 2, joints, weights, options), rigid, rigidCount, undefined);
}

/**
 * MDL byte weights (spec mdl.md §2.5/§5.7): u16[4] bone ids at `jointsOffset`, u8[4] weights at
 * `weightsOffset` of each `stride`-byte record; weight / 255, renormalised. All-zero = unskinned.
 */
export function unpackByteWeights(
  records: Uint8Array,
  stride: number,
  count: number,
  jointsOffset: number,
  weightsOffset: number,
  options: UnpackOptions = {},
): UnpackedSkin {
  checkRecords('records', records, stride, count, Math.max(jointsOffset + 8, weightsOffset + 4));
  if (!Number.isInteger(jointsOffset) || !Number.isInteger(weightsOffset) || jointsOffset < 0 || weightsOffset < 0) {
    throw new RangeError(`field offsets must be non-negative integers, got ${jointsOffset} and ${weightsOffset}`);
  }
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const joints = new Int32Array(count * 4);
  const weights = new Float32Array(count * 4);
  const rigid = new Uint8Array(count);
  let rigidCount = 0;
  for (let v = 0, p = 0; v < count; v++, p += stride) {
    let any = 0;
    for (let k = 0; k < 4; k++) {
      const w = records[p + weightsOffset + k];
      any |= w;
      joints[v * 4 + k] = view.getUint16(p + jointsOffset + k * 2, true);
      weights[v * 4 + k] = w / 255;
    }
    if (!any) {
      rigid[v] = 1;
      rigidCount++;
    }
  }
  return applyRigid(pack(count, 4, joints, weights, options), rigid, rigidCount, undefined);
}

export interface LodWeightOptions extends UnpackOptions {
  /** 6-byte records (u16 bone field) for skeletons of more than 127 bones; else 5-byte (u8). */
  wide?: boolean;
}

/**
 * LOD variable-length weight records (spec lod.md, PntBnWeightType 1): `recordCount` records of
 * `boneField; f32 weight` (5 or 6 bytes). The low 7 (15) bits of boneField are the bone; the top
 * bit moves to the next vertex after this record, as does reaching `bonesPerVertex` records.
 * Throws RangeError unless exactly `vertexCount` vertices are filled.
 */
export function unpackLodWeights(
  bytes: Uint8Array,
  recordCount: number,
  bonesPerVertex: number,
  vertexCount: number,
  options: LodWeightOptions = {},
): UnpackedSkin {
  expectArray('bytes', bytes, Uint8Array);
  checkCount('recordCount', recordCount);
  checkCount('vertexCount', vertexCount);
  if (!Number.isInteger(bonesPerVertex) || bonesPerVertex < 1 || bonesPerVertex > 0xffff) {
    throw new RangeError(`bonesPerVertex must be in 1..65535, got ${bonesPerVertex}`);
  }
  const size = options.wide ? 6 : 5;
  if (recordCount * size > bytes.byteLength) throw new RangeError(`${recordCount} records of ${size} bytes need ${recordCount * size} bytes, have ${bytes.byteLength}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flag = options.wide ? 0x8000 : 0x80;
  const boneAt = (p: number) => (options.wide ? view.getUint16(p, true) : bytes[p]);
  // Pass 1: records per vertex (bounds the arrays by what the file really holds).
  const starts = new Uint32Array(vertexCount + 1);
  let v = 0, k = 0, widest = 0;
  for (let r = 0, p = 0; r < recordCount; r++, p += size) {
    if (v >= vertexCount) throw new RangeError(`record ${r} belongs to vertex ${v}, past the ${vertexCount} vertices`);
    if (k === 0) starts[v] = r;
    k++;
    if (boneAt(p) & flag || k === bonesPerVertex) {
      if (k > widest) widest = k;
      v++;
      k = 0;
    }
  }
  if (k > widest) widest = k;
  const filled = v + (k > 0 ? 1 : 0);
  if (filled !== vertexCount) throw new RangeError(`${recordCount} records filled ${filled} vertices, expected ${vertexCount}`);
  starts[vertexCount] = recordCount;
  const recordsOf = (i: number) => starts[i + 1] - starts[i];
  if (vertexCount * widest <= 8 * recordCount + 64) {
    const joints = new Int32Array(vertexCount * widest);
    const weights = new Float32Array(vertexCount * widest);
    for (let i = 0; i < vertexCount; i++) {
      for (let r = starts[i], o = i * widest; r < starts[i + 1]; r++, o++) {
        joints[o] = boneAt(r * size) & (flag - 1);
        weights[o] = view.getFloat32(r * size + size - 4, true);
      }
    }
    return { ...pack(vertexCount, widest, joints, weights, options), unskinned: 0 };
  }
  // A few very wide vertices: pack one vertex at a time instead of padding every vertex.
  const out = { joints: new Uint16Array(vertexCount * 4), weights: new Float32Array(vertexCount * 4) };
  for (let i = 0; i < vertexCount; i++) {
    const n = recordsOf(i);
    const j = new Int32Array(n), w = new Float32Array(n);
    for (let r = 0; r < n; r++) {
      j[r] = boneAt((starts[i] + r) * size) & (flag - 1);
      w[r] = view.getFloat32((starts[i] + r) * size + size - 4, true);
    }
    const one = packSkinWeightsJS(1, n, j, w);
    out.joints.set(one.joints, i * 4);
    out.weights.set(one.weights, i * 4);
  }
  return { ...out, unskinned: 0 };
}
