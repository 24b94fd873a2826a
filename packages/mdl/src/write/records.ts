// The records the writer builds, in the file's own frame (left-handed, +Y up, metres): the twins of
// the reader's raw types in ../file.ts, holding exactly what encode.ts writes.
import type { Quat, Vec3 } from '@relic3d/core';
import type { MdlNode } from '../file.js';

export interface MeshRecord {
  /** Vertices per primitive: 1 points, 2 lines, 3 triangles, 4+ polygons. */
  polyVerts: number;
  name: string;
  /** '' for no material, else the `.mat` path (`./x.mat` beside the model). */
  materialPath: string;
  /** What the stride field says (88 in every real file; the records are 96 bytes whatever it says). */
  strideField: number;
  vertexCount: number;
  /** `vertexCount` packed 96-byte records (docs/formats/mdl.md §2.5). */
  vertexData: Uint8Array;
  indexSize: 2 | 4;
  indices: Uint16Array | Uint32Array;
  /** PRIM: one byte per primitive, or empty. */
  primitiveFlags: Uint8Array;
  /** MSET: one MORP each, `vertexCount` × 48 bytes (position, normal, tangent, bitangent). */
  morphs: Uint8Array[];
  /** PICK: opaque, or empty. */
  pick: Uint8Array;
}

export interface LodRecord {
  viewDistance: number;
  meshes: MeshRecord[];
}

export interface BoneRecord {
  name: string;
  position: Vec3;
  rotation: Quat;
  scale: Vec3;
  children: BoneRecord[];
}

export interface TrackRecord {
  boneId: number;
  /** 1 position, 2 rotation, 4 scale. */
  flags: number;
  /** Per keyframe, the flagged channels in order T, R, S (3, 4, 3 floats). */
  keys: Float32Array;
}

export interface AnimationRecord {
  name: string;
  speed: number;
  keyframeCount: number;
  tracks: TrackRecord[];
}

export type PartRecord =
  | { shape: 'BOX_' | 'CYLI'; offset: Vec3; rotation: Quat; size: Vec3 }
  | { shape: 'MESH'; flag: number; polygons: Float32Array[] };

/** A node as written: the file's own node fields, with the records below it. */
export interface NodeRecord extends Pick<MdlNode, 'name' | 'engineProperties' | 'userProperties' | 'position' | 'rotation' | 'scale' | 'color' | 'attachBone'> {
  /** Written from version 301 on. */
  unknownNodeFloats: Vec3;
  lods: LodRecord[];
  /** Root bones: only the top-level node has any, and at most one (docs/formats/mdl.md §3.3). */
  bones: BoneRecord[];
  animations: AnimationRecord[];
  parts: PartRecord[];
  children: NodeRecord[];
}
