// Deliberately alike across formats: layouts are data, and similar records look alike by shape.
import type { FieldLayout } from '@relic3d/kernels';

/** Real files: 96-byte records (docs/formats/mdl.md §2.5). Bytes 60–95 are unverified and zero in every file. */
export const ULTRA_LAYOUT = {
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

/** Where the unverified tail of an Ultra record starts (bytes 60–95). */
export const ULTRA_TAIL_START = 60;

/** The fields before the unverified tail (bytes 0–59), deinterleaved on their own when the tail is empty. */
export const ULTRA_HEAD_LAYOUT = {
  position: ULTRA_LAYOUT.position,
  normal: ULTRA_LAYOUT.normal,
  texcoord0: ULTRA_LAYOUT.texcoord0,
  texcoord1: ULTRA_LAYOUT.texcoord1,
  color: ULTRA_LAYOUT.color,
  displacement: ULTRA_LAYOUT.displacement,
  tangent: ULTRA_LAYOUT.tangent,
} as const satisfies Record<string, FieldLayout>;

/** The same without texcoord1, when its bytes are all zero. */
const { texcoord1: _texcoord1, ...headWithoutTexcoord1 } = ULTRA_HEAD_LAYOUT;
export const ULTRA_HEAD_LAYOUT_NO_TEXCOORD1 = headWithoutTexcoord1;

/** Documented G3D fields (docs/formats/mdl.md §3.2): 80 bytes from the start of each record. */
export const G3D_LAYOUT = {
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

export const MORPH_LAYOUT = {
  position: { offset: 0, type: 'f32', components: 3 },
  normal: { offset: 12, type: 'f32', components: 3 },
  tangent: { offset: 24, type: 'f32', components: 3 },
  bitangent: { offset: 36, type: 'f32', components: 3 },
} as const satisfies Record<string, FieldLayout>;

export const MORPH_VERTEX_SIZE = 48;

/** Smallest possible encodings, for count checks before anything is allocated. */
export const MIN_NODE = 4 + 12 + 40 + 4 + 4;
export const MIN_LOD = 12;
/** MESH tag, (Ultra: polyVerts,) 2 string lengths, stride, vertex count, index size and count, PRIM/MSET/PICK + counts. */
export const MIN_MESH = { ultra: 4 + 4 + 8 + 16 + 24, g3d: 4 + 8 + 16 + 24 } as const;
export const MIN_BONE = 4 + 4 + 40 + 4;
export const MIN_ANIM = 4 + 4 + 12;
export const MIN_TRACK = 12;
