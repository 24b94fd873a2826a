// Record layouts of docs/formats/ms3d.md §2, as data: sizes, field offsets and the FieldLayout
// descriptors the kernels' `deinterleave` splits records with. Deliberately alike across formats:
// layouts are data, and similar records look alike by shape.
import type { FieldLayout } from '@relic3d/kernels';

/** Magic (10 bytes) and version (i32). */
export const HEADER_SIZE = 14;
/** Offset of the i32 version in the header. */
export const VERSION_OFFSET = 10;

export const VERTEX_SIZE = 15;
export const VERTEX_FIELDS = {
  flags: { offset: 0, type: 'u8', components: 1 },
  positions: { offset: 1, type: 'f32', components: 3 },
  boneIds: { offset: 13, type: 'u8', components: 1 },
  referenceCounts: { offset: 14, type: 'u8', components: 1 },
} as const satisfies Record<string, FieldLayout>;

export const TRIANGLE_SIZE = 70;
export const TRIANGLE_FIELDS = {
  flags: { offset: 0, type: 'u16', components: 1 },
  vertexIndices: { offset: 2, type: 'u16', components: 3 },
  normals: { offset: 8, type: 'f32', components: 9 },
  s: { offset: 44, type: 'f32', components: 3 },
  t: { offset: 56, type: 'f32', components: 3 },
  smoothingGroups: { offset: 68, type: 'u8', components: 1 },
  groupIndices: { offset: 69, type: 'u8', components: 1 },
} as const satisfies Record<string, FieldLayout>;

/** A group without triangle indices: flags, name, count, material index. */
export const GROUP_MIN_SIZE = 36;
/** Offset of `triangleIndices[0]` in a group record. */
export const GROUP_TRIANGLE_INDICES_OFFSET = 35;

export const MATERIAL_SIZE = 361;

/** fps, current time, total frames. */
export const ANIMATION_BLOCK_SIZE = 12;

/** A joint without keys. */
export const JOINT_MIN_SIZE = 93;
/** time, then xyz: 4 f32. */
export const KEY_SIZE = 16;

/** Bytes of one vertex-extra record per sub-version. */
export const VERTEX_EXTRA_SIZES: Record<number, number> = { 1: 6, 2: 10, 3: 14 };
/** `i8 boneIds[3]; u8 weights[3]`, then 0, 1 or 2 opaque words. */
export const VERTEX_EXTRA_FIELDS = {
  boneIds: { offset: 0, type: 'u8', components: 3 },
  weights: { offset: 3, type: 'u8', components: 3 },
} as const satisfies Record<string, FieldLayout>;
export const VERTEX_EXTRA_WORDS_OFFSET = 6;

/** RGB per joint. */
export const JOINT_COLOR_SIZE = 12;
/** jointSize, transparencyMode, alphaRef. */
export const MODEL_EXTRA_SIZE = 12;
