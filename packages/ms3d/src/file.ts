import type { ParseOptions, RGBA, Vec3, Warning } from '@relic3d/core';

export const FORMAT_ID = 'ms3d';

/** The 10 bytes every file starts with (docs/formats/ms3d.md §2.1). */
export const MS3D_MAGIC = 'MS3D000000';

/** Editor limits (msModel.h, docs/formats/ms3d.md §2.9); used for warnings only, never to size arrays. */
export const MS3D_LIMITS = { vertices: 65534, triangles: 65534, groups: 255, materials: 128, joints: 128 } as const;

/** Material mode bits (msModel.h). */
export const MODE_SPHEREMAP = 0x80;
export const MODE_HASALPHA = 0x40;
export const MODE_COMBINEALPHA = 0x20;

/** Group flag HIDDEN (docs/formats/ms3d.md §2.9). */
export const FLAG_HIDDEN = 2;

/** Options of the MS3D reader. */
export interface Ms3dParseOptions extends ParseOptions {
  /**
   * How position keys are interpolated. `'linear'` (default) is what assimp, Irrlicht and Blender do.
   * `'hermite'` reproduces the author's viewer: a cubic Hermite curve whose tangents come from the
   * neighbouring keys (looped around the track, zero for 1-2 keys), emitted as a glTF CUBICSPLINE
   * channel. `'step'` holds each key. Rotation keys always slerp through quaternions.
   */
  positionInterpolation?: 'linear' | 'hermite' | 'step';
}

/** Vertices as stored: 15-byte records split into one array per field. */
export interface Ms3dVertices {
  count: number;
  /** Editor flags (SELECTED 1, HIDDEN 2, ...), one per vertex. */
  flags: Uint8Array;
  /** xyz per vertex, model space, bind pose. */
  positions: Float32Array;
  /** Joint index per vertex, -1 = not skinned. */
  boneIds: Int8Array;
  /** Editor reference count, one per vertex. */
  referenceCounts: Uint8Array;
}

/** Triangles as stored: 70-byte records split into one array per field. */
export interface Ms3dTriangles {
  count: number;
  /** Byte offset of the first 70-byte record (for error messages). */
  offset: number;
  flags: Uint16Array;
  /** 3 vertex indices per triangle. */
  vertexIndices: Uint16Array;
  /** 3 corner normals (9 floats) per triangle. */
  normals: Float32Array;
  /** u of corners 0, 1, 2. */
  s: Float32Array;
  /** v of corners 0, 1, 2; origin top-left. */
  t: Float32Array;
  /** One smoothing-group number (1..32, 0 = none) per triangle. */
  smoothingGroups: Uint8Array;
  /** Owning group per triangle, as the triangle record says. */
  groupIndices: Uint8Array;
}

export interface Ms3dGroup {
  /** Byte offset of the group record (for error messages). */
  offset: number;
  flags: number;
  name: string;
  triangleIndices: Uint16Array;
  /** -1 = no material. */
  materialIndex: number;
}

export interface Ms3dMaterial {
  name: string;
  ambient: RGBA;
  diffuse: RGBA;
  specular: RGBA;
  emissive: RGBA;
  /** Specular exponent, 0..128. */
  shininess: number;
  /** Actually opacity: 1 = opaque. */
  transparency: number;
  /** 0x80 SPHEREMAP, 0x40 HASALPHA, 0x20 COMBINEALPHA. */
  mode: number;
  texture: string;
  alphamap: string;
}

export interface Ms3dJoint {
  flags: number;
  name: string;
  /** '' = root. */
  parentName: string;
  /** Bind-pose local rotation, Euler XYZ radians. */
  rotation: Vec3;
  /** Bind-pose local translation. */
  position: Vec3;
  /** 4 floats per key: time (seconds), then Euler XYZ radians. */
  rotationKeys: Float32Array;
  /** 4 floats per key: time (seconds), then translation. */
  positionKeys: Float32Array;
}

export interface Ms3dComment {
  /** Group, material or joint index, as stored (not checked). */
  index: number;
  text: string;
}

export interface Ms3dComments {
  subVersion: number;
  groups: Ms3dComment[];
  materials: Ms3dComment[];
  joints: Ms3dComment[];
  /** Present when `hasModelComment` is 1. */
  model?: string;
  /** The stored `hasModelComment` value. */
  modelCommentCount: number;
}

export interface Ms3dVertexExtra {
  /** 1, 2 or 3: records of 6, 10 or 14 bytes. */
  subVersion: number;
  /** 3 extra joint ids per vertex. */
  boneIds: Int8Array;
  /** 3 weight bytes per vertex (0..100). */
  weights: Uint8Array;
  /** The opaque extra words: 0 (sv1), 1 (sv2) or 2 (sv3) per vertex. */
  extra: Uint32Array;
  /** The stored records (a view of the input), `recordSize` bytes each. */
  records: Uint8Array;
  /** 6, 10 or 14. */
  recordSize: number;
}

export interface Ms3dJointExtra {
  subVersion: number;
  /** RGB per joint, editor display colour. */
  colors: Float32Array;
}

export interface Ms3dModelExtra {
  subVersion: number;
  jointSize: number;
  /** Opaque editor value; sources disagree on its enumeration. */
  transparencyMode: number;
  alphaRef: number;
}

export type Ms3dTrailerSection = 'comments' | 'vertexExtra' | 'jointExtra' | 'modelExtra';

/** A whole file, exactly as stored. */
export interface Ms3dFile {
  /** 3 or 4. */
  version: number;
  vertices: Ms3dVertices;
  triangles: Ms3dTriangles;
  groups: Ms3dGroup[];
  materials: Ms3dMaterial[];
  animationFps: number;
  /** Editor slider position. */
  currentTime: number;
  /** Editor frame range; not an upper bound of key times. */
  totalFrames: number;
  joints: Ms3dJoint[];
  comments?: Ms3dComments;
  vertexExtra?: Ms3dVertexExtra;
  jointExtra?: Ms3dJointExtra;
  modelExtra?: Ms3dModelExtra;
  /** Trailer sections present, in file order. */
  trailer: Ms3dTrailerSection[];
  /** Offset where the joints end and the trailer (if any) starts. */
  trailerOffset: number;
  /** Bytes left unread after the last section understood. */
  unreadBytes: number;
  warnings: Warning[];
}
