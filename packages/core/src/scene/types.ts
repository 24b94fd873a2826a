/**
 * The shared scene model, in glTF vocabulary.
 *
 * Objects reference each other by index into the scene's arrays (as glTF JSON does), so a scene is
 * plain data: it can be structured-cloned to and from workers and its typed arrays transferred.
 *
 * Conventions (every loader converts to them at its edge):
 * right-handed, +Y up, metres where the format says so, counter-clockwise front faces,
 * quaternions [x, y, z, w], column-major 4×4 matrices.
 */

/** Format data that has no scene field. Nothing the file says is lost. */
export type Extras = Record<string, unknown>;

export type Vec2 = [number, number];
export type Vec3 = [number, number, number];
export type Vec4 = [number, number, number, number];
/** [x, y, z, w] */
export type Quat = [number, number, number, number];
/** Column-major 4×4 matrix, 16 numbers. */
export type Mat4 = Float32Array | number[];
export type RGBA = [number, number, number, number];
export type RGB = [number, number, number];

export interface Scene {
  name?: string;
  /** Format id of the file the scene came from (`ms3d`, `ase`, ...). */
  format: string;
  /** The file's own version number, as the file writes it. */
  version?: number | string;
  nodes: Node[];
  /** Indices of the root nodes, in file order. */
  roots: number[];
  meshes: Mesh[];
  materials: Material[];
  textures: Texture[];
  skins: Skin[];
  animations: AnimationClip[];
  cameras: Camera[];
  lights: Light[];
  colliders: Collider[];
  /** Recoverable oddities met while reading. */
  warnings: Warning[];
  extras: Extras;
}

export interface Node {
  name: string;
  /** Parent node index, or -1 for a root. */
  parent: number;
  children: number[];
  /** Local transform as TRS. Ignored when `matrix` is set. */
  translation?: Vec3;
  rotation?: Quat;
  scale?: Vec3;
  /** Local transform as a column-major matrix; wins over TRS when present. */
  matrix?: Mat4;
  mesh?: number;
  skin?: number;
  camera?: number;
  light?: number;
  /**
   * Levels of detail. Each level is a child node of this node (a subtree); level 0 is the most
   * detailed. A renderer shows exactly one level; `computeBounds` uses level 0.
   */
  lods?: LodLevel[];
  /** True for nodes that are joints of a skeleton. */
  joint?: boolean;
  /** Default morph target weights for this node's mesh. */
  weights?: number[];
  extras?: Extras;
}

export interface LodLevel {
  /** Child node that holds this level. */
  node: number;
  /** Distance from which this level is used, when the file says so (scene units). */
  distance?: number;
  /** Screen coverage below which the next level takes over (MSFT_lod convention), when known. */
  screenCoverage?: number;
}

export type AttributeName =
  | 'POSITION'
  | 'NORMAL'
  | 'TANGENT'
  | 'TEXCOORD_0'
  | 'TEXCOORD_1'
  | 'TEXCOORD_2'
  | 'TEXCOORD_3'
  | 'COLOR_0'
  | 'JOINTS_0'
  | 'WEIGHTS_0';

/** Components per element of each attribute. */
export const ATTRIBUTE_SIZES: Readonly<Record<AttributeName, number>> = {
  POSITION: 3,
  NORMAL: 3,
  TANGENT: 4,
  TEXCOORD_0: 2,
  TEXCOORD_1: 2,
  TEXCOORD_2: 2,
  TEXCOORD_3: 2,
  COLOR_0: 4,
  JOINTS_0: 4,
  WEIGHTS_0: 4,
};

export interface Attributes {
  POSITION: Float32Array;
  NORMAL?: Float32Array;
  /** xyz + handedness w. */
  TANGENT?: Float32Array;
  TEXCOORD_0?: Float32Array;
  TEXCOORD_1?: Float32Array;
  TEXCOORD_2?: Float32Array;
  TEXCOORD_3?: Float32Array;
  /** Linear RGBA floats in 0..1. */
  COLOR_0?: Float32Array;
  /** Four joint indices per vertex, into the node's skin `joints`. */
  JOINTS_0?: Uint16Array;
  /** Four weights per vertex, summing to 1. */
  WEIGHTS_0?: Float32Array;
}

/** glTF primitive modes. */
export type PrimitiveMode = 'POINTS' | 'LINES' | 'LINE_LOOP' | 'LINE_STRIP' | 'TRIANGLES';

export interface MorphTarget {
  name?: string;
  /** Position deltas, same length as the base POSITION. */
  POSITION?: Float32Array;
  NORMAL?: Float32Array;
  TANGENT?: Float32Array;
}

export interface Primitive {
  attributes: Attributes;
  indices?: Uint16Array | Uint32Array;
  /** Default 'TRIANGLES'. */
  mode?: PrimitiveMode;
  material?: number;
  targets?: MorphTarget[];
  extras?: Extras;
}

export interface Mesh {
  name: string;
  primitives: Primitive[];
  /** Default morph weights, one per target. */
  weights?: number[];
  extras?: Extras;
}

export interface TextureTransform {
  offset: Vec2;
  scale: Vec2;
  /** Radians, counter-clockwise (KHR_texture_transform). */
  rotation: number;
}

export interface TextureRef {
  texture: number;
  /** Which TEXCOORD_n set, default 0. */
  texCoord?: number;
  transform?: TextureTransform;
  /** Strength/amount as the file says (e.g. bump amount). */
  strength?: number;
  extras?: Extras;
}

export type WrapMode = 'REPEAT' | 'CLAMP_TO_EDGE' | 'MIRRORED_REPEAT';

export interface Texture {
  name?: string;
  /** The path exactly as the file writes it. Resolve it through the caller's resolver. */
  uri?: string;
  /** Image bytes, when the file embeds them. */
  image?: { mimeType?: string; data: Uint8Array };
  wrapS?: WrapMode;
  wrapT?: WrapMode;
  extras?: Extras;
}

/** The fixed-function material model old formats write. */
export interface LegacyMaterial {
  ambient?: RGBA;
  diffuse?: RGBA;
  specular?: RGBA;
  emissive?: RGBA;
  /** Phong exponent as the file writes it. */
  shininess?: number;
  /** 0 transparent .. 1 opaque. */
  opacity?: number;
}

export interface Material {
  name: string;
  baseColorFactor: RGBA;
  metallicFactor: number;
  roughnessFactor: number;
  emissiveFactor: RGB;
  /** KHR_materials_emissive_strength, when the legacy emissive is brighter than 1. */
  emissiveStrength?: number;
  alphaMode: 'OPAQUE' | 'MASK' | 'BLEND';
  alphaCutoff?: number;
  doubleSided: boolean;
  unlit?: boolean;
  baseColorTexture?: TextureRef;
  normalTexture?: TextureRef;
  emissiveTexture?: TextureRef;
  occlusionTexture?: TextureRef;
  metallicRoughnessTexture?: TextureRef;
  /** Other maps (specular, opacity, reflection, ...) keyed by the format's name for them. */
  otherTextures?: Record<string, TextureRef>;
  legacy?: LegacyMaterial;
  extras?: Extras;
}

export interface Skin {
  name?: string;
  /** Joint node indices; JOINTS_0 values index into this list. */
  joints: number[];
  /** One column-major 4×4 per joint (16 × joints.length floats). */
  inverseBindMatrices: Float32Array;
  /** Common root of the joints, when known. */
  skeleton?: number;
  extras?: Extras;
}

export type AnimationPath = 'translation' | 'rotation' | 'scale' | 'weights';
export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';

export interface AnimationChannel {
  node: number;
  path: AnimationPath;
  /** Key times in seconds, ascending. */
  times: Float32Array;
  /**
   * Values per key: 3 (translation, scale), 4 (rotation, xyzw) or the morph-target count (weights).
   * CUBICSPLINE stores [inTangent, value, outTangent] per key, as glTF does.
   */
  values: Float32Array;
  interpolation: Interpolation;
  extras?: Extras;
}

export interface AnimationClip {
  name: string;
  /** Seconds. */
  duration: number;
  channels: AnimationChannel[];
  extras?: Extras;
}

export interface Camera {
  name?: string;
  type: 'perspective' | 'orthographic';
  /** Vertical field of view in radians (perspective). */
  yfov?: number;
  aspectRatio?: number;
  znear: number;
  zfar?: number;
  /** Half extents (orthographic). */
  xmag?: number;
  ymag?: number;
  extras?: Extras;
}

export interface Light {
  name?: string;
  type: 'directional' | 'point' | 'spot';
  color: RGB;
  intensity: number;
  range?: number;
  /** Radians (spot). */
  innerConeAngle?: number;
  outerConeAngle?: number;
  extras?: Extras;
}

export type ColliderShape =
  | { type: 'box'; /** Full extents. */ size: Vec3 }
  | { type: 'sphere'; radius: number }
  /** Along local +Y; `height` is the cylinder part, without the caps. */
  | { type: 'capsule'; radius: number; height: number }
  | { type: 'cylinder'; radius: number; height: number }
  | { type: 'cone'; radius: number; height: number }
  | { type: 'convex'; positions: Float32Array }
  | { type: 'trimesh'; positions: Float32Array; indices: Uint32Array };

export interface Collider {
  name?: string;
  shape: ColliderShape;
  /** Node (or joint) the collider follows; -1 or absent for the scene root. */
  node?: number;
  /** Offset from that node. */
  translation?: Vec3;
  rotation?: Quat;
  scale?: Vec3;
  extras?: Extras;
}

export interface Warning {
  /** Stable machine code, e.g. `ASE_UNCLOSED_BLOCK`. */
  code: string;
  message: string;
  format?: string;
  /** Byte offset in the input, when known. */
  offset?: number;
}
