import type { ParseOptions, Warning } from '@relic3d/core';

// The raw ASE file types (what the text says, as stored), the parse options and the format's limits.

export const FORMAT_ID = 'ase';
/** The header keyword (without its `*`) that starts a 3ds Max export. */
export const MAGIC_KEYWORD = '3DSMAX_ASCIIEXPORT';
/** Nesting limit for recursive blocks (sub-materials, sub-maps, groups): deeper input is rejected. */
export const MAX_DEPTH = 64;

export interface AseParseOptions extends ParseOptions {
  /**
   * Use the file's `*MESH_NORMALS` (default true). When false, or when a mesh has none, normals are
   * rebuilt from smoothing groups.
   */
  fileNormals?: boolean;
  /** Aspect ratio assumed to turn Max's horizontal `*CAMERA_FOV` into glTF's vertical fov (default 4/3). */
  cameraAspect?: number;
}

/** Max row-vector matrix as stored: TM_ROW0..TM_ROW3, 12 numbers (3 per row). */
export type AseRows = Float64Array;

export interface AseSceneInfo {
  filename?: string;
  firstFrame?: number;
  lastFrame?: number;
  frameSpeed?: number;
  ticksPerFrame?: number;
  backgroundStatic?: number[];
  ambientStatic?: number[];
  /** Other keywords, values as read. */
  extras: Record<string, unknown>;
}

export interface AseMap {
  /** Slot keyword without `MAP_`: DIFFUSE, BUMP, ... */
  slot: string;
  name?: string;
  className?: string;
  subNo?: number;
  amount?: number;
  bitmap?: string;
  mapType?: string;
  uOffset?: number;
  vOffset?: number;
  uTiling?: number;
  vTiling?: number;
  angle?: number;
  blur?: number;
  bitmapFilter?: string;
  invert?: boolean;
  /** Sub-texmaps (e.g. inside a Normal Bump map). */
  maps: AseMap[];
  extras: Record<string, unknown>;
}

export interface AseMaterial {
  index: number;
  name: string;
  className?: string;
  ambient?: number[];
  diffuse?: number[];
  specular?: number[];
  shine?: number;
  shineStrength?: number;
  transparency?: number;
  wireSize?: number;
  shading?: string;
  selfIllum?: number;
  twoSided: boolean;
  falloff?: string;
  xpType?: string;
  xpFalloff?: number;
  soften: boolean;
  maps: AseMap[];
  declaredSubmaterials?: number;
  submaterials: AseMaterial[];
  extras: Record<string, unknown>;
}

export interface AseNodeTM {
  name: string;
  /** 12 numbers, or undefined for an empty `*NODE_TM {}`. */
  rows?: AseRows;
  inheritPos?: number[];
  inheritRot?: number[];
  inheritScl?: number[];
  pos?: number[];
  rotAxis?: number[];
  rotAngle?: number;
  scale?: number[];
  scaleAxis?: number[];
  scaleAxisAngle?: number;
}

export interface AseMapChannel {
  channel: number;
  /** u v w per texture vertex. */
  tverts: Float32Array;
  /** 3 texture-vertex indices per face (-1 when missing). */
  tfaces: Int32Array;
}

export interface AseNormals {
  /** xyz per face, indexed by the face number; NaN when not given. */
  faceNormals: Float32Array;
  /** In file order: the face normal that preceded each vertex normal (-1 if none). */
  vertexNormalFace: Int32Array;
  vertexNormalVertex: Int32Array;
  vertexNormals: Float32Array;
}

/**
 * `*MESH_WEIGHTS`, flat: weighted vertex `i` (in file order) is `vertex[i]`, and its (bone, weight)
 * pairs are `bone[k]`, `weight[k]` for `k` from `start[i]` to `start[i + 1]` (no object per vertex).
 */
export interface AseSkinWeights {
  boneNames: string[];
  /** `*MESH_BONE_VERTEX` index per weighted vertex, as written (may be out of range). */
  vertex: Int32Array;
  /** First pair of each weighted vertex, plus the end: `vertex.length + 1` entries. */
  start: Uint32Array;
  /** Bone index per pair (into `boneNames`), as written. */
  bone: Int32Array;
  weight: Float32Array;
}

export interface AseMesh {
  timeValue: number;
  numVertex: number;
  numFaces: number;
  /** xyz per vertex, world space, Max axes. */
  vertices: Float32Array;
  /** A B C per face. */
  faces: Int32Array;
  /** AB BC CA edge visibility per face (-1 when absent). */
  edges: Int8Array;
  /** Smoothing groups per face as a bit mask (0 = none). */
  smoothing: Uint32Array;
  /** `*MESH_MTLID` per face. */
  mtlIds: Int32Array;
  /** Channel 1 first, then `*MESH_MAPPINGCHANNEL` k ≥ 2. */
  channels: AseMapChannel[];
  /** r g b per colour vertex. */
  cverts?: Float32Array;
  cfaces?: Int32Array;
  normals?: AseNormals;
  weights?: AseSkinWeights;
  extras: Record<string, unknown>;
}

export type AseTrackKind = 'sample' | 'tcb' | 'bezier' | 'linear';

export interface AseTrack {
  kind: AseTrackKind;
  /** Block keyword, e.g. CONTROL_POS_TRACK, CONTROL_ROT_TCB. */
  block: string;
  /**
   * Keys, flat (no object per key): key `i` is at `time[i]` ticks and its values are `value[k]` for
   * `k` from `start[i]` to `start[i + 1]` (keys may give different counts; readers pad).
   */
  time: Float64Array;
  /** First value of each key, plus the end: `time.length + 1` entries. */
  start: Uint32Array;
  value: Float64Array;
}

export interface AseTMAnimation {
  nodeName: string;
  pos?: AseTrack;
  rot?: AseTrack;
  scale?: AseTrack;
  extras: Record<string, unknown>;
}

export type AseObjectKind = 'geom' | 'shape' | 'camera' | 'light' | 'helper' | 'group';

export interface AseShapeLine {
  index: number;
  closed: boolean;
  /** xyz per vertex, world space. */
  vertices: Float32Array;
  /** 1 for a knot, 0 for an interpolated vertex. */
  knots: Uint8Array;
}

export interface AseObject {
  kind: AseObjectKind;
  /** Byte offset of the object's keyword, for messages. */
  offset: number;
  name: string;
  parent?: string;
  /** `*NODE_TM` blocks: one, or two for target cameras/lights (`<name>.Target`). */
  tms: AseNodeTM[];
  animations: AseTMAnimation[];
  mesh?: AseMesh;
  /** `*MESH_ANIMATION` frames. */
  meshFrames: AseMesh[];
  materialRef?: number;
  wireframeColor?: number[];
  visibilityTrack?: unknown;
  /** Camera: Target/Free; light: Omni/Target/Directional/Free; helper: HELPER_CLASS. */
  type?: string;
  /** CAMERA_SETTINGS / LIGHT_SETTINGS values by keyword. */
  settings?: Record<string, unknown>;
  /** CAMERA_ANIMATION / LIGHT_ANIMATION settings blocks. */
  settingsAnimation?: Record<string, unknown>[];
  boundingBox?: { min: number[]; max: number[] };
  shapeLines?: AseShapeLine[];
  /** `*GROUP` members. */
  children?: AseObject[];
  extras: Record<string, unknown>;
}

/** The file as stored, before scene conversion. */
export interface AseFile {
  version?: number;
  comment?: string;
  encoding: string;
  scene?: AseSceneInfo;
  materials: AseMaterial[];
  declaredMaterials?: number;
  objects: AseObject[];
  extras: Record<string, unknown>;
}

/** The raw file plus the warnings met while reading it (what `readAse` returns). */
export type AseFileWithWarnings = AseFile & { warnings: Warning[] };
