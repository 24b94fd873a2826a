/**
 * The raw structure of a LODka3D `.lod` file, exactly as stored (field names follow the tables of
 * docs/formats/lod.md). Produced by `readLod`; `parseSync` converts it into a core Scene.
 */
import type { ParseOptions, Quat, Vec3, Vec4, Warning } from '@relic3d/core';
import type { LodPhysics } from './file-physics.js';

export type { LodBody, LodGeom, LodJoint, LodPhysics } from './file-physics.js';

/** Format id of warnings and errors. */
export const FORMAT_ID = 'lod';
/** The 8-byte file signature; its last character is the version digit. */
export const SIGNATURE = 'LODka3D1';
/**
 * LODka3D content is authored Z-up: the editor and Xtreme3D, its main user, are Z-up, and the real
 * file stands along +Z (docs/formats/lod.md §8.1). GLScene's loader copies coordinates unchanged.
 */
export const DEFAULT_UP_AXIS = 'z';

export interface LodParseOptions extends ParseOptions {
  /**
   * Up axis of the file's content. LODka3D content is Z-up (`DEFAULT_UP_AXIS`, docs/formats/lod.md
   * §8.1), so `'z'` (the default) rotates it to the scene's +Y up; `'y'` keeps coordinates as stored,
   * for files that break the rule.
   */
  upAxis?: 'y' | 'z';
  /** Code page of strings; LODka 3D is a Russian ANSI program, so the default is 'windows-1251'. */
  codePage?: ParseOptions['codePage'];
}

/** A chunk header and where it sits. */
export interface LodChunkHeader {
  id: string;
  /** Bytes of data after the 12-byte header. */
  size: number;
  count: number;
  /** Offset of the header in the file. */
  offset: number;
}

export interface LodUnknownChunk extends LodChunkHeader {
  /** Parent chunk id ('' at file level). */
  parent: string;
  /** The chunk's data, a view of the input. */
  data: Uint8Array;
}

export interface LodInfo {
  count: number;
  /** The data decoded as text (Count = 1). */
  text?: string;
  /** The data as stored. */
  data: Uint8Array;
  /** User chunks, when Count is not 1 and the data parses as a chunk list. */
  userChunks?: LodUnknownChunk[];
}

export interface LodScreenshot {
  type: number;
  name: string;
  data: Uint8Array;
}

export interface LodMaterialOptions {
  ambient: Vec4;
  diffuse: Vec4;
  emission: Vec4;
  specular: Vec4;
  envColor: Vec4;
  shininess: number;
  imageBrightness: number;
  imageGamma: number;
  normalMapScale: number;
  blendingMode: number;
  imageAlpha: number;
  textureMode: number;
  textureWrap: number;
  textureFormat: number;
  textureEnabled: boolean;
  enabled: boolean;
  /** Type 3 only. */
  mappingMode?: number;
}

export interface LodMaterial {
  name: string;
  /** As stored; 'first:second' for two textures. */
  textureName: string;
  options?: LodMaterialOptions;
}

export interface LodMaterialLibrary {
  /** 0 nothing saved, 1 names, 2 names + 100-byte options, 3 names + 101-byte options. */
  materialsType: number;
  materials: LodMaterial[];
}

export interface LodEmbeddedTexture {
  optionType: number;
  materialName: string;
  textureName: string;
  /** Reserved option bytes after the names (view of the input). */
  optionReserve: Uint8Array;
  data: Uint8Array;
}

export interface LodTextureLibrary {
  texturesType: number;
  textures: LodEmbeddedTexture[];
}

export interface LodShader {
  shaderSize: number;
  shaderType: number;
  /** Present for ShaderType 1. */
  bump?: {
    name: string;
    normalName: string;
    specularName: string;
    lightPower: number;
    specularPower: number;
    reserve: Uint8Array;
  };
  /** Parameters of unknown shader types, as stored. */
  data?: Uint8Array;
}

export interface LodShaderLibrary {
  shaderLibType: number;
  shaders: LodShader[];
}

export interface LodBone {
  id: number;
  parentId: number;
  name: string;
}

export interface LodSkeleton {
  skelType: number;
  bones: LodBone[];
}

export interface LodAnimation {
  animType: number;
  /** Milliseconds per frame. */
  interval: number;
  /** 0 none, 1 play once, 2 loop, 3 bounce forward, 4 bounce backward, 5 loop backward, 6 external. */
  mode: number;
  name: string;
  frameCount: number;
  boneCount: number;
  /** frame-major, bone-minor: position xyz then Euler rotation xyz (radians), 6 floats per entry. */
  bonesRotPos: Float32Array;
}

export interface LodWeights {
  bonesPerVertex: number;
  /** Record size: 5 (≤ 127 bones) or 6. */
  recordSize: number;
  /** The BonesWeightArray bytes as stored (a view of the input). */
  records: Uint8Array;
  /** Raw bone fields (top bit = closes a vertex). */
  boneFields: Uint16Array;
  weights: Float32Array;
  /** CSR: records of vertex v are vertexStart[v] .. vertexStart[v + 1]. */
  vertexStart: Uint32Array;
  /**
   * Records the reader found with a bone at or past `boneCount` (the bones of the SKL1 read before
   * this mesh) or a weight that is not finite; the scene scans the records only when there are
   * some, or when its bone count differs.
   */
  checked?: { boneCount: number; faults: number };
}

export interface LodFaceGroup {
  faceType: number;
  faceMode: number;
  name: string;
  visible: boolean;
  /** One name (mode 2) or T names (mode 3). */
  materialNames: string[];
  vertexIndices: Uint32Array;
  /** FaceType 2 only: one 32-bit mask per triangle (may be empty). */
  smoothData?: Uint32Array;
  normalIndices: Uint32Array;
  /** One list per texture-coordinate set. */
  texCoordIndices: Uint32Array[];
  /** Byte widths used for the position, normal and texture-coordinate lists. */
  indexWidths: { position: number; normal: number; texCoord: number[] };
}

export interface LodMesh {
  name: string;
  isSkeletonExists: boolean;
  /** 2 (previous revision) or 3 (rev 1.02). */
  meshMode: number;
  visible: boolean;
  positions: Float32Array;
  normals: Float32Array;
  /** u, v per entry, one array per set. */
  texCoords: Float32Array[];
  /** Mode 3 with two sets: which order the counts were stored in. */
  texCoordLayout?: 'counts-first' | 'interleaved';
  /** Bone number per vertex (empty when not stored). */
  boneAssoc: Uint8Array | Uint16Array;
  weightType: number;
  weights?: LodWeights;
  faceGroups: LodFaceGroup[];
  /** The chunk's Count (face-group count). */
  count: number;
}

export interface LodMorphCollection {
  name: string;
  colliderName: string;
  boneCount: number;
  animCount: number;
  /** The 4 bytes at record offset 16, when the record is 32 bytes. */
  gap?: number;
  parentId: number;
  parentBone: number;
  proxyId: number;
  bones: { name: string; parentId: number }[];
  animations: { name: string; mode: number; interval: number; frameCount: number }[];
  /** 12 floats per (bone, frame): bone-major, then animation, then frame. */
  matrices: Float32Array;
  /** 10 floats per frame: mins xyz, maxs xyz, position xyz, radius. */
  colliders: Float32Array;
}

export interface LodMorphCollections {
  morphCollType: number;
  /** Size of a collection record: 28 or 32 bytes (the seed's offsets leave a 4-byte gap). */
  recordSize: number;
  collections: LodMorphCollection[];
}

export interface LodMorphMeshFrames {
  frameCount: number;
  vertexCount: number;
  meshIndex: number;
  meshName: string;
  collectionName: string;
  /** frameCount × vertexCount × 3 floats, frame-major. */
  vertices: Float32Array;
}

export interface LodMorphFrames {
  morphCollType: number;
  totalVertexCount: number;
  meshes: LodMorphMeshFrames[];
}

export interface LodLight {
  enabled: boolean;
  /** 0 spot, 1 omni, 2 parallel. */
  style: number;
  position: Vec3;
  spotDirection: Vec3;
  ambient: Vec4;
  diffuse: Vec4;
  specular: Vec4;
  spotCutOff: number;
  spotExponent: number;
  constAtt: number;
  linearAtt: number;
  quadAtt: number;
}

export interface LodLightScheme {
  name: string;
  lights: LodLight[];
}

export interface LodProxyItem {
  name: string;
  parentIndex: number;
  /** The 2 bytes after ParentIndex in 56-byte records. */
  gap?: number;
  sourceMeshIndex: number;
  reserved: [number, number, number, number];
  position: Vec3;
  rotation: Quat;
  scale: Vec3;
  visible: boolean;
  expanded: boolean;
}

export interface LodProxy {
  /** The chunk's Count: the MSL1 mesh this proxy stands in for. */
  meshIndex: number;
  /** 54 or 56. */
  recordSize: number;
  items: LodProxyItem[];
}

export interface LodCollider {
  name: string;
  boneId: number;
  /** 0 sphere, 1 capsule, 2 cylinder, 3 box. */
  type: number;
  /** The 16 floats as stored (Delphi row-major, row-vector convention). */
  matrix: Float32Array;
  tag: number;
  tagFloat: number;
  visible: boolean;
  jointAxis: [{ axis: Quat; minAngle: number; maxAngle: number }, { axis: Quat; minAngle: number; maxAngle: number }];
}

export interface LodColliderSet {
  name: string;
  colliders: LodCollider[];
}

/** Everything a `.lod` file holds. */
export interface LodFile {
  signature: string;
  /** The digit of the signature ('LODka3D1' → 1). */
  version: number;
  /** Header of the LOD1 block that was read. */
  lod: LodChunkHeader;
  /** IDs of LOD1's children, in file order. */
  chunkOrder: string[];
  info?: LodInfo;
  materialLibraries: LodMaterialLibrary[];
  textureLibraries: LodTextureLibrary[];
  shaderLibraries: LodShaderLibrary[];
  skeleton?: LodSkeleton;
  meshes: LodMesh[];
  animations: LodAnimation[];
  morphCollections?: LodMorphCollections;
  morphFrames?: LodMorphFrames;
  physics?: LodPhysics;
  lightSchemes: LodLightScheme[];
  proxies: LodProxy[];
  colliderSets: LodColliderSet[];
  screenshot?: LodScreenshot;
  /** Chunks with unknown IDs, and known chunks the reader could not use (skipped by Size). */
  unknownChunks: LodUnknownChunk[];
  /** Further LOD1 blocks after the first (not read). */
  extraLodBlocks: number;
  /** Bytes after the last chunk that were not read. */
  trailingBytes: number;
  warnings: Warning[];
}
