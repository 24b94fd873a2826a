import { ULTRA_LAYOUT, ULTRA_VERTEX_SIZE, MORPH_VERTEX_SIZE } from '../read/layout.js';

/** One primitive's vertex data in glTF's frame, ready to pack (z is mirrored while packing). */
export interface VertexArrays {
  count: number;
  position: Float32Array;
  normal: Float32Array;
  /** xyz (+ w when `tangentStride` is 4); absent = zero tangents. */
  tangent?: Float32Array;
  tangentStride: 3 | 4;
  texcoord0?: Float32Array;
  texcoord1?: Float32Array;
  /** RGBA8; absent = white. */
  color?: Uint8Array;
  displacement: number | Float32Array;
  /** Bytes 60–95 (unverified, zero in every real file): bitangent, bone ids, byte weights, the trailing vec3. */
  bitangent?: Float32Array;
  boneIds?: Uint16Array;
  boneWeights?: Uint8Array;
  /** The trailing vec3 at byte 84, as stored (not mirrored: its meaning is unknown). */
  unknown?: Float32Array;
}

// Offsets in 4-byte words and 2-byte halves of a 96-byte record (read/layout.ts is the one layout).
const F = ULTRA_VERTEX_SIZE / 4;
const POS = ULTRA_LAYOUT.position.offset / 4, NRM = ULTRA_LAYOUT.normal.offset / 4;
const UV0 = ULTRA_LAYOUT.texcoord0.offset / 4, UV1 = ULTRA_LAYOUT.texcoord1.offset / 4;
const COLOR = ULTRA_LAYOUT.color.offset, DISP = ULTRA_LAYOUT.displacement.offset / 4;
const TAN = ULTRA_LAYOUT.tangent.offset / 4, BIT = ULTRA_LAYOUT.bitangent.offset / 4;
const IDS = ULTRA_LAYOUT.boneIds.offset / 2, WTS = ULTRA_LAYOUT.boneWeights.offset, UNK = ULTRA_LAYOUT.unknown.offset / 4;

/** The 96-byte records (docs/formats/mdl.md §2.5), filled through typed views in one pass per field. */
export function packVertices(a: VertexArrays): Uint8Array {
  const n = a.count;
  const buffer = new ArrayBuffer(n * ULTRA_VERTEX_SIZE);
  const f = new Float32Array(buffer), b = new Uint8Array(buffer);
  const { position, normal, tangent, texcoord0, texcoord1 } = a;
  for (let i = 0, o = 0; i < n; i++, o += F) {
    const i3 = i * 3;
    f[o + POS] = position[i3];
    f[o + POS + 1] = position[i3 + 1];
    f[o + POS + 2] = 0 - position[i3 + 2];
    f[o + NRM] = normal[i3];
    f[o + NRM + 1] = normal[i3 + 1];
    f[o + NRM + 2] = 0 - normal[i3 + 2];
  }
  if (texcoord0) for (let i = 0, o = UV0; i < n; i++, o += F) (f[o] = texcoord0[i * 2]), (f[o + 1] = texcoord0[i * 2 + 1]);
  if (texcoord1) for (let i = 0, o = UV1; i < n; i++, o += F) (f[o] = texcoord1[i * 2]), (f[o + 1] = texcoord1[i * 2 + 1]);
  if (a.color) for (let i = 0, o = COLOR; i < n; i++, o += ULTRA_VERTEX_SIZE) b.set(a.color.subarray(i * 4, i * 4 + 4), o);
  else for (let i = 0, o = COLOR; i < n; i++, o += ULTRA_VERTEX_SIZE) b.fill(255, o, o + 4);
  const d = a.displacement;
  if (typeof d === 'number') for (let i = 0, o = DISP; i < n; i++, o += F) f[o] = d;
  else for (let i = 0, o = DISP; i < n; i++, o += F) f[o] = d[i];
  if (tangent) {
    const s = a.tangentStride;
    for (let i = 0, o = TAN; i < n; i++, o += F) {
      f[o] = tangent[i * s];
      f[o + 1] = tangent[i * s + 1];
      f[o + 2] = 0 - tangent[i * s + 2];
    }
  }
  if (a.bitangent) {
    const t = a.bitangent;
    for (let i = 0, o = BIT; i < n; i++, o += F) (f[o] = t[i * 3]), (f[o + 1] = t[i * 3 + 1]), (f[o + 2] = 0 - t[i * 3 + 2]);
  }
  if (a.boneIds && a.boneWeights) {
    const h = new Uint16Array(buffer), ids = a.boneIds, weights = a.boneWeights;
    for (let i = 0, o = IDS, w = WTS; i < n; i++, o += ULTRA_VERTEX_SIZE / 2, w += ULTRA_VERTEX_SIZE) {
      h[o] = ids[i * 4];
      h[o + 1] = ids[i * 4 + 1];
      h[o + 2] = ids[i * 4 + 2];
      h[o + 3] = ids[i * 4 + 3];
      b.set(weights.subarray(i * 4, i * 4 + 4), w);
    }
  }
  if (a.unknown) {
    const u = a.unknown;
    for (let i = 0, o = UNK; i < n; i++, o += F) (f[o] = u[i * 3]), (f[o + 1] = u[i * 3 + 1]), (f[o + 2] = u[i * 3 + 2]);
  }
  return b;
}

/** One MORP: position, normal, tangent, bitangent per vertex (48 bytes), mirrored. */
export function packMorph(count: number, position: Float32Array, normal: Float32Array, tangent: Float32Array | undefined, tangentStride: 3 | 4, bitangent: Float32Array | undefined): Uint8Array {
  const f = new Float32Array((count * MORPH_VERTEX_SIZE) / 4);
  for (let i = 0, o = 0; i < count; i++, o += 12) {
    const i3 = i * 3;
    f[o] = position[i3];
    f[o + 1] = position[i3 + 1];
    f[o + 2] = 0 - position[i3 + 2];
    f[o + 3] = normal[i3];
    f[o + 4] = normal[i3 + 1];
    f[o + 5] = 0 - normal[i3 + 2];
    if (tangent) {
      const t = i * tangentStride;
      f[o + 6] = tangent[t];
      f[o + 7] = tangent[t + 1];
      f[o + 8] = 0 - tangent[t + 2];
    }
    if (bitangent) {
      f[o + 9] = bitangent[i3];
      f[o + 10] = bitangent[i3 + 1];
      f[o + 11] = 0 - bitangent[i3 + 2];
    }
  }
  return new Uint8Array(f.buffer);
}
