// Deliberately alike across formats: layouts are data, and similar records look alike by shape.
/** Record sizes and field layouts of the O3D, `.chr` and `.ani` files (docs/formats/o3d.md §2–§4). */
import type { FieldLayout } from '@relic3d/kernels';

/** A stored D3DXMATRIX: 16 floats. */
export const MATRIX_BYTES = 64;
/** A TM key: quaternion xyzw, then position xyz. */
export const KEY_FLOATS = 7;
export const KEY_BYTES = KEY_FLOATS * 4;
/** A frame attribute: flags, sound id, frame. */
export const ATTRIBUTE_BYTES = 12;
/** NORMALVERTEX: position, normal, uv. */
export const NORMAL_VERTEX_BYTES = 32;
/** SKINVERTEX: position, w1 w2, idxA idxB (u16 each), normal, uv. */
export const SKIN_VERTEX_BYTES = 44;
/** MATERIAL_BLOCK: start, count, texture, effect, amount, palette size, 28-entry palette. */
export const BLOCK_BYTES = 136;
/** A material with an empty texture name: four colours, power, name length. */
export const MIN_MATERIAL_BYTES = 72;
/** A bone of a ReadTM body with an empty name: name length, inverse TM, local TM, parent. */
export const MIN_MOTION_BONE_BYTES = 4 + MATRIX_BYTES * 2 + 4;
/** A `.chr` bone with a one-byte name: name length, name, TM, inverse TM, local TM, parent. */
export const MIN_CHR_BONE_BYTES = 4 + 1 + MATRIX_BYTES * 3 + 4;
/** Smallest possible object header + empty geometry, for count checks. */
export const MIN_OBJECT_BYTES = 4 + 4 + 4 + 4 + MATRIX_BYTES + 80 + 4 + 4 + 4;

export const NORMAL_VERTEX_FIELDS = {
  positions: { offset: 0, type: 'f32', components: 3 },
  normals: { offset: 12, type: 'f32', components: 3 },
  uvs: { offset: 24, type: 'f32', components: 2 },
} as const satisfies Record<string, FieldLayout>;

export const SKIN_VERTEX_FIELDS = {
  positions: { offset: 0, type: 'f32', components: 3 },
  weights: { offset: 12, type: 'f32', components: 2 },
  boneIndices: { offset: 20, type: 'u16', components: 2 },
  normals: { offset: 24, type: 'f32', components: 3 },
  uvs: { offset: 36, type: 'f32', components: 2 },
} as const satisfies Record<string, FieldLayout>;
