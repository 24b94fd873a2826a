// The bytes, in the order of docs/formats/ms3d.md §2 (the inverse of ../read/): header, vertices,
// triangles, groups, materials, animation block, joints, then the MilkShape 1.8.x trailer:
// comments (sv1), vertex extra (sv2: 3 ids, 3 weight bytes, 1 word), joint colours, model extra.
import type { RGBA, Vec3 } from '@relic3d/core';
import { MS3D_MAGIC } from '../file.js';
import { ANIMATION_BLOCK_SIZE, GROUP_MIN_SIZE, HEADER_SIZE, JOINT_COLOR_SIZE, JOINT_MIN_SIZE, KEY_SIZE, MATERIAL_SIZE, MODEL_EXTRA_SIZE, TRIANGLE_SIZE, VERTEX_EXTRA_SIZES, VERTEX_SIZE } from '../read/layout.js';
import { HOST_IS_LITTLE_ENDIAN } from '../read/host-endian.js';
import type { BuiltMaterial } from './materials.js';
import type { BuiltMesh, TrianglePart } from './mesh.js';
import { FileWriter } from './file-writer.js';
import { WELD_KEY } from './weld.js';

/** The vertex-extra sub-version written (docs/formats/ms3d.md §2.8 b). */
export const VERTEX_EXTRA_SUBVERSION = 2;

export interface OutGroup {
  flags: number;
  name: Uint8Array;
  triangles: Uint16Array;
  material: number;
}

export interface OutJoint {
  flags: number;
  name: Uint8Array;
  parent: Uint8Array;
  rotation: Vec3;
  position: Vec3;
  /** [time, x, y, z] per key. */
  rot: Float32Array;
  pos: Float32Array;
  color: Vec3;
}

export interface OutComments {
  groups: [number, Uint8Array][];
  materials: [number, Uint8Array][];
  joints: [number, Uint8Array][];
  model?: Uint8Array;
}

export interface Ms3dOutput {
  mesh: BuiltMesh;
  vertexFlags: Uint8Array;
  extraWords: Uint32Array;
  groups: OutGroup[];
  materials: BuiltMaterial[];
  fps: number;
  currentTime: number;
  totalFrames: number;
  joints: OutJoint[];
  comments: OutComments;
  modelExtra: { jointSize: number; transparencyMode: number; alphaRef: number };
}

function commentsSize(c: OutComments): number {
  const list = (l: [number, Uint8Array][]) => 4 + l.reduce((n, [, text]) => n + 8 + text.length, 0);
  return 4 + list(c.groups) + list(c.materials) + list(c.joints) + 4 + (c.model ? 4 + c.model.length : 0);
}

function byteSize(o: Ms3dOutput): number {
  const m = o.mesh;
  return (
    HEADER_SIZE +
    2 + m.vertexCount * VERTEX_SIZE +
    2 + m.triangleCount * TRIANGLE_SIZE +
    2 + o.groups.reduce((n, g) => n + GROUP_MIN_SIZE + 2 * g.triangles.length, 0) +
    2 + o.materials.length * MATERIAL_SIZE +
    ANIMATION_BLOCK_SIZE +
    2 + o.joints.reduce((n, j) => n + JOINT_MIN_SIZE + (KEY_SIZE / 4) * (j.rot.length + j.pos.length), 0) +
    commentsSize(o.comments) +
    4 + m.vertexCount * VERTEX_EXTRA_SIZES[VERTEX_EXTRA_SUBVERSION] +
    4 + o.joints.length * JOINT_COLOR_SIZE +
    4 + MODEL_EXTRA_SIZE
  );
}

/** Record sections are written in place (a DataView write per field, no per-call bounds bookkeeping). */
function vertexRecords(w: FileWriter, o: Ms3dOutput): void {
  const m = o.mesh;
  const { out: bytes, view } = w;
  const { keys, order, referenceCounts } = m, flags = o.vertexFlags;
  for (let v = 0, at = w.skip(m.vertexCount * VERTEX_SIZE); v < m.vertexCount; v++, at += VERTEX_SIZE) {
    const k = (order ? order[v] : v) * WELD_KEY;
    bytes[at] = flags[v];
    // The position's float32 bits as welded (finite: non-finite values were zeroed before).
    view.setInt32(at + 1, keys[k + 1], true);
    view.setInt32(at + 5, keys[k + 2], true);
    view.setInt32(at + 9, keys[k + 3], true);
    bytes[at + 13] = keys[k + 4];
    bytes[at + 14] = referenceCounts[v];
  }
}

/** The triangle records, each written at its slot straight from its part's render vertices. */
function triangleRecords(w: FileWriter, m: BuiltMesh): void {
  const start = w.skip(m.triangleCount * TRIANGLE_SIZE);
  for (let p = 0; p < m.parts.length; p++) partRecords(w, start, m.parts[p], m.triangleSlots);
}

export function partRecords(w: FileWriter, start: number, part: TrianglePart, slots: Uint32Array | undefined): void {
  const { out: bytes, view } = w;
  const { triangles, triangleSource, normals, uvs } = part.rv;
  const { fileIndex, smoothing, flags, group } = part;
  for (let i = 0, tri = part.first; i < triangleSource.length; i++, tri++) {
    const at = start + (slots ? slots[tri] : tri) * TRIANGLE_SIZE;
    const from = triangleSource[i];
    const a = triangles[i * 3], b = triangles[i * 3 + 1], c = triangles[i * 3 + 2];
    view.setUint16(at, flags ? flags[from] : 0, true);
    view.setUint16(at + 2, fileIndex[a], true);
    view.setUint16(at + 4, fileIndex[b], true);
    view.setUint16(at + 6, fileIndex[c], true);
    view.setFloat32(at + 8, normals[a * 3], true);
    view.setFloat32(at + 12, normals[a * 3 + 1], true);
    view.setFloat32(at + 16, normals[a * 3 + 2], true);
    view.setFloat32(at + 20, normals[b * 3], true);
    view.setFloat32(at + 24, normals[b * 3 + 1], true);
    view.setFloat32(at + 28, normals[b * 3 + 2], true);
    view.setFloat32(at + 32, normals[c * 3], true);
    view.setFloat32(at + 36, normals[c * 3 + 1], true);
    view.setFloat32(at + 40, normals[c * 3 + 2], true);
    view.setFloat32(at + 44, uvs[a * 2], true);
    view.setFloat32(at + 48, uvs[b * 2], true);
    view.setFloat32(at + 52, uvs[c * 2], true);
    view.setFloat32(at + 56, uvs[a * 2 + 1], true);
    view.setFloat32(at + 60, uvs[b * 2 + 1], true);
    view.setFloat32(at + 64, uvs[c * 2 + 1], true);
    bytes[at + 68] = smoothing ? smoothing[from] : 1;
    bytes[at + 69] = group;
  }
}

function vertexExtraRecords(w: FileWriter, o: Ms3dOutput): void {
  const m = o.mesh;
  const size = VERTEX_EXTRA_SIZES[VERTEX_EXTRA_SUBVERSION];
  const { out: bytes, view } = w;
  const { keys, order } = m, words = o.extraWords;
  for (let v = 0, at = w.skip(m.vertexCount * size); v < m.vertexCount; v++, at += size) {
    const k = (order ? order[v] : v) * WELD_KEY;
    // The packed key: boneId and the 3 extra ids a byte each, then the 3 weight bytes.
    const ids = keys[k + 4], weights = keys[k + 5];
    bytes[at] = ids >> 8;
    bytes[at + 1] = ids >> 16;
    bytes[at + 2] = ids >> 24;
    bytes[at + 3] = weights;
    bytes[at + 4] = weights >> 8;
    bytes[at + 5] = weights >> 16;
    view.setUint32(at + 6, words[v], true);
  }
}

/**
 * Keys are most of an animated file: on a little-endian host their bytes are copied as they are,
 * or, when they were computed in the output's own buffer (KeyArena), moved down to their place.
 */
function floats(w: FileWriter, values: Float32Array): void {
  if (values.buffer === w.out.buffer) w.move(values.byteOffset, values.byteLength);
  else if (HOST_IS_LITTLE_ENDIAN) w.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  else w.f32s(values);
}

const rgba = (w: FileWriter, c: RGBA) => w.f32(c[0]).f32(c[1]).f32(c[2]).f32(c[3]);

/** Where the joints begin (after their count): the header, geometry, materials and animation block. */
export function jointsOffset(mesh: BuiltMesh, groups: { triangles: Uint16Array }[], materials: number): number {
  return HEADER_SIZE + 2 + mesh.vertexCount * VERTEX_SIZE + 2 + mesh.triangleCount * TRIANGLE_SIZE + 2 + groups.reduce((n, g) => n + GROUP_MIN_SIZE + 2 * g.triangles.length, 0) + 2 + materials * MATERIAL_SIZE + ANIMATION_BLOCK_SIZE + 2;
}

/**
 * The file fits in the key arena's buffer and can be written in place: every key run computed
 * there (in file order) moves down, to or before where it was, after everything before it is
 * written. Other key runs (sampled, held, filtered) are copied in between.
 */
function fitsInPlace(o: Ms3dOutput, arena: ArrayBuffer, size: number): boolean {
  if (!HOST_IS_LITTLE_ENDIAN || size > arena.byteLength) return false;
  let at = jointsOffset(o.mesh, o.groups, o.materials.length);
  for (const j of o.joints) {
    at += JOINT_MIN_SIZE;
    for (const keys of [j.rot, j.pos]) {
      if (keys.buffer === arena && at > keys.byteOffset) return false;
      at += keys.byteLength;
    }
  }
  return true;
}

/** The magic as bytes, made once (a closure made per write is a new call target after each GC). */
const MAGIC_BYTES = Uint8Array.from(MS3D_MAGIC, (c) => c.charCodeAt(0));

export function serialize(o: Ms3dOutput, arena?: ArrayBuffer): Uint8Array {
  const m = o.mesh;
  const size = byteSize(o);
  const w = new FileWriter(arena && fitsInPlace(o, arena, size) ? new Uint8Array(arena, 0, size) : new Uint8Array(size));
  w.bytes(MAGIC_BYTES).i32(4);

  vertexRecords(w.u16(m.vertexCount), o);
  triangleRecords(w.u16(m.triangleCount), m);

  w.u16(o.groups.length);
  for (const g of o.groups) {
    w.u8(g.flags).fixed(g.name, 32).u16(g.triangles.length);
    for (let i = 0; i < g.triangles.length; i++) w.u16(g.triangles[i]);
    w.i8(g.material);
  }

  w.u16(o.materials.length);
  for (const mat of o.materials) {
    w.fixed(mat.name, 32);
    rgba(w, mat.ambient);
    rgba(w, mat.diffuse);
    rgba(w, mat.specular);
    rgba(w, mat.emissive);
    w.f32(mat.shininess).f32(mat.transparency).u8(mat.mode).fixed(mat.texture, 128).fixed(mat.alphamap, 128);
  }

  w.f32(o.fps).f32(o.currentTime).i32(o.totalFrames);

  w.u16(o.joints.length);
  for (const j of o.joints) {
    w.u8(j.flags).fixed(j.name, 32).fixed(j.parent, 32).f32s(j.rotation).f32s(j.position);
    w.u16(j.rot.length / 4).u16(j.pos.length / 4);
    floats(w, j.rot);
    floats(w, j.pos);
  }

  const c = o.comments;
  w.i32(1);
  for (const list of [c.groups, c.materials, c.joints]) {
    w.i32(list.length);
    for (const [index, text] of list) w.i32(index).i32(text.length).bytes(text);
  }
  w.i32(c.model ? 1 : 0);
  if (c.model) w.i32(c.model.length).bytes(c.model);

  vertexExtraRecords(w.i32(VERTEX_EXTRA_SUBVERSION), o);

  w.i32(1);
  for (const j of o.joints) w.f32s(j.color);

  w.i32(1).f32(o.modelExtra.jointSize).i32(o.modelExtra.transparencyMode).f32(o.modelExtra.alphaRef);
  if (w.length !== size) throw new Error(`ms3d writer: wrote ${w.length} bytes, planned ${size}`);
  // A small file is not left pinning the key arena's larger buffer (as ByteWriter.finish()).
  return w.out.buffer.byteLength - size > size / 8 ? w.out.slice() : w.out;
}
