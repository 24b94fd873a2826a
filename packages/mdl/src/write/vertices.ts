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

// Offsets in 4-byte words of a 96-byte record (IDS in 2-byte halves; read/layout.ts is the one
// layout). Bytes are packed into words little-endian, as every platform relic3d runs on is.
const F = ULTRA_VERTEX_SIZE / 4;
const POS = ULTRA_LAYOUT.position.offset / 4, NRM = ULTRA_LAYOUT.normal.offset / 4;
const UV0 = ULTRA_LAYOUT.texcoord0.offset / 4, UV1 = ULTRA_LAYOUT.texcoord1.offset / 4;
const COLOR = ULTRA_LAYOUT.color.offset / 4, DISP = ULTRA_LAYOUT.displacement.offset / 4;
const TAN = ULTRA_LAYOUT.tangent.offset / 4, BIT = ULTRA_LAYOUT.bitangent.offset / 4;
const IDS = ULTRA_LAYOUT.boneIds.offset / 2, WTS = ULTRA_LAYOUT.boneWeights.offset / 4, UNK = ULTRA_LAYOUT.unknown.offset / 4;

/**
 * The 96-byte records (docs/formats/mdl.md §2.5), filled in one pass through typed views (the
 * colour and weight bytes as one 32-bit word each); the rarely used tail in a second pass.
 */
export function packVertices(a: VertexArrays): Uint8Array {
  const n = a.count;
  const buffer = new ArrayBuffer(n * ULTRA_VERTEX_SIZE);
  const f = new Float32Array(buffer), u = new Uint32Array(buffer);
  const { position, normal, tangent, texcoord0, texcoord1, color } = a;
  const s = a.tangentStride;
  const d = a.displacement;
  const uniform = typeof d === 'number' ? d : 0;
  const each = typeof d === 'number' ? undefined : d;
  for (let i = 0, o = 0; i < n; i++, o += F) {
    const i2 = i * 2, i3 = i * 3;
    f[o + POS] = position[i3];
    f[o + POS + 1] = position[i3 + 1];
    f[o + POS + 2] = 0 - position[i3 + 2];
    f[o + NRM] = normal[i3];
    f[o + NRM + 1] = normal[i3 + 1];
    f[o + NRM + 2] = 0 - normal[i3 + 2];
    if (texcoord0) {
      f[o + UV0] = texcoord0[i2];
      f[o + UV0 + 1] = texcoord0[i2 + 1];
    }
    if (texcoord1) {
      f[o + UV1] = texcoord1[i2];
      f[o + UV1 + 1] = texcoord1[i2 + 1];
    }
    u[o + COLOR] = color ? (color[i * 4] | (color[i * 4 + 1] << 8) | (color[i * 4 + 2] << 16) | (color[i * 4 + 3] << 24)) >>> 0 : 0xffffffff;
    f[o + DISP] = each ? each[i] : uniform;
    if (tangent) {
      f[o + TAN] = tangent[i * s];
      f[o + TAN + 1] = tangent[i * s + 1];
      f[o + TAN + 2] = 0 - tangent[i * s + 2];
    }
  }
  if (a.bitangent || a.boneIds || a.unknown) packTail(a, f, new Uint16Array(buffer), u);
  return new Uint8Array(buffer);
}

/** Bytes 60–95: bitangent, bone ids, byte weights, the trailing vec3. */
function packTail(a: VertexArrays, f: Float32Array, h: Uint16Array, u: Uint32Array): void {
  const { bitangent: t, boneIds: ids, boneWeights: w, unknown: k } = a;
  for (let i = 0, o = 0; i < a.count; i++, o += F) {
    const i3 = i * 3, i4 = i * 4;
    if (t) {
      f[o + BIT] = t[i3];
      f[o + BIT + 1] = t[i3 + 1];
      f[o + BIT + 2] = 0 - t[i3 + 2];
    }
    if (ids && w) {
      const at = o * 2 + IDS;
      h[at] = ids[i4];
      h[at + 1] = ids[i4 + 1];
      h[at + 2] = ids[i4 + 2];
      h[at + 3] = ids[i4 + 3];
      u[o + WTS] = (w[i4] | (w[i4 + 1] << 8) | (w[i4 + 2] << 16) | (w[i4 + 3] << 24)) >>> 0;
    }
    if (k) {
      f[o + UNK] = k[i3];
      f[o + UNK + 1] = k[i3 + 1];
      f[o + UNK + 2] = k[i3 + 2];
    }
  }
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
