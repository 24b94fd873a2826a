import { ByteReader, FormatError, WarningSink, rejectForeign, type RGBA } from '@relic3d/core';
import { deinterleave, type DeinterleavedArrays, type DeinterleaveOptions, type FieldLayout } from '@relic3d/kernels';
import { attachKeyTracks } from './keys.js';
import { attachTriangleRecords } from './triangles.js';
import type {
  Ms3dComment,
  Ms3dComments,
  Ms3dFile,
  Ms3dGroup,
  Ms3dJoint,
  Ms3dJointExtra,
  Ms3dMaterial,
  Ms3dModelExtra,
  Ms3dParseOptions,
  Ms3dTriangles,
  Ms3dVertexExtra,
  Ms3dVertices,
} from './types.js';

export const MS3D_MAGIC = 'MS3D000000';
export const HEADER_SIZE = 14;
const VERTEX_SIZE = 15;
const TRIANGLE_SIZE = 70;
const GROUP_MIN_SIZE = 36;
const MATERIAL_SIZE = 361;
const JOINT_MIN_SIZE = 93;
const KEY_SIZE = 16;
/** Bytes of one vertex-extra record per sub-version. */
const VERTEX_EXTRA_SIZES: Record<number, number> = { 1: 6, 2: 10, 3: 14 };

/** Editor limits (msModel.h); used for warnings only, never to size arrays. */
export const MS3D_LIMITS = { vertices: 65534, triangles: 65534, groups: 255, materials: 128, joints: 128 } as const;

/** Reads a whole .ms3d file into its stored structure (no scene conversion). */
export function readMs3d(bytes: Uint8Array, options: Ms3dParseOptions = {}): Ms3dFile {
  const sink = new WarningSink('ms3d', options.onWarning);
  return readMs3dInto(bytes, options, sink);
}

/**
 * Reader entry used by the scene builder, sharing its warning sink. `lazy`: keys and triangle
 * fields stay in the input bytes, decoded only if read (the scene path reads them in place).
 */
export function readMs3dInto(bytes: Uint8Array, options: Ms3dParseOptions, sink: WarningSink, lazy = false): Ms3dFile {
  const r = new ByteReader(bytes, { format: 'ms3d', codePage: options.codePage });
  if (bytes.length < HEADER_SIZE) {
    r.fail(`a ${HEADER_SIZE}-byte header starting '${MS3D_MAGIC}'`, `${bytes.length} bytes`, bytes.length === 0 ? 'EMPTY' : 'TRUNCATED');
  }
  if (String.fromCharCode(...bytes.subarray(0, MS3D_MAGIC.length)) !== MS3D_MAGIC) rejectForeign(bytes, 'ms3d', `'${MS3D_MAGIC}'`, 'MilkShape 3D model');
  r.expectBytes(MS3D_MAGIC, 'MS3D magic');
  const version = r.i32();
  if (version !== 3 && version !== 4) {
    throw new FormatError({
      format: 'ms3d',
      offset: 10,
      expected: 'version 3 or 4',
      found: String(version),
      code: 'BAD_VERSION',
      message: `unsupported MS3D version ${version}`,
    });
  }

  const vertices = readVertices(r, options);
  const triangles = readTriangles(r, options, lazy);
  const groups = readGroups(r);
  const materials = readMaterials(r);

  r.need(12, 'animation block (fps, current time, total frames)');
  const animationFps = r.f32();
  const currentTime = r.f32();
  const totalFrames = r.i32();
  const joints = readJoints(r, lazy);

  const file: Ms3dFile = {
    version,
    vertices,
    triangles,
    groups,
    materials,
    animationFps,
    currentTime,
    totalFrames,
    joints,
    trailer: [],
    trailerOffset: r.offset,
    unreadBytes: 0,
    warnings: sink.list,
  };
  readTrailer(r, file, sink, options);
  checkLimits(file, sink);
  return file;
}

function readVertices(r: ByteReader, options: Ms3dParseOptions): Ms3dVertices {
  const count = r.count(r.u16(), VERTEX_SIZE, 'vertices');
  const records = r.u8Array(count * VERTEX_SIZE, 'vertices');
  const fields = deinterleave(
    records,
    VERTEX_SIZE,
    count,
    {
      flags: { offset: 0, type: 'u8', components: 1 },
      positions: { offset: 1, type: 'f32', components: 3 },
      boneIds: { offset: 13, type: 'u8', components: 1 },
      referenceCounts: { offset: 14, type: 'u8', components: 1 },
    },
    { kernels: options.kernels },
  );
  const boneIds = new Int8Array(fields.boneIds.buffer, fields.boneIds.byteOffset, fields.boneIds.length);
  return { count, flags: fields.flags, positions: fields.positions, boneIds, referenceCounts: fields.referenceCounts };
}

const TRIANGLE_FIELDS = {
  flags: { offset: 0, type: 'u16', components: 1 },
  vertexIndices: { offset: 2, type: 'u16', components: 3 },
  normals: { offset: 8, type: 'f32', components: 9 },
  s: { offset: 44, type: 'f32', components: 3 },
  t: { offset: 56, type: 'f32', components: 3 },
  smoothingGroups: { offset: 68, type: 'u8', components: 1 },
  groupIndices: { offset: 69, type: 'u8', components: 1 },
} as const;

/** `lazyFields`: the arrays stay in the input records (see attachTriangleRecords); the scene path reads them there. */
function readTriangles(r: ByteReader, options: Ms3dParseOptions, lazyFields: boolean): Ms3dTriangles {
  const count = r.count(r.u16(), TRIANGLE_SIZE, 'triangles');
  const offset = r.offset;
  const records = r.u8Array(count * TRIANGLE_SIZE, 'triangles');
  const decode = () => deinterleaveChunked(records, TRIANGLE_SIZE, count, TRIANGLE_FIELDS, { kernels: options.kernels });
  if (!lazyFields) return { count, offset, ...decode() };
  const tris = { count, offset } as Ms3dTriangles;
  attachTriangleRecords(tris, records, TRIANGLE_SIZE, decode);
  return tris;
}

const TYPED = { f32: Float32Array, u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, i32: Int32Array };
/** Records per kernel call: bounds the kernel memory a call needs (input and output). */
const CHUNK_RECORDS = 4096;

/**
 * `deinterleave` in slices of CHUNK_RECORDS records, copied into arrays of the whole size: the
 * same arrays, but the WASM kernel's memory (which never shrinks) holds one slice at a time
 * instead of the whole section twice.
 */
function deinterleaveChunked<L extends Record<string, FieldLayout>>(
  records: Uint8Array,
  stride: number,
  count: number,
  layout: L,
  options: DeinterleaveOptions,
): DeinterleavedArrays<L> {
  if (count <= CHUNK_RECORDS) return deinterleave(records, stride, count, layout, options);
  const out: Record<string, Float32Array | Uint8Array | Uint16Array | Int16Array | Uint32Array | Int32Array> = {};
  for (const name of Object.keys(layout)) out[name] = new TYPED[layout[name].type](count * layout[name].components);
  for (let start = 0; start < count; start += CHUNK_RECORDS) {
    const n = Math.min(CHUNK_RECORDS, count - start);
    const part = deinterleave(records.subarray(start * stride, (start + n) * stride), stride, n, layout, options);
    for (const name of Object.keys(layout)) out[name].set(part[name], start * layout[name].components);
  }
  return out as DeinterleavedArrays<L>;
}

function readGroups(r: ByteReader): Ms3dGroup[] {
  const count = r.count(r.u16(), GROUP_MIN_SIZE, 'groups');
  const groups: Ms3dGroup[] = [];
  for (let g = 0; g < count; g++) {
    const offset = r.offset;
    const flags = r.u8();
    const name = r.string(32, 'group name');
    const n = r.count(r.u16(), 2, 'group triangle indices');
    const triangleIndices = r.u16Array(n, 'group triangle indices').slice();
    const materialIndex = r.i8();
    groups.push({ offset, flags, name, triangleIndices, materialIndex });
  }
  return groups;
}

function rgba(r: ByteReader): RGBA {
  return r.vec4() as RGBA;
}

function readMaterials(r: ByteReader): Ms3dMaterial[] {
  const count = r.count(r.u16(), MATERIAL_SIZE, 'materials');
  const materials: Ms3dMaterial[] = [];
  for (let m = 0; m < count; m++) {
    materials.push({
      name: r.string(32, 'material name'),
      ambient: rgba(r),
      diffuse: rgba(r),
      specular: rgba(r),
      emissive: rgba(r),
      shininess: r.f32(),
      transparency: r.f32(),
      mode: r.u8(),
      texture: r.string(128, 'texture path'),
      alphamap: r.string(128, 'alpha map path'),
    });
  }
  return materials;
}

function readKeys(r: ByteReader, n: number, what: string): Float32Array {
  const keys = r.f32Array(n * 4, what);
  // A copy of its own: unaligned keys are already one, aligned ones are a view of the input.
  return keys.buffer === r.bytes.buffer ? keys.slice() : keys;
}

/** `lazyKeys`: keys stay in the input (see attachKeyTracks); the scene path reads them from there. */
function readJoints(r: ByteReader, lazyKeys: boolean): Ms3dJoint[] {
  const count = r.count(r.u16(), JOINT_MIN_SIZE, 'joints');
  const joints: Ms3dJoint[] = [];
  for (let j = 0; j < count; j++) {
    r.need(JOINT_MIN_SIZE, 'joint');
    const flags = r.u8();
    const name = r.string(32, 'joint name');
    const parentName = r.string(32, 'joint parent name');
    const rotation = r.vec3();
    const position = r.vec3();
    const nRot = r.u16();
    const nPos = r.u16();
    // Both counts come before both arrays.
    r.count(nRot + nPos, KEY_SIZE, `keys of joint ${j}`);
    if (lazyKeys) {
      const at = r.bytes.byteOffset + r.offset;
      r.skip(nRot * KEY_SIZE, 'rotation keys');
      r.skip(nPos * KEY_SIZE, 'position keys');
      const view = new DataView(r.bytes.buffer);
      const joint = { flags, name, parentName, rotation, position } as Ms3dJoint;
      attachKeyTracks(joint, { view, byteOffset: at, count: nRot }, { view, byteOffset: at + nRot * KEY_SIZE, count: nPos });
      joints.push(joint);
      continue;
    }
    const rotationKeys = readKeys(r, nRot, 'rotation keys');
    const positionKeys = readKeys(r, nPos, 'position keys');
    joints.push({ flags, name, parentName, rotation, position, rotationKeys, positionKeys });
  }
  return joints;
}

function readComment(r: ByteReader, withIndex: boolean, what: string): Ms3dComment {
  const index = withIndex ? r.i32() : -1;
  const at = r.offset;
  const length = r.i32();
  if (length < 0 || length > r.remaining) {
    r.fail(`a ${what} length within ${r.remaining} bytes`, String(length), 'BAD_COUNT', at);
  }
  return { index, text: r.decode(r.u8Array(length, what)) };
}

function readCommentList(r: ByteReader, what: string): Ms3dComment[] {
  // Each record holds at least an index and a length.
  const n = r.count(r.i32(), 8, what);
  const list: Ms3dComment[] = [];
  for (let i = 0; i < n; i++) list.push(readComment(r, true, what));
  return list;
}

function readTrailer(r: ByteReader, file: Ms3dFile, sink: WarningSink, options: Ms3dParseOptions): void {
  const stop = (): boolean => {
    if (r.remaining >= 4) return false;
    if (r.remaining > 0) {
      file.unreadBytes = r.remaining;
      sink.warn('MS3D_TRAILING_BYTES', `${r.remaining} bytes after the last section are ignored`, r.offset);
    }
    return true;
  };
  const unknown = (section: string, subVersion: number, at: number): void => {
    file.unreadBytes = r.length - at;
    sink.warn(
      'MS3D_UNKNOWN_SUBVERSION',
      `${section} sub-version ${subVersion} is unknown; the remaining ${file.unreadBytes} bytes are ignored`,
      at,
    );
  };

  // a) comments
  if (stop()) return;
  let at = r.offset;
  let subVersion = r.i32();
  if (subVersion !== 1) return unknown('comments', subVersion, at);
  const groups = readCommentList(r, 'group comments');
  const materials = readCommentList(r, 'material comments');
  const joints = readCommentList(r, 'joint comments');
  const modelCommentCount = r.count(r.i32(), 4, 'model comments');
  const comments: Ms3dComments = { subVersion, groups, materials, joints, modelCommentCount };
  for (let i = 0; i < modelCommentCount; i++) {
    const text = readComment(r, false, 'model comment').text;
    comments.model = comments.model === undefined ? text : `${comments.model}\n${text}`;
  }
  file.comments = comments;
  file.trailer.push('comments');

  // b) vertex extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  const recordSize = VERTEX_EXTRA_SIZES[subVersion];
  if (!recordSize) return unknown('vertex extra', subVersion, at);
  const n = file.vertices.count;
  const records = r.u8Array(r.count(n, recordSize, 'vertex extra records') * recordSize, 'vertex extra records');
  const words = (recordSize - 6) / 4;
  // `i8 boneIds[3]; u8 weights[3]`, then 0, 1 or 2 opaque words.
  const kernelOptions = { kernels: options.kernels };
  const fields = deinterleave(
    records,
    recordSize,
    n,
    { boneIds: { offset: 0, type: 'u8', components: 3 }, weights: { offset: 3, type: 'u8', components: 3 } },
    kernelOptions,
  );
  const boneIds = new Int8Array(fields.boneIds.buffer, fields.boneIds.byteOffset, fields.boneIds.length);
  const weights = fields.weights;
  const extra = words
    ? deinterleave(records, recordSize, n, { extra: { offset: 6, type: 'u32', components: words } }, kernelOptions).extra
    : new Uint32Array(0);
  file.vertexExtra = { subVersion, boneIds, weights, extra, records, recordSize } satisfies Ms3dVertexExtra;
  file.trailer.push('vertexExtra');

  // c) joint extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  if (subVersion !== 1) return unknown('joint extra', subVersion, at);
  const colors = r.f32Array(r.count(file.joints.length, 12, 'joint colours') * 3, 'joint colours').slice();
  file.jointExtra = { subVersion, colors } satisfies Ms3dJointExtra;
  file.trailer.push('jointExtra');

  // d) model extra
  if (stop()) return;
  at = r.offset;
  subVersion = r.i32();
  if (subVersion !== 1) return unknown('model extra', subVersion, at);
  r.need(12, 'model extra');
  file.modelExtra = { subVersion, jointSize: r.f32(), transparencyMode: r.i32(), alphaRef: r.f32() } satisfies Ms3dModelExtra;
  file.trailer.push('modelExtra');

  if (r.remaining > 0) {
    file.unreadBytes = r.remaining;
    sink.warn('MS3D_TRAILING_BYTES', `${r.remaining} bytes after the model extra are ignored (newer MilkShape build?)`, r.offset);
  }
}

function checkLimits(file: Ms3dFile, sink: WarningSink): void {
  const over = (what: keyof typeof MS3D_LIMITS, n: number) => {
    if (n > MS3D_LIMITS[what]) sink.warn('MS3D_OVER_LIMIT', `${n} ${what} exceed MilkShape's limit of ${MS3D_LIMITS[what]}`);
  };
  over('vertices', file.vertices.count);
  over('triangles', file.triangles.count);
  over('groups', file.groups.length);
  over('materials', file.materials.length);
  over('joints', file.joints.length);
}
