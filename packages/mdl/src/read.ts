import { ByteReader, FormatError, isFormatError, printable, WarningSink } from '@relic3d/core';
import { checkHeader, FORMAT_ID } from './detect.js';
import { decodeG3dVertices, decodeMorph, decodeUltraVertices, G3D_DOCUMENTED_VERTEX_SIZE, MORPH_VERTEX_SIZE, ULTRA_VERTEX_SIZE } from './vertices.js';
import type {
  MdlAnimation,
  MdlBone,
  MdlColliderPart,
  MdlCollision,
  MdlFile,
  MdlLod,
  MdlMesh,
  MdlNode,
  MdlParseOptions,
  MdlTrack,
  MdlVariant,
} from './types.js';

/** Nodes and bones nest at most this deep (guards the recursion against crafted files). */
const MAX_DEPTH = 256;
/** Smallest possible encodings, for count checks before anything is allocated. */
const MIN_NODE = 4 + 12 + 40 + 4 + 4;
const MIN_LOD = 12;
/** MESH tag, (Ultra: polyVerts,) 2 string lengths, stride, vertex count, index size and count, PRIM/MSET/PICK + counts. */
const MIN_MESH = { ultra: 4 + 4 + 8 + 16 + 24, g3d: 4 + 8 + 16 + 24 } as const;
const MIN_BONE = 4 + 4 + 40 + 4;
const MIN_ANIM = 4 + 4 + 12;
const MIN_TRACK = 12;

interface Context {
  variant: MdlVariant;
  version: number;
  options: MdlParseOptions;
  sink: WarningSink;
}

/**
 * Reads the file into its raw structure, exactly as stored (no coordinate conversion). Throws a
 * `FormatError` naming the real format for foreign `.mdl` files.
 */
export function readMdl(bytes: Uint8Array, options: MdlParseOptions = {}): MdlFile {
  return readMdlWith(bytes, options, new WarningSink(FORMAT_ID, options.onWarning));
}

export function readMdlWith(bytes: Uint8Array, options: MdlParseOptions, sink: WarningSink): MdlFile {
  const header = checkHeader(bytes);
  const r = new ByteReader(bytes, { format: FORMAT_ID, codePage: options.codePage ?? 'utf-8' });
  r.skip(header.magicLength + 4);
  const ctx: Context = { variant: header.variant, version: header.version, options, sink };
  const root = readNode(r, ctx, 0);
  const trailingBytes = r.remaining;
  if (trailingBytes > 0) sink.warn('MDL_TRAILING_BYTES', `${trailingBytes} bytes after the root node were ignored`, r.absoluteOffset);
  return { variant: header.variant, magic: header.magic, version: header.version, root, trailingBytes, warnings: sink.list };
}

function istring(r: ByteReader, what: string): string {
  return r.lengthString('i32', what);
}

/**
 * Reads an i32 count and checks it before anything is allocated: non-negative, and `count ×
 * bytesPerItem` within the bytes left. Errors point at the count field itself.
 */
function countField(r: ByteReader, bytesPerItem: number, what: string): number {
  const at = r.offset;
  const n = r.i32();
  if (n < 0) r.fail(`a count of ${what}`, String(n), 'BAD_COUNT', at);
  if (n * bytesPerItem > r.remaining) r.fail(`${n} ${what} (${n * bytesPerItem} bytes)`, `${r.remaining} bytes left`, 'BAD_COUNT', at);
  return n;
}

function depthCheck(r: ByteReader, depth: number, what: string): void {
  if (depth > MAX_DEPTH) r.fail(`${what} nested at most ${MAX_DEPTH} deep`, `depth ${depth}`, 'BAD_VALUE');
}

function readNode(r: ByteReader, ctx: Context, depth: number): MdlNode {
  depthCheck(r, depth, 'nodes');
  const offset = r.absoluteOffset;
  r.expectTag('NODE');
  const ultra = ctx.variant === 'ultra';
  const node: MdlNode = {
    offset,
    name: istring(r, 'node name'),
    engineProperties: istring(r, 'engine properties'),
    userProperties: istring(r, 'user properties'),
    position: r.vec3(),
    rotation: r.quat(),
    scale: r.vec3(),
    color: r.vec4(),
    attachBone: -1,
    lods: [],
    bones: [],
    animations: [],
    collision: { offset: 0, byteSize: 0, parts: [] },
    children: [],
  };
  if (ultra && ctx.version >= 301) node.unknownNodeFloats = r.vec3();
  if (!ultra) node.attachBone = r.i32();
  const lodCount = countField(r, MIN_LOD, 'LODs');
  for (let i = 0; i < lodCount; i++) node.lods.push(readLod(r, ctx));

  if (ultra) {
    // Real node tail: SKEL, ATCH, ASET, PHYS, KIDS (spec §2.2).
    r.expectTag('SKEL');
    const boneCount = countField(r, MIN_BONE, 'bones');
    if (boneCount > 0) node.bones = unverifiedUltra(r, () => readBones(r, ctx, boneCount, depth), 'ATCH');
    r.expectTag('ATCH');
    node.attachBone = r.i32();
    r.expectTag('ASET');
    const animationCount = countField(r, MIN_ANIM, 'animations');
    if (animationCount > 0) node.animations = unverifiedUltra(r, () => readAnimations(r, ctx, animationCount), 'PHYS');
    r.expectTag('PHYS');
    node.collision = readUltraPhysics(r, ctx);
    r.expectTag('KIDS');
    const childCount = countField(r, MIN_NODE, 'child nodes');
    for (let i = 0; i < childCount; i++) node.children.push(readNode(r, ctx, depth + 1));
  } else {
    // Documented tail: INT bones, INT animations, COLL, KIDS without a count (spec §3.3).
    const boneCount = countField(r, MIN_BONE, 'bones');
    node.bones = readBones(r, ctx, boneCount, depth);
    const animationCount = countField(r, MIN_ANIM, 'animations');
    node.animations = readAnimations(r, ctx, animationCount);
    r.expectTag('COLL');
    node.collision = readG3dCollision(r, ctx);
    r.expectTag('KIDS');
    if (hasChildCount(r)) {
      // As the real format writes it: an INT child count, then the children.
      const childCount = countField(r, MIN_NODE, 'child nodes');
      for (let i = 0; i < childCount; i++) node.children.push(readNode(r, ctx, depth + 1));
    } else {
      // As documented, no count: children follow while the next tag is NODE. Nested children
      // therefore take every later NODE (the layout is ambiguous there).
      while (r.remaining >= 4 && nextTagIs(r, 'NODE')) node.children.push(readNode(r, ctx, depth + 1));
    }
  }
  return node;
}

/**
 * Whether a G3D `KIDS` carries a child count (the real format) rather than children right away
 * (the G3D page). The two cannot be confused: the bytes of a `NODE` tag as a count are over a
 * billion children, far more than the bytes left can hold. A count is taken when it is 0, or when
 * its children fit in the bytes left and the first of them starts with `NODE`.
 */
function hasChildCount(r: ByteReader): boolean {
  if (r.remaining < 4 || nextTagIs(r, 'NODE')) return false;
  const n = new DataView(r.bytes.buffer, r.bytes.byteOffset + r.offset, 4).getInt32(0, true);
  if (n === 0) return true;
  if (n < 0 || n * MIN_NODE > r.remaining - 4) return false;
  return r.remaining >= 8 && tagAt(r, r.offset + 4, 'NODE');
}

function nextTagIs(r: ByteReader, tag: string): boolean {
  return tagAt(r, r.offset, tag);
}

function tagAt(r: ByteReader, at: number, tag: string): boolean {
  for (let i = 0; i < 4; i++) if (r.bytes[at + i] !== tag.charCodeAt(i)) return false;
  return true;
}

/**
 * Ultra files with bones or animations are unverified (spec §2.2): read the documented structures
 * and accept them only when the reading ends exactly at the next expected tag.
 */
function unverifiedUltra<T>(r: ByteReader, read: () => T, nextTag: string): T {
  const start = r.absoluteOffset;
  const fail = (detail: string): never => {
    throw new FormatError({
      format: FORMAT_ID,
      offset: start,
      expected: `documented BONE/ANIM data ending at '${nextTag}'`,
      found: detail,
      code: 'UNSUPPORTED',
      message: `Ultra MDL with bones/animations: layout unverified (read from offset ${start}: ${detail})`,
    });
  };
  let value: T;
  try {
    value = read();
  } catch (e) {
    if (isFormatError(e)) fail(e.message);
    throw e;
  }
  if (r.remaining < 4 || !nextTagIs(r, nextTag)) {
    const found = r.remaining >= 4 ? printable(String.fromCharCode(...r.bytes.subarray(r.offset, r.offset + 4))) : 'end of file';
    fail(`'${found}' at offset ${r.absoluteOffset} instead of '${nextTag}'`);
  }
  return value!;
}

function readLod(r: ByteReader, ctx: Context): MdlLod {
  const offset = r.absoluteOffset;
  r.expectTag('LOD_');
  const viewDistance = r.f32();
  const meshCount = countField(r, MIN_MESH[ctx.variant], 'meshes');
  const meshes: MdlMesh[] = [];
  for (let i = 0; i < meshCount; i++) meshes.push(readMesh(r, ctx));
  return { offset, viewDistance, meshes };
}

function readMesh(r: ByteReader, ctx: Context): MdlMesh {
  const ultra = ctx.variant === 'ultra';
  const offset = r.absoluteOffset;
  r.expectTag('MESH');
  let polyVerts = 3;
  if (ultra) {
    const at = r.offset;
    polyVerts = r.i32();
    if (polyVerts < 1 || polyVerts > 64) r.fail('vertices per polygon in 1..64', String(polyVerts), 'BAD_VALUE', at);
  }
  const name = istring(r, 'mesh name');
  const materialPath = istring(r, 'material path');
  const strideAt = r.offset;
  const strideField = r.i32();
  let vertexStride = ULTRA_VERTEX_SIZE; // real files: 96-byte records whatever the field says
  if (!ultra) {
    if (strideField < G3D_DOCUMENTED_VERTEX_SIZE) {
      r.fail(`a vertex stride of at least ${G3D_DOCUMENTED_VERTEX_SIZE} (documented: 84)`, String(strideField), 'BAD_SIZE', strideAt);
    }
    vertexStride = strideField;
  }
  const vertexCount = countField(r, vertexStride, 'vertices');
  const vertexData = r.u8Array(vertexCount * vertexStride, 'vertices');
  const vertices = ultra
    ? decodeUltraVertices(vertexData, vertexCount, ctx.options)
    : decodeG3dVertices(vertexData, vertexStride, vertexCount, ctx.options);

  const sizeAt = r.offset;
  const indexSize = r.i32();
  if (indexSize !== 2 && indexSize !== 4) r.fail('an index size of 2 or 4', String(indexSize), 'BAD_SIZE', sizeAt);
  const countAt = r.offset;
  const indexCount = countField(r, indexSize, 'indices');
  if (indexCount % polyVerts !== 0) r.fail(`an index count that is a multiple of ${polyVerts}`, String(indexCount), 'BAD_COUNT', countAt);
  const indicesAt = r.offset;
  const indices = indexSize === 2 ? r.u16Array(indexCount, 'indices') : r.u32Array(indexCount, 'indices');
  const bad = indices instanceof Uint16Array ? firstIndexAtLeast16(indices, vertexCount) : firstIndexAtLeast32(indices, vertexCount);
  if (bad >= 0) r.fail(`an index below ${vertexCount}`, String(indices[bad]), 'BAD_INDEX', indicesAt + bad * indexSize);

  const mesh: MdlMesh = {
    offset,
    polyVerts,
    name,
    materialPath,
    strideField,
    vertexStride,
    vertexCount,
    vertexData,
    vertices,
    indexSize,
    indices,
    primitiveFlags: new Uint8Array(0),
    morphs: [],
    pick: new Uint8Array(0),
  };
  const primitiveCount = indexCount / polyVerts;
  if (ultra) {
    // Real order: PRIM, MSET, PICK (the spec lists MSET first).
    mesh.primitiveFlags = readPrimitiveFlags(r, primitiveCount);
    mesh.morphs = readMorphs(r, ctx, vertexCount);
  } else {
    mesh.morphs = readMorphs(r, ctx, vertexCount);
    mesh.primitiveFlags = readPrimitiveFlags(r, primitiveCount);
  }
  r.expectTag('PICK');
  const pickSize = countField(r, 1, 'pick data bytes');
  mesh.pick = r.u8Array(pickSize, 'pick data');
  return mesh;
}

/** Position of the first index ≥ limit, or −1 (one loop per array type keeps each monomorphic). */
function firstIndexAtLeast16(indices: Uint16Array, limit: number): number {
  for (let i = 0; i < indices.length; i++) if (indices[i] >= limit) return i;
  return -1;
}

function firstIndexAtLeast32(indices: Uint32Array, limit: number): number {
  for (let i = 0; i < indices.length; i++) if (indices[i] >= limit) return i;
  return -1;
}

function readPrimitiveFlags(r: ByteReader, primitiveCount: number): Uint8Array {
  r.expectTag('PRIM');
  const at = r.offset;
  const count = countField(r, 1, 'primitive flags');
  if (count !== 0 && count !== primitiveCount) r.fail(`0 or ${primitiveCount} primitive flags (one per primitive)`, String(count), 'BAD_COUNT', at);
  return r.u8Array(count, 'primitive flags');
}

function readMorphs(r: ByteReader, ctx: Context, vertexCount: number) {
  r.expectTag('MSET');
  const morphCount = countField(r, 4 + vertexCount * MORPH_VERTEX_SIZE, 'morphs');
  const morphs = [];
  for (let i = 0; i < morphCount; i++) {
    const offset = r.absoluteOffset;
    r.expectTag('MORP');
    const data = r.u8Array(vertexCount * MORPH_VERTEX_SIZE, 'morph vertices');
    morphs.push(decodeMorph(data, vertexCount, offset, ctx.options));
  }
  return morphs;
}

function readBones(r: ByteReader, ctx: Context, count: number, depth: number): MdlBone[] {
  if (count > 1) ctx.sink.warn('MDL_SEVERAL_ROOT_BONES', `${count} root bones; the spec allows one`, r.absoluteOffset);
  const bones: MdlBone[] = [];
  for (let i = 0; i < count; i++) bones.push(readBone(r, depth));
  return bones;
}

function readBone(r: ByteReader, depth: number): MdlBone {
  depthCheck(r, depth, 'bones');
  const offset = r.absoluteOffset;
  r.expectTag('BONE');
  const bone: MdlBone = {
    offset,
    name: istring(r, 'bone name'),
    position: r.vec3(),
    rotation: r.quat(),
    scale: r.vec3(),
    children: [],
  };
  const childCount = countField(r, MIN_BONE, 'child bones');
  for (let i = 0; i < childCount; i++) bone.children.push(readBone(r, depth + 1));
  return bone;
}

function readAnimations(r: ByteReader, ctx: Context, count: number): MdlAnimation[] {
  const animations: MdlAnimation[] = [];
  for (let a = 0; a < count; a++) {
    const offset = r.absoluteOffset;
    r.expectTag('ANIM');
    const name = istring(r, 'animation name');
    const speed = r.f32();
    const keyframeCount = countField(r, 0, 'keyframes');
    const trackCount = countField(r, MIN_TRACK, 'animated bones');
    const tracks: MdlTrack[] = [];
    for (let t = 0; t < trackCount; t++) {
      const trackAt = r.absoluteOffset;
      r.expectTag('BONE');
      const boneId = r.i32();
      const flags = r.i32();
      if (flags & ~7) ctx.sink.warn('MDL_UNKNOWN_KEY_FLAGS', `animation '${name}' bone ${boneId}: unknown keyframe flag bits 0x${(flags & ~7).toString(16)} ignored`, trackAt);
      const hasT = (flags & 1) !== 0, hasR = (flags & 2) !== 0, hasS = (flags & 4) !== 0;
      const keySize = (hasT ? 12 : 0) + (hasR ? 16 : 0) + (hasS ? 12 : 0);
      r.count(keyframeCount, keySize, 'keyframes');
      const track: MdlTrack = { boneId, flags };
      if (keySize > 0) {
        const data = r.f32Array((keyframeCount * keySize) / 4, 'keyframes');
        const floats = keySize / 4;
        const position = hasT ? new Float32Array(keyframeCount * 3) : undefined;
        const rotation = hasR ? new Float32Array(keyframeCount * 4) : undefined;
        const scale = hasS ? new Float32Array(keyframeCount * 3) : undefined;
        for (let k = 0; k < keyframeCount; k++) {
          let o = k * floats;
          if (position) for (let c = 0; c < 3; c++) position[k * 3 + c] = data[o++];
          if (rotation) for (let c = 0; c < 4; c++) rotation[k * 4 + c] = data[o++];
          if (scale) for (let c = 0; c < 3; c++) scale[k * 3 + c] = data[o++];
        }
        if (position) track.position = position;
        if (rotation) track.rotation = rotation;
        if (scale) track.scale = scale;
      }
      tracks.push(track);
    }
    animations.push({ offset, name, speed, keyframeCount, tracks });
  }
  return animations;
}

function readPrimitiveCollider(r: ByteReader) {
  return { offset: r.vec3(), rotation: r.quat(), size: r.vec3() };
}

function readMeshCollider(r: ByteReader) {
  const flag = r.i32();
  const polygonCount = countField(r, 4, 'collider polygons');
  const polygons: Float32Array[] = [];
  for (let p = 0; p < polygonCount; p++) {
    const n = countField(r, 12, 'polygon vertices');
    polygons.push(r.f32Array(n * 3, 'polygon vertices').slice());
  }
  return { flag, polygons };
}

/** PHYS: byte size, then parts with 4-character shape tags (spec §2.6). */
function readUltraPhysics(r: ByteReader, ctx: Context): MdlCollision {
  const offset = r.absoluteOffset;
  const byteSize = countField(r, 1, 'collider bytes');
  const collision: MdlCollision = { offset, byteSize, parts: [] };
  if (byteSize === 0) return collision;
  const s = r.sub(byteSize, 'collider data');
  const partCount = countField(s, 8, 'collider parts');
  for (let i = 0; i < partCount; i++) {
    const partAt = s.absoluteOffset;
    s.expectTag('PART');
    const shapeTag = s.tag();
    const part: MdlColliderPart = { offset: partAt, shapeTag };
    if (shapeTag === 'BOX_' || shapeTag === 'CYLI') part.primitive = readPrimitiveCollider(s);
    else if (shapeTag === 'MESH') part.mesh = readMeshCollider(s);
    else {
      ctx.sink.warn('MDL_UNKNOWN_COLLIDER_SHAPE', `unknown collider shape ${printable(shapeTag)}; the rest of PHYS (${s.remaining} bytes) was skipped`, partAt);
      collision.raw = s.u8Array(s.remaining).slice();
      return collision;
    }
    collision.parts.push(part);
  }
  if (s.remaining > 0) {
    ctx.sink.warn('MDL_COLLIDER_TAIL', `${s.remaining} bytes after the collider parts were kept raw`, s.absoluteOffset);
    collision.raw = s.u8Array(s.remaining).slice();
  }
  return collision;
}

/**
 * COLL: the part payloads are undocumented. Assumed like the real format's: ids 0–5 carry offset,
 * rotation and size; 6 (convex hull) and 7 (polygons) carry flag + polygons. When that reading does
 * not fill the size exactly, the payload is kept raw with a warning.
 */
function readG3dCollision(r: ByteReader, ctx: Context): MdlCollision {
  const offset = r.absoluteOffset;
  const byteSize = countField(r, 1, 'collider bytes');
  const collision: MdlCollision = { offset, byteSize, parts: [] };
  if (byteSize === 0) return collision;
  const s = r.sub(byteSize, 'collider data');
  try {
    const partCount = countField(s, 8, 'collider parts');
    const parts: MdlColliderPart[] = [];
    for (let i = 0; i < partCount; i++) {
      const partAt = s.absoluteOffset;
      s.expectTag('PART');
      const idAt = s.offset;
      const shapeId = s.i32();
      const part: MdlColliderPart = { offset: partAt, shapeId };
      if (shapeId >= 0 && shapeId <= 5) part.primitive = readPrimitiveCollider(s);
      else if (shapeId === 6 || shapeId === 7) part.mesh = readMeshCollider(s);
      else s.fail('a collider shape id 0..7', String(shapeId), 'BAD_VALUE', idAt);
      parts.push(part);
    }
    if (s.remaining > 0) s.fail('the end of COLL', `${s.remaining} more bytes`, 'BAD_SIZE');
    collision.parts = parts;
  } catch (e) {
    if (!isFormatError(e)) throw e;
    ctx.sink.warn('MDL_COLLIDER_UNVERIFIED', `COLL payload kept raw (undocumented layout: ${e.message})`, offset);
    collision.raw = s.bytes.slice();
  }
  return collision;
}

