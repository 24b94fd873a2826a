import type { ParseOptions, Quat, Vec3, Vec4, Warning } from '@relic3d/core';

export const FORMAT_ID = 'mdl';
export const FORMAT_NAME = 'Ultra Engine MDL';

/** Real files (docs/formats/mdl.md §2): the magic, then an i32 version. */
export const ULTRA_MAGIC = 'Ultra Model\0';
export const ULTRA_VERSIONS = [300, 301, 302];
/** The documented layout (docs/formats/mdl.md §3). */
export const G3D_MAGIC = 'G3D\0';
export const G3D_VERSION = 100;

export const LIMITS = {
  /** Nodes and bones nest at most this deep (guards the recursion against crafted files). */
  depth: 256,
  /** Vertices per stored polygon. */
  polyVerts: 64,
} as const;

/** Options of the MDL reader. */
export interface MdlParseOptions extends ParseOptions {
  /**
   * How MORP records are read: `'absolute'` (the default) treats them as full replacement vertices
   * and turns them into deltas; `'delta'` uses them as deltas. The file does not say which (docs/formats/mdl.md §5.5).
   */
  morphTargets?: 'absolute' | 'delta';
  /**
   * The game's base folder relative to the model's folder (e.g. `'../..'`). Material paths that do
   * not start with `./` are relative to it. Without it the resolver receives those paths unchanged.
   */
  baseFolder?: string;
}

/** `'ultra'`: real "Ultra Model" v300–302 files. `'g3d'`: the documented "G3D" v100 layout. */
export type MdlVariant = 'ultra' | 'g3d';

/** The whole file, exactly as stored (left-handed, +Y up, metres; nothing converted). */
export interface MdlFile {
  variant: MdlVariant;
  /** `Ultra Model` or `G3D`. */
  magic: string;
  version: number;
  root: MdlNode;
  /** Bytes after the root node (0 in every real file). */
  trailingBytes: number;
  warnings: Warning[];
}

export interface MdlNode {
  /** Byte offset of the `NODE` tag. */
  offset: number;
  name: string;
  /** JSON text or ''. */
  engineProperties: string;
  userProperties: string;
  position: Vec3;
  /** x, y, z, w. */
  rotation: Quat;
  scale: Vec3;
  /** RGBA. */
  color: Vec4;
  /** Ultra v301+: three floats after the colour, (16, 32, 64) in every real file; meaning unknown. */
  unknownNodeFloats?: Vec3;
  /** Bone (depth-first id in the top-level skeleton) this node is attached to, −1 for none. */
  attachBone: number;
  lods: MdlLod[];
  /** Root bones (the spec allows one, on the top-level node). */
  bones: MdlBone[];
  animations: MdlAnimation[];
  collision: MdlCollision;
  children: MdlNode[];
}

export interface MdlLod {
  offset: number;
  viewDistance: number;
  meshes: MdlMesh[];
}

export interface MdlMesh {
  offset: number;
  /** Vertices per primitive: 2 lines, 3 triangles, 4 quads (Ultra only; G3D is always 3). */
  polyVerts: number;
  name: string;
  /** External material file, `./`-relative to the model or relative to the game folder; may be ''. */
  materialPath: string;
  /** The stride the file writes (88 in real files, 84 documented). */
  strideField: number;
  /** The stride actually used: 96 for Ultra, `strideField` for G3D. */
  vertexStride: number;
  vertexCount: number;
  /** The raw vertex records, `vertexStride` bytes each. */
  vertexData: Uint8Array;
  vertices: MdlVertices;
  indexSize: 2 | 4;
  indices: Uint16Array | Uint32Array;
  /** PRIM: one flag byte per primitive (bits 1/2/4: edge 0/1/2 may be subdivided), or empty. */
  primitiveFlags: Uint8Array;
  morphs: MdlMorph[];
  /** PICK: opaque pick/raycast data, or empty. */
  pick: Uint8Array;
}

/** Vertex fields, one packed array each. */
export interface MdlVertices {
  position: Float32Array;
  normal: Float32Array;
  texcoord0: Float32Array;
  texcoord1: Float32Array;
  /** Ultra only: RGBA8 at byte 40. */
  color?: Uint8Array;
  displacement: Float32Array;
  tangent: Float32Array;
  /** Ultra: bytes 60–71, unverified (zero in every real file). */
  bitangent: Float32Array;
  /** Ultra: bytes 72–79, unverified. */
  boneIds: Uint16Array;
  /** Ultra: bytes 80–83, unverified. */
  boneWeights: Uint8Array;
  /** Ultra: the trailing vec3 at byte 84 (plugin SDK `tessnormal`?), unverified. */
  unknown?: Float32Array;
  /** G3D: bytes 80..stride of each record, kept raw (the spec says 84 but lists 80 bytes). */
  padding?: Uint8Array;
  /** Ultra: true when bytes 60–95 are non-zero somewhere (they are zero in every real file). */
  tailUsed?: boolean;
}

export interface MdlMorph {
  offset: number;
  position: Float32Array;
  normal: Float32Array;
  tangent: Float32Array;
  bitangent: Float32Array;
}

export interface MdlBone {
  offset: number;
  name: string;
  position: Vec3;
  rotation: Quat;
  scale: Vec3;
  children: MdlBone[];
}

export interface MdlAnimation {
  offset: number;
  name: string;
  speed: number;
  keyframeCount: number;
  tracks: MdlTrack[];
}

export interface MdlTrack {
  /** Depth-first bone id. */
  boneId: number;
  /** 1 position, 2 rotation, 4 scale. */
  flags: number;
  /** 3 floats per keyframe when flags & 1. */
  position?: Float32Array;
  /** 4 floats (x, y, z, w) per keyframe when flags & 2. */
  rotation?: Float32Array;
  /** 3 floats per keyframe when flags & 4. */
  scale?: Float32Array;
}

/** PHYS (Ultra) or COLL (G3D). */
export interface MdlCollision {
  offset: number;
  byteSize: number;
  parts: MdlColliderPart[];
  /** Bytes that could not be read as parts (unknown shape, undocumented G3D payload). */
  raw?: Uint8Array;
}

export interface MdlColliderPart {
  offset: number;
  /** Ultra: `BOX_`, `CYLI`, `MESH`, … */
  shapeTag?: string;
  /** G3D: 0 box, 1 cylinder, 2 sphere, 3 cone, 4 capsule, 5 chamfer cylinder, 6 convex hull, 7 polygons. */
  shapeId?: number;
  primitive?: { offset: Vec3; rotation: Quat; size: Vec3 };
  mesh?: { flag: number; polygons: Float32Array[] };
}
