import { deinterleave, unpackByteWeights, type FieldLayout, type UnpackedSkin } from '@relic3d/kernels';
import type { ParseOptions } from '@relic3d/core';
import type { MdlMesh, MdlMorph, MdlVariant, MdlVertices } from './types.js';

/** Real files: 96-byte records (spec §2.5). Bytes 60–95 are unverified and zero in every file. */
const ULTRA_LAYOUT = {
  position: { offset: 0, type: 'f32', components: 3 },
  normal: { offset: 12, type: 'f32', components: 3 },
  texcoord0: { offset: 24, type: 'f32', components: 2 },
  texcoord1: { offset: 32, type: 'f32', components: 2 },
  color: { offset: 40, type: 'u8', components: 4 },
  displacement: { offset: 44, type: 'f32', components: 1 },
  tangent: { offset: 48, type: 'f32', components: 3 },
  bitangent: { offset: 60, type: 'f32', components: 3 },
  boneIds: { offset: 72, type: 'u16', components: 4 },
  boneWeights: { offset: 80, type: 'u8', components: 4 },
  unknown: { offset: 84, type: 'f32', components: 3 },
} as const satisfies Record<string, FieldLayout>;

export const ULTRA_VERTEX_SIZE = 96;

/** Documented G3D fields (spec §3.2): 80 bytes from the start of each record. */
const G3D_LAYOUT = {
  position: { offset: 0, type: 'f32', components: 3 },
  normal: { offset: 12, type: 'f32', components: 3 },
  texcoord0: { offset: 24, type: 'f32', components: 2 },
  texcoord1: { offset: 32, type: 'f32', components: 2 },
  displacement: { offset: 40, type: 'f32', components: 1 },
  tangent: { offset: 44, type: 'f32', components: 3 },
  bitangent: { offset: 56, type: 'f32', components: 3 },
  boneIds: { offset: 68, type: 'u16', components: 4 },
  boneWeights: { offset: 76, type: 'u8', components: 4 },
} as const satisfies Record<string, FieldLayout>;

export const G3D_DOCUMENTED_VERTEX_SIZE = 80;

const MORPH_LAYOUT = {
  position: { offset: 0, type: 'f32', components: 3 },
  normal: { offset: 12, type: 'f32', components: 3 },
  tangent: { offset: 24, type: 'f32', components: 3 },
  bitangent: { offset: 36, type: 'f32', components: 3 },
} as const satisfies Record<string, FieldLayout>;

export const MORPH_VERTEX_SIZE = 48;

type Kernels = Pick<ParseOptions, 'kernels'>;

/** The fields before the unverified tail (bytes 0–59), deinterleaved on their own when the tail is empty. */
const ULTRA_HEAD_LAYOUT = {
  position: ULTRA_LAYOUT.position,
  normal: ULTRA_LAYOUT.normal,
  texcoord0: ULTRA_LAYOUT.texcoord0,
  texcoord1: ULTRA_LAYOUT.texcoord1,
  color: ULTRA_LAYOUT.color,
  displacement: ULTRA_LAYOUT.displacement,
  tangent: ULTRA_LAYOUT.tangent,
} as const satisfies Record<string, FieldLayout>;

/** The same without texcoord1, when its bytes are all zero. */
const { texcoord1: _texcoord1, ...ULTRA_HEAD_LAYOUT_NO_TEXCOORD1 } = ULTRA_HEAD_LAYOUT;

const TAIL_START = 60;

/**
 * Which zero-filled byte ranges the records have: `tail` when any of bytes 60–95 of any record is
 * non-zero, `texcoord1` when any of bytes 32–39 is. Read as 32-bit words.
 */
export function ultraUsedRanges(data: Uint8Array, count: number): { tail: boolean; texcoord1: boolean } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let tail = 0, texcoord1 = 0;
  for (let base = 0; base < count * ULTRA_VERTEX_SIZE; base += ULTRA_VERTEX_SIZE) {
    texcoord1 |= view.getUint32(base + 32) | view.getUint32(base + 36);
    const t = base + TAIL_START;
    tail |=
      view.getUint32(t) | view.getUint32(t + 4) | view.getUint32(t + 8) |
      view.getUint32(t + 12) | view.getUint32(t + 16) | view.getUint32(t + 20) |
      view.getUint32(t + 24) | view.getUint32(t + 28) | view.getUint32(t + 32);
    if (tail !== 0 && texcoord1 !== 0) break;
  }
  return { tail: tail !== 0, texcoord1: texcoord1 !== 0 };
}

export function decodeUltraVertices(data: Uint8Array, count: number, options: Kernels): MdlVertices {
  const used = ultraUsedRanges(data, count);
  const kernels = { kernels: options.kernels };
  if (used.tail) return { ...deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_LAYOUT, kernels), tailUsed: true };
  // All-zero fields (the tail in every real file) are fresh zero arrays instead: no copy and,
  // untouched, no resident memory.
  const head = used.texcoord1
    ? deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_HEAD_LAYOUT, kernels)
    : { ...deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_HEAD_LAYOUT_NO_TEXCOORD1, kernels), texcoord1: new Float32Array(count * 2) };
  return {
    position: head.position,
    normal: head.normal,
    texcoord0: head.texcoord0,
    texcoord1: head.texcoord1,
    color: head.color,
    displacement: head.displacement,
    tangent: head.tangent,
    bitangent: new Float32Array(count * 3),
    boneIds: new Uint16Array(count * 4),
    boneWeights: new Uint8Array(count * 4),
    unknown: new Float32Array(count * 3),
    tailUsed: false,
  };
}

export function decodeG3dVertices(data: Uint8Array, stride: number, count: number, options: Kernels): MdlVertices {
  const v = deinterleave(data, stride, count, G3D_LAYOUT, { kernels: options.kernels });
  const extra = stride - G3D_DOCUMENTED_VERTEX_SIZE;
  const padding = new Uint8Array(count * extra);
  if (extra > 0) {
    for (let i = 0; i < count; i++) {
      const from = i * stride + G3D_DOCUMENTED_VERTEX_SIZE;
      padding.set(data.subarray(from, from + extra), i * extra);
    }
  }
  return { ...v, padding };
}

export function decodeMorph(data: Uint8Array, count: number, offset: number, options: Kernels): MdlMorph {
  return { offset, ...deinterleave(data, MORPH_VERTEX_SIZE, count, MORPH_LAYOUT, { kernels: options.kernels }) };
}

/**
 * JOINTS_0/WEIGHTS_0 from the stored bone ids and byte weights (bytes / 255, top 4, renormalised)
 * through the kernels' MDL unpacker. Weights that name a bone past the skeleton are dropped first
 * (on a copy, only when there are any). Vertices without a usable weight come back with all-zero
 * weights (`unskinned` counts them).
 */
export function unpackMdlWeights(mesh: MdlMesh, variant: MdlVariant, boneCount: number, options: Kernels): UnpackedSkin & { badIds: number } {
  const layout = variant === 'ultra' ? ULTRA_LAYOUT : G3D_LAYOUT;
  const jointsAt = layout.boneIds.offset, weightsAt = layout.boneWeights.offset;
  const { boneIds, boneWeights } = mesh.vertices;
  let records = mesh.vertexData;
  let badIds = 0;
  for (let i = 0; i < boneWeights.length; i++) {
    if (boneWeights[i] === 0 || boneIds[i] < boneCount) continue;
    if (records === mesh.vertexData) records = mesh.vertexData.slice();
    records[(i >> 2) * mesh.vertexStride + weightsAt + (i & 3)] = 0;
    badIds++;
  }
  const skin = unpackByteWeights(records, mesh.vertexStride, mesh.vertexCount, jointsAt, weightsAt, { kernels: options.kernels });
  return { ...skin, badIds };
}
