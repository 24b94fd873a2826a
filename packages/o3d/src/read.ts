/**
 * Bytes → raw structures, in the reference client's read order (docs/formats/o3d.md §2–§4).
 * Only ByteReader touches the bytes; every count is checked before anything is allocated.
 */
import { ByteReader, FormatError, WarningSink, foreignError, identifyForeign, type ParseOptions, type Vec3 } from '@relic3d/core';
import { deinterleave, type FieldLayout } from '@relic3d/kernels';
import type {
  AniFile,
  ChrBone,
  ChrFile,
  MotionAttribute,
  MotionBody,
  MotionTrack,
  O3dEmbeddedSkeleton,
  O3dFile,
  O3dGeometry,
  O3dMaterial,
  O3dMaterialBlock,
  O3dObject,
} from './types.js';
import { LIGHT_BIT, OBJECT_NORMAL, OBJECT_SKIN } from './types.js';

/** Client limits (spec §9.13). */
export const LIMITS = {
  nameLength: 64,
  o3dEvents: 8,
  aniEvents: 4,
  palette: 28,
  materialBlocks: 32,
  materials: 16,
  boneName: 32,
} as const;

const NAME_XOR = 0xcd;
const MAT_BYTES = 64;
const KEY_BYTES = 28;
const NORMAL_VERTEX = 32;
const SKIN_VERTEX = 44;
const BLOCK_BYTES = 136;
/** Smallest possible object header + empty geometry, for count checks. */
const MIN_OBJECT_BYTES = 4 + 4 + 4 + 4 + MAT_BYTES + 80 + 4 + 4 + 4;

type ReadOptions = Pick<ParseOptions, 'onWarning' | 'codePage' | 'kernels'> & {
  /**
   * Internal (the parser's own reads): leave arrays as views of the input where ByteReader gives
   * views. The raw structure then aliases the input; the scene never keeps them.
   */
  inputViews?: boolean;
};

type Typed = Uint8Array | Uint16Array | Int32Array | Float32Array;

/** A typed array the raw structure may keep: ByteReader's zero-copy views are copied (once) unless inputViews. */
function own<T extends Typed>(a: T, r: ByteReader, options: ReadOptions): T {
  return !options.inputViews && a.buffer === r.bytes.buffer ? (a.slice() as T) : a;
}

function readerFor(bytes: Uint8Array, format: string, options: ReadOptions): ByteReader {
  return new ByteReader(bytes, { format, codePage: options.codePage ?? 'windows-1252' });
}

/**
 * Decodes the XOR-encoded header name, or undefined when the bytes do not start like a Flyff O3D
 * (first byte < 64, printable name ending in `.o3d`).
 */
export function decodeO3dName(bytes: Uint8Array): string | undefined {
  if (bytes.length < 1) return undefined;
  const n = bytes[0];
  if (n < 5 || n >= LIMITS.nameLength || bytes.length < 1 + n) return undefined;
  let name = '';
  for (let i = 1; i <= n; i++) {
    const c = bytes[i] ^ NAME_XOR;
    if (c === 0 && i > 1) break; // a NUL-terminated name inside the length
    if (c < 0x20 || c > 0x7e) return undefined;
    name += String.fromCharCode(c);
  }
  return name.toLowerCase().endsWith('.o3d') ? name : undefined;
}

/** Content test: XOR name ending in `.o3d`, then a version from 20 to 22. */
export function isFlyffO3d(bytes: Uint8Array): boolean {
  const name = decodeO3dName(bytes);
  if (name === undefined) return false;
  const at = 1 + bytes[0];
  if (bytes.length < at + 4) return false;
  const version = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0, true);
  return version >= 20 && version <= 22;
}

function notFlyff(bytes: Uint8Array): FormatError {
  if (bytes.length === 0 || identifyForeign(bytes)) {
    return foreignError(bytes, 'o3d', 'a Flyff O3D header (XOR-encoded name ending in .o3d)');
  }
  const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return new FormatError({
    format: 'o3d',
    offset: 0,
    expected: 'a Flyff O3D header (name length < 64, XOR-0xCD name ending in .o3d)',
    found: `bytes ${head}`,
    code: 'UNKNOWN_FORMAT',
    message: `o3d: not a Flyff O3D: expected a name length below 64 and an XOR-0xCD encoded name ending in .o3d at offset 0, found bytes ${head}`,
  });
}

function vec3s(r: ByteReader, n: number, what: string): Vec3[] {
  r.count(n, 12, what);
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) out.push(r.vec3());
  return out;
}

function motionAttributes(r: ByteReader, n: number): MotionAttribute[] {
  r.count(n, 12, 'frame attributes');
  const out: MotionAttribute[] = [];
  for (let i = 0; i < n; i++) out.push({ flags: r.u32(), soundId: r.i32(), frame: r.f32() });
  return out;
}

function boneName(r: ByteReader, what: string): string {
  const at = r.offset;
  const n = r.i32();
  if (n < 0 || n > LIMITS.boneName) r.fail(`a ${what} name length of 0..${LIMITS.boneName} bytes`, String(n), 'BAD_COUNT', at);
  return r.string(n, `${what} name`);
}

/** Reads the GMObject geometry block (§2.4) of a normal (32-B) or skin (44-B) object. */
function readGeometry(r: ByteReader, skin: boolean, sink: WarningSink, options: ReadOptions): O3dGeometry {
  const start = r.absoluteOffset;
  const bboxMin = r.vec3();
  const bboxMax = r.vec3();
  const opacity = r.i32();
  const bump = r.i32();
  const rigid = r.i32();
  r.skip(28, 'reserved geometry bytes');
  const nVertexList = r.i32();
  const nVB = r.i32();
  const nFace = r.i32();
  const nIB = r.i32();
  const stride = skin ? SKIN_VERTEX : NORMAL_VERTEX;
  r.count(nVertexList, 12, 'vertex-list positions');
  const vertexList = own(r.f32Array(nVertexList * 3, 'vertex-list positions'), r, options);
  r.count(nVB, stride, 'vertices');
  const vb = r.u8Array(nVB * stride, 'vertex buffer');
  const layout: Record<string, FieldLayout> = skin
    ? {
        positions: { offset: 0, type: 'f32', components: 3 },
        weights: { offset: 12, type: 'f32', components: 2 },
        boneIndices: { offset: 20, type: 'u16', components: 2 },
        normals: { offset: 24, type: 'f32', components: 3 },
        uvs: { offset: 36, type: 'f32', components: 2 },
      }
    : {
        positions: { offset: 0, type: 'f32', components: 3 },
        normals: { offset: 12, type: 'f32', components: 3 },
        uvs: { offset: 24, type: 'f32', components: 2 },
      };
  const fields = deinterleave(vb, stride, nVB, layout, { kernels: options.kernels }) as unknown as {
    positions: Float32Array;
    normals: Float32Array;
    uvs: Float32Array;
    weights?: Float32Array;
    boneIndices?: Uint16Array;
  };
  r.count(nIB, 2, 'indices');
  const indices = own(r.u16Array(nIB, 'indices'), r, options);
  if (nIB !== nFace * 3) sink.warn('O3D_FACE_COUNT', `object at ${start}: ${nIB} indices for ${nFace} faces`, start);
  const vertexMap = own(r.u16Array(nVB, 'vertex map'), r, options);
  const physiqueCount = r.u32();
  r.count(physiqueCount, 4, 'physique bones');
  const physique = own(r.i32Array(physiqueCount, 'physique bones'), r, options);
  const materialFlag = r.u32();
  let materialCount = 0;
  const materials: O3dMaterial[] = [];
  if (materialFlag !== 0) {
    const at = r.offset;
    materialCount = r.i32();
    if (materialCount < 0 || materialCount > LIMITS.materials) {
      r.fail(`a material count of 0..${LIMITS.materials}`, String(materialCount), 'BAD_COUNT', at);
    }
    const n = Math.max(materialCount, 1);
    r.count(n, 72, 'materials');
    for (let i = 0; i < n; i++) {
      const diffuse = r.vec4();
      const ambient = r.vec4();
      const specular = r.vec4();
      const emissive = r.vec4();
      const power = r.f32();
      const lenAt = r.offset;
      const len = r.i32();
      if (len < 0 || len > 256) r.fail('a texture name length of 0..256 bytes', String(len), 'BAD_COUNT', lenAt);
      const textureName = r.string(len, 'texture name');
      materials.push({ diffuse, ambient, specular, emissive, power, textureName });
    }
  }
  const blockAt = r.offset;
  const nBlocks = r.i32();
  if (nBlocks < 0 || nBlocks >= LIMITS.materialBlocks) {
    r.fail(`a material block count of 0..${LIMITS.materialBlocks - 1}`, String(nBlocks), 'BAD_COUNT', blockAt);
  }
  r.count(nBlocks, BLOCK_BYTES, 'material blocks');
  const blocks: O3dMaterialBlock[] = [];
  for (let i = 0; i < nBlocks; i++) {
    const startIndex = r.i32();
    const primitiveCount = r.i32();
    const textureId = r.i32();
    const effect = r.u32();
    const amount = r.i32();
    const nUseAt = r.offset;
    const nUse = r.i32();
    if (nUse < 0 || nUse > LIMITS.palette) r.fail(`a block palette size of 0..${LIMITS.palette}`, String(nUse), 'BAD_COUNT', nUseAt);
    const palette = r.i32Array(LIMITS.palette, 'block palette');
    blocks.push({ startIndex, primitiveCount, textureId, effect, amount, useBones: palette.slice(0, nUse) });
  }
  const geometry: O3dGeometry = {
    bboxMin,
    bboxMax,
    opacity,
    bump,
    rigid,
    vertexList,
    // The scene builder mirrors and reorders these in place: never views of the input.
    positions: own(fields.positions, r, {}),
    normals: own(fields.normals, r, {}),
    uvs: own(fields.uvs, r, {}),
    faceCount: nFace,
    indices,
    vertexMap,
    physique,
    materialFlag,
    materialCount,
    materials,
    blocks,
  };
  if (skin) {
    geometry.weights = fields.weights;
    geometry.boneIndices = fields.boneIndices;
    geometry.skinRecords = own(vb, r, options);
  }
  return geometry;
}

/** The ReadTM body (§4.2): bone infos, pool size, then keys or a constant matrix per bone. */
function readMotionBody(r: ByteReader, boneCount: number, frameCount: number, sink: WarningSink, options: ReadOptions): MotionBody {
  r.count(boneCount, 4 + MAT_BYTES * 2 + 4, 'motion bones');
  const bones = [];
  for (let i = 0; i < boneCount; i++) {
    const name = boneName(r, 'motion bone');
    bones.push({ name, inverseTM: r.mat4(), localTM: r.mat4(), parentIndex: r.i32() });
  }
  const poolSize = r.i32();
  const tracks: MotionTrack[] = [];
  let animated = 0;
  for (let i = 0; i < boneCount; i++) {
    const flag = r.i32();
    if (flag === 1) {
      r.count(frameCount, KEY_BYTES, 'bone keys');
      tracks.push({ keys: own(r.f32Array(frameCount * 7, 'bone keys'), r, options) });
      animated++;
    } else tracks.push({ matrix: r.mat4() });
  }
  if (poolSize !== animated * frameCount) {
    sink.warn('O3D_MOTION_POOL', `motion pool size ${poolSize} differs from ${animated} animated bones × ${frameCount} frames`);
  }
  return { bones, poolSize, tracks };
}

function readObject(r: ByteReader, frameCount: number, sink: WarningSink, options: ReadOptions): O3dObject {
  const at = r.offset;
  const typeRaw = r.u32();
  const type = typeRaw & 0xffff;
  if (type !== OBJECT_NORMAL && type !== OBJECT_SKIN) r.fail('object type 0 (normal) or 1 (skin)', String(type), 'BAD_VALUE', at);
  const nUseAt = r.offset;
  const nUse = r.i32();
  if (nUse < 0 || nUse > LIMITS.palette) r.fail(`an object palette size of 0..${LIMITS.palette}`, String(nUse), 'BAD_COUNT', nUseAt);
  const useBones = own(r.i32Array(nUse, 'object palette'), r, options);
  const id = r.i32();
  const parentIndex = r.i32();
  const parentType = parentIndex !== -1 ? r.i32() : -1;
  const localTM = r.mat4();
  const geometry = readGeometry(r, type === OBJECT_SKIN, sink, options);
  const object: O3dObject = { typeRaw, type, light: (typeRaw & LIGHT_BIT) !== 0, useBones, id, parentIndex, parentType, localTM, geometry };
  if (type === OBJECT_NORMAL && frameCount > 0) {
    const has = r.i32();
    if (has !== 0) {
      r.count(frameCount, KEY_BYTES, 'object TM keys');
      object.tmAnimation = own(r.f32Array(frameCount * 7, 'object TM keys'), r, options);
    }
  }
  return object;
}

/** Reads a Flyff `.o3d` file (versions 20–22) into its raw structure. */
export function readO3d(bytes: Uint8Array, options: ReadOptions = {}): O3dFile {
  return readO3dWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

export function readO3dWith(bytes: Uint8Array, options: ReadOptions, sink: WarningSink): O3dFile {
  const name = decodeO3dName(bytes);
  if (name === undefined) throw notFlyff(bytes);
  const r = readerFor(bytes, 'o3d', options);
  r.skip(1 + bytes[0], 'name');
  const versionAt = r.offset;
  const version = r.i32();
  if (version < 20 || version > 22) {
    throw new FormatError({
      format: 'o3d',
      offset: versionAt,
      expected: 'O3D version 20, 21 or 22',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported O3D version ${version} at offset ${versionAt} (versions 20–22 are read; older layouts are not decoded)`,
    });
  }
  const id = r.i32();
  const forces: Vec3[] = [r.vec3(), r.vec3()];
  if (version >= 22) forces.push(r.vec3(), r.vec3());
  const scrollU = r.f32();
  const scrollV = r.f32();
  r.skip(16, 'reserved header bytes');
  const bboxMin = r.vec3();
  const bboxMax = r.vec3();
  const perSlerp = r.f32();
  const frameAt = r.offset;
  const frameCount = r.i32();
  if (frameCount < 0) r.fail('a frame count ≥ 0', String(frameCount), 'BAD_COUNT', frameAt);
  const eventAt = r.offset;
  const eventCount = r.i32();
  if (eventCount < 0 || eventCount > LIMITS.o3dEvents) r.fail(`an event count of 0..${LIMITS.o3dEvents}`, String(eventCount), 'BAD_COUNT', eventAt);
  const events = vec3s(r, eventCount, 'events');

  const file: O3dFile = {
    name,
    version,
    id,
    forces,
    scrollU,
    scrollV,
    bboxMin,
    bboxMax,
    perSlerp,
    frameCount,
    events,
    lodFlag: 0,
    poolSize: 0,
    groups: [],
  };
  if (r.i32() !== 0) file.collision = readGeometry(r, false, sink, options);
  file.lodFlag = r.i32();
  const boneAt = r.offset;
  const boneCount = r.i32();
  r.count(boneCount, MAT_BYTES * 2, 'embedded bones');
  if (boneCount > 0) {
    const baseTMs: Float32Array[] = [];
    const inverseTMs: Float32Array[] = [];
    for (let i = 0; i < boneCount; i++) baseTMs.push(r.mat4());
    for (let i = 0; i < boneCount; i++) inverseTMs.push(r.mat4());
    const skeleton: O3dEmbeddedSkeleton = { baseTMs, inverseTMs, sendVS: 0 };
    if (frameCount > 0) skeleton.motion = readMotionBody(r, boneCount, frameCount, sink, options);
    skeleton.sendVS = r.i32();
    file.skeleton = skeleton;
  } else if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', boneAt);
  file.poolSize = r.i32();
  const groupCount = file.lodFlag !== 0 ? 3 : 1;
  let total = 0;
  for (let g = 0; g < groupCount; g++) {
    const countAt = r.offset;
    const n = r.i32();
    if (n < 0) r.fail('an object count ≥ 0', String(n), 'BAD_COUNT', countAt);
    r.count(n, MIN_OBJECT_BYTES, 'objects');
    const objects: O3dObject[] = [];
    for (let i = 0; i < n; i++) objects.push(readObject(r, frameCount, sink, options));
    file.groups.push(objects);
    total += n;
  }
  if (file.poolSize !== total) sink.warn('O3D_POOL_SIZE', `pool size ${file.poolSize} differs from the ${total} objects read`);
  if (version >= 21 && r.remaining >= 4) {
    const count = r.i32();
    file.attributeCount = count;
    if (count === frameCount && count > 0) file.attributes = motionAttributes(r, count);
  }
  if (r.remaining > 0) sink.warn('O3D_TRAILING_BYTES', `${r.remaining} bytes after the last section`, r.absoluteOffset);
  return file;
}

/** Reads a `.chr` skeleton (versions 4–7). */
export function readChr(bytes: Uint8Array, options: ReadOptions = {}): ChrFile {
  return readChrWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

export function readChrWith(bytes: Uint8Array, options: ReadOptions, sink: WarningSink): ChrFile {
  const r = readerFor(bytes, 'o3d', options);
  const version = r.i32();
  if (version < 4 || version > 7) {
    throw new FormatError({
      format: 'o3d',
      offset: 0,
      expected: 'CHR version 4 to 7',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported CHR skeleton version ${version} at offset 0 (versions 4–7 are read)`,
    });
  }
  const id = r.i32();
  const countAt = r.offset;
  const boneCount = r.i32();
  if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', countAt);
  r.count(boneCount, 4 + 1 + MAT_BYTES * 3 + 4, 'skeleton bones');
  const bones: ChrBone[] = [];
  for (let i = 0; i < boneCount; i++) {
    const name = boneName(r, 'bone');
    bones.push({ name, tm: r.mat4(), inverseTM: r.mat4(), localTM: r.mat4(), parentIndex: r.i32() });
  }
  const sendVS = r.i32();
  const localRH = r.mat4();
  const localShield = r.mat4();
  const localKnuckle = r.mat4();
  const slots = version === 5 ? 4 : version >= 6 ? 8 : 0;
  const events = vec3s(r, slots, 'event positions');
  const eventParents = own(r.i32Array(slots, 'event parents'), r, options);
  const chr: ChrFile = { version, id, bones, sendVS, localRH, localShield, localKnuckle, events, eventParents };
  if (version >= 7) chr.localLH = r.mat4();
  if (r.remaining > 0) sink.warn('CHR_TRAILING_BYTES', `${r.remaining} bytes after the skeleton`, r.absoluteOffset);
  return chr;
}

/** Reads an `.ani` motion (version 10). */
export function readAni(bytes: Uint8Array, options: ReadOptions = {}): AniFile {
  return readAniWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

export function readAniWith(bytes: Uint8Array, options: ReadOptions, sink: WarningSink): AniFile {
  const r = readerFor(bytes, 'o3d', options);
  const version = r.i32();
  if (version !== 10) {
    throw new FormatError({
      format: 'o3d',
      offset: 0,
      expected: 'ANI version 10',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported ANI motion version ${version} at offset 0 (only version 10 exists)`,
    });
  }
  const id = r.i32();
  const perSlerp = r.f32();
  r.skip(32, 'reserved motion bytes');
  const boneAt = r.offset;
  const boneCount = r.i32();
  if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', boneAt);
  const frameAt = r.offset;
  const frameCount = r.i32();
  if (frameCount <= 0) r.fail('a frame count > 0', String(frameCount), 'BAD_COUNT', frameAt);
  const hasPath = r.i32();
  let path: Float32Array | undefined;
  if (hasPath !== 0) {
    r.count(frameCount, 12, 'path points');
    path = own(r.f32Array(frameCount * 3, 'path points'), r, options);
  }
  const motion = readMotionBody(r, boneCount, frameCount, sink, options);
  const attributes = motionAttributes(r, frameCount);
  const eventAt = r.offset;
  const eventCount = r.i32();
  if (eventCount < 0 || eventCount > LIMITS.aniEvents) r.fail(`an event count of 0..${LIMITS.aniEvents}`, String(eventCount), 'BAD_COUNT', eventAt);
  const events = vec3s(r, eventCount, 'events');
  if (r.remaining > 0) sink.warn('ANI_TRAILING_BYTES', `${r.remaining} bytes after the motion`, r.absoluteOffset);
  const ani: AniFile = { version, id, perSlerp, frameCount, motion, attributes, events };
  if (path) ani.path = path;
  return ani;
}
