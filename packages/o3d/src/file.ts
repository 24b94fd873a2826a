/**
 * The raw structures of `.o3d`, `.chr` and `.ani` files, exactly as stored (Direct3D space:
 * left-handed, Y up, row-vector matrices). Matrices are the 16 floats in file order.
 */
import type { ParseOptions, Vec3 } from '@relic3d/core';

/** Client limits, enforced before anything is allocated (docs/formats/o3d.md §9.13). */
export const LIMITS = {
  nameLength: 64,
  o3dEvents: 8,
  aniEvents: 4,
  palette: 28,
  materialBlocks: 32,
  materials: 16,
  boneName: 32,
} as const;

/** The header name is XOR-encoded with this byte. */
export const NAME_XOR = 0xcd;
/** O3D versions read (older layouts differ). */
export const O3D_VERSIONS = { min: 20, max: 22 } as const;
/** `.chr` skeleton versions read. */
export const CHR_VERSIONS = { min: 4, max: 7 } as const;
/** The only `.ani` version. */
export const ANI_VERSION = 10;

export const OBJECT_NORMAL = 0;
export const OBJECT_SKIN = 1;
/** Parent type of an object parented to another object of its group. */
export const PARENT_OBJECT = 0;
/** Parent type of an object parented to a skeleton bone. */
export const PARENT_BONE = 2;
/** `typeRaw` bit of a light (night-only, additive) object. */
export const LIGHT_BIT = 0x80000000;

/** MATERIAL_BLOCK effect bits (ModelGlobal.h). */
export const EFFECT = {
  REFLECT: 0x1,
  OPACITY: 0x2,
  TWO_SIDED: 0x4,
  SELF_ILLUMINATE: 0x8,
  SPECULAR: 0x10,
  BUMP: 0x20,
} as const;

/**
 * Which `.ani` motions a model gets:
 * - `'auto'` (default): a model with its own `.chr` gets every `<skeleton>_*.ani` beside it (found
 *   through `resolve.list()`); player parts (`Part_m*`, `Part_f*`, sharing `mvr_male.chr` /
 *   `mvr_female.chr`) are skinned to that skeleton without the hundreds of player motions (one
 *   `O3D_MOTIONS_NOT_LOADED` warning says how many were left).
 * - `'all'`: every `<skeleton>_*.ani` beside the model, player parts included.
 * - `'none'`: no motions.
 * - names: motion suffixes (`stand`) or file names (`mvr_AiBatt_stand.ani`), asked from `resolve`.
 * - a record: `.ani` bytes already loaded, keyed by clip name.
 */
export type O3dMotions = 'auto' | 'all' | 'none' | string[] | Record<string, Uint8Array | ArrayBuffer>;

/** Options of `readO3d`, `readChr` and `readAni`. */
export type O3dReadOptions = Pick<ParseOptions, 'onWarning' | 'codePage' | 'kernels'>;

export interface O3dParseOptions extends ParseOptions {
  /** The `.chr` skeleton, already loaded (else `<name>.chr` is asked from `resolve`). */
  skeleton?: Uint8Array | ArrayBuffer;
  /** Which motions to load; default `'auto'` (see `O3dMotions`). */
  motions?: O3dMotions;
  /** Skip the `.chr` lookup through `resolve` (a skeleton in `skeleton` is still used). */
  noSkeletonLookup?: boolean;
}

export interface MotionAttribute {
  /** 1 hit, 2 sound, 4 quake. */
  flags: number;
  soundId: number;
  frame: number;
}

export interface O3dMaterial {
  diffuse: [number, number, number, number];
  ambient: [number, number, number, number];
  specular: [number, number, number, number];
  emissive: [number, number, number, number];
  power: number;
  textureName: string;
}

export interface O3dMaterialBlock {
  /** Offset into the index buffer. */
  startIndex: number;
  primitiveCount: number;
  /** Index into the object's materials. */
  textureId: number;
  effect: number;
  amount: number;
  /** First `nUseBone` entries of the fixed 28-entry palette. */
  useBones: Int32Array;
}

export interface O3dGeometry {
  bboxMin: Vec3;
  bboxMax: Vec3;
  opacity: number;
  bump: number;
  rigid: number;
  /** Unique positions, xyz each. */
  vertexList: Float32Array;
  /** Render vertices: xyz each. */
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  /** Skin vertices only: w1, w2 per vertex. */
  weights?: Float32Array;
  /** Skin vertices only: idxA, idxB per vertex (palette slot × 3). */
  boneIndices?: Uint16Array;
  /** Skin vertices only: the stored 44-byte SKINVERTEX records (a copy; a view of the input inside parse), for the weight kernel. */
  skinRecords?: Uint8Array;
  faceCount: number;
  indices: Uint16Array;
  /** Vertex-buffer → vertex-list map. */
  vertexMap: Uint16Array;
  /** Global bone of the dominant weight per vertex-list entry (empty when the count is 0). */
  physique: Int32Array;
  /** The stored material flag (a count-like value; 0 = no material list). */
  materialFlag: number;
  /** The stored nMaterial (0 means one material). */
  materialCount: number;
  materials: O3dMaterial[];
  blocks: O3dMaterialBlock[];
}

export interface O3dObject {
  typeRaw: number;
  /** 0 normal, 1 skin. */
  type: number;
  light: boolean;
  useBones: Int32Array;
  id: number;
  parentIndex: number;
  /** 0 object, 2 bone; -1 when there is no parent. */
  parentType: number;
  localTM: Float32Array;
  geometry: O3dGeometry;
  /** Normal objects of animated files: quat xyzw + position per frame (7 floats). */
  tmAnimation?: Float32Array;
}

export interface MotionBone {
  name: string;
  inverseTM: Float32Array;
  localTM: Float32Array;
  parentIndex: number;
}

/** Per bone: keys (7 floats per frame: quat xyzw, position) or one constant local matrix. */
export type MotionTrack = { keys: Float32Array; matrix?: undefined } | { keys?: undefined; matrix: Float32Array };

/** The ReadTM body shared by `.ani` files and embedded O3D motions. */
export interface MotionBody {
  bones: MotionBone[];
  poolSize: number;
  tracks: MotionTrack[];
}

export interface O3dEmbeddedSkeleton {
  baseTMs: Float32Array[];
  inverseTMs: Float32Array[];
  motion?: MotionBody;
  sendVS: number;
}

export interface O3dFile {
  /** The decoded header name (e.g. `mvr_AiBatt.o3d`). */
  name: string;
  version: number;
  id: number;
  /** force1, force2 and, from version 22, force3, force4. */
  forces: Vec3[];
  scrollU: number;
  scrollV: number;
  bboxMin: Vec3;
  bboxMax: Vec3;
  perSlerp: number;
  frameCount: number;
  events: Vec3[];
  collision?: O3dGeometry;
  lodFlag: number;
  skeleton?: O3dEmbeddedSkeleton;
  poolSize: number;
  /** One group (no LOD) or three (group 0 = highest detail). */
  groups: O3dObject[][];
  /** Trailing frame attributes (version ≥ 21, when present and the count matches). */
  attributes?: MotionAttribute[];
  /** The trailing count as stored, when the block is present. */
  attributeCount?: number;
}

export interface ChrBone {
  name: string;
  /** Bind-pose world matrix. */
  tm: Float32Array;
  inverseTM: Float32Array;
  localTM: Float32Array;
  parentIndex: number;
}

export interface ChrFile {
  version: number;
  id: number;
  bones: ChrBone[];
  sendVS: number;
  localRH: Float32Array;
  localShield: Float32Array;
  localKnuckle: Float32Array;
  /** Version 5: 4 slots, version ≥ 6: 8 slots, else none. */
  events: Vec3[];
  eventParents: Int32Array;
  /** Version 7 only. */
  localLH?: Float32Array;
}

export interface AniFile {
  version: number;
  id: number;
  perSlerp: number;
  frameCount: number;
  /** Root path, xyz per frame, when the file has one. */
  path?: Float32Array;
  motion: MotionBody;
  attributes: MotionAttribute[];
  events: Vec3[];
}
