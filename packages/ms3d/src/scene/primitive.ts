import { compactIndices, FormatError, type Extras, type Primitive, type WarningSink } from '@relic3d/core';
import { activePath, gather, unweldByVertex, unweldRecordCorners, type RecordCornerLayout } from '@relic3d/kernels';
import { FLAG_HIDDEN, FORMAT_ID, type Ms3dFile, type Ms3dGroup } from '../file.js';
import { TRIANGLE_FIELDS, TRIANGLE_SIZE } from '../read/layout.js';
import { triangleFields, triangleRecordBytes, type TriangleFields } from '../read/triangle-records.js';
import type { VertexSkin } from './vertex-skin.js';

const KEY_WIDTH = 5; // per corner, besides its file vertex: normal xyz bits, u bits, v bits

/** The same corners and keys read from the 70-byte triangle records by `unweldRecordCorners`. */
const CORNER_LAYOUT: RecordCornerLayout = {
  stride: TRIANGLE_SIZE,
  cornersPerRecord: 3,
  primaryOffset: TRIANGLE_FIELDS.vertexIndices.offset,
  keyFields: [
    { offset: TRIANGLE_FIELDS.normals.offset, words: 3 },
    { offset: TRIANGLE_FIELDS.s.offset, words: 1 },
    { offset: TRIANGLE_FIELDS.t.offset, words: 1 },
  ],
};

/**
 * `out[v × outStride + outOffset + c] = source[rows[v] × size + c]`: `gather` with the
 * non-finite scrub fused in (a non-finite value is left 0 and counted). `outOffset` -1 copies
 * every value as it is (no scrub). Monomorphic on Float32Array, which `gather` is not.
 */
function gatherFinite(source: Float32Array, size: number, rows: Uint32Array, out: Float32Array, outStride: number, outOffset: number): number {
  let bad = 0;
  if (outOffset < 0) {
    for (let v = 0; v < rows.length; v++) {
      const from = rows[v] * size;
      const to = v * outStride;
      for (let c = 0; c < size; c++) out[to + c] = source[from + c];
    }
    return 0;
  }
  for (let v = 0; v < rows.length; v++) {
    const from = rows[v] * size;
    const to = v * outStride + outOffset;
    for (let c = 0; c < size; c++) {
      const x = source[from + c];
      if (x - x === 0) out[to + c] = x;
      else bad++;
    }
  }
  return bad;
}

/** `out[v] = values[at[v]]` for the first `count` entries of `at`. */
function pick(values: Uint32Array, at: Uint32Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  for (let v = 0; v < count; v++) out[v] = values[at[v]];
  return out;
}

/** Four joint indices per row, copied as whole 4- or 8-byte rows. */
function gatherJoints<T extends Uint8Array | Uint16Array>(joints: T, rows: Uint32Array): T {
  const out = new (joints.constructor as new (n: number) => T)(rows.length * 4);
  const words = joints.BYTES_PER_ELEMENT; // 32-bit words per row
  if ((joints.byteOffset & 3) !== 0) return gather(joints, 4, rows);
  const from = new Uint32Array(joints.buffer, joints.byteOffset, joints.byteLength >> 2);
  const to = new Uint32Array(out.buffer, out.byteOffset, out.byteLength >> 2);
  if (words === 1) for (let v = 0; v < rows.length; v++) to[v] = from[rows[v]];
  else
    for (let v = 0; v < rows.length; v++) {
      to[v * 2] = from[rows[v] * 2];
      to[v * 2 + 1] = from[rows[v] * 2 + 1];
    }
  return out;
}

export interface GroupPrimitiveInput {
  file: Ms3dFile;
  group: Ms3dGroup;
  groupIndex: number;
  material: number;
  skin?: VertexSkin;
  comment?: string;
  sink: WarningSink;
  kernels?: 'wasm' | 'js';
  /** Counts triangles whose own group index disagrees with the group list. */
  mismatches: { count: number };
}

/**
 * Each new vertex's normal and UV, read from its first corner `firstCorner[v]` of the group in one
 * pass (the three fields sit in the same 70-byte record; three passes over the records took 17% of
 * a 32,000-vertex skinned parse, issue #25). Non-finite values are left 0 and counted.
 */
function gatherCornerAttributes(f: TriangleFields, triangleIndices: Uint16Array, firstCorner: Uint32Array, normals: Float32Array, uvs: Float32Array): number {
  const nv = f.normals.view, nb = f.normals.base, ns = f.normals.stride;
  const sv = f.s.view, sb = f.s.base, ss = f.s.stride;
  const tv = f.t.view, tb = f.t.base, ts = f.t.stride;
  let bad = 0;
  for (let v = 0; v < firstCorner.length; v++) {
    const c = firstCorner[v];
    const i = (c / 3) | 0;
    const tri = triangleIndices[i];
    const k = c - i * 3;
    const n = nb + tri * ns + k * 12;
    const x = nv.getFloat32(n, true), y = nv.getFloat32(n + 4, true), z = nv.getFloat32(n + 8, true);
    const u = sv.getFloat32(sb + tri * ss + k * 4, true), w = tv.getFloat32(tb + tri * ts + k * 4, true);
    if (x - x === 0) normals[v * 3] = x;
    else bad++;
    if (y - y === 0) normals[v * 3 + 1] = y;
    else bad++;
    if (z - z === 0) normals[v * 3 + 2] = z;
    else bad++;
    if (u - u === 0) uvs[v * 2] = u;
    else bad++;
    if (w - w === 0) uvs[v * 2 + 1] = w;
    else bad++;
  }
  return bad;
}

/**
 * The checked file vertex of each group corner, its key (normal, u and v as float bits, for an
 * exact compare) and each triangle's smoothing group and flags. Its own function (not inline in
 * `groupPrimitive`) so its loop gets normal optimised code rather than OSR code that a full GC drops.
 */
function cornerKeys(input: GroupPrimitiveInput, f: TriangleFields) {
  const { file, group, groupIndex } = input;
  const verts = file.vertices;
  const triCount = group.triangleIndices.length;
  const corners = triCount * 3;
  const fv = f.vertexIndices, fg = f.groupIndices, fsg = f.smoothingGroups, ff = f.flags;
  const cornerVertex = new Uint32Array(corners);
  const keys = new Uint32Array(corners * KEY_WIDTH);
  const nv = f.normals.view, nb = f.normals.base, ns = f.normals.stride;
  const sv = f.s.view, sb = f.s.base, ss = f.s.stride;
  const tv = f.t.view, tb = f.t.base, ts = f.t.stride;
  const smoothingGroups = new Uint8Array(triCount);
  const triangleFlags = new Uint16Array(triCount);
  for (let i = 0; i < triCount; i++) {
    const tri = group.triangleIndices[i];
    if (fg.view.getUint8(fg.base + tri * fg.stride) !== groupIndex) input.mismatches.count++;
    smoothingGroups[i] = fsg.view.getUint8(fsg.base + tri * fsg.stride);
    triangleFlags[i] = ff.view.getUint16(ff.base + tri * ff.stride, true);
    for (let k = 0; k < 3; k++) {
      const vertex = fv.view.getUint16(fv.base + tri * fv.stride + k * 2, true);
      if (vertex >= verts.count) throw badVertex(input, tri, k, f);
      const c = i * 3 + k;
      cornerVertex[c] = vertex;
      const n = nb + tri * ns + k * 12;
      const o = c * KEY_WIDTH;
      keys[o] = nv.getUint32(n, true);
      keys[o + 1] = nv.getUint32(n + 4, true);
      keys[o + 2] = nv.getUint32(n + 8, true);
      keys[o + 3] = sv.getUint32(sb + tri * ss + k * 4, true);
      keys[o + 4] = tv.getUint32(tb + tri * ts + k * 4, true);
    }
  }
  return { cornerVertex, keys, smoothingGroups, triangleFlags };
}

/** A group's corners unwelded from triangle arrays (a file not read in place). */
function unweldDecoded(input: GroupPrimitiveInput, f: TriangleFields) {
  const { cornerVertex, keys, smoothingGroups, triangleFlags } = cornerKeys(input, f);
  const unwelded = unweldByVertex(cornerVertex, input.file.vertices.count, keys, KEY_WIDTH, { kernels: input.kernels });
  return { ...unwelded, cornerVertex, smoothingGroups, triangleFlags };
}

/** A group's corners unwelded from the triangle records in the input, in one kernel call. */
function unweldInPlace(input: GroupPrimitiveInput, f: TriangleFields, records: Uint8Array) {
  const { group } = input;
  const { primary, badCorner, indices, firstCorner, vertexCount } = unweldRecordCorners(records, group.triangleIndices, CORNER_LAYOUT, input.file.vertices.count, { kernels: input.kernels });
  if (badCorner >= 0) throw badVertex(input, group.triangleIndices[(badCorner / 3) | 0], badCorner % 3, f);
  return { cornerVertex: primary, indices, firstCorner, vertexCount, ...triangleFacts(input, f) };
}

/** Each triangle's smoothing group and flags, counting those whose group index disagrees. */
function triangleFacts(input: GroupPrimitiveInput, f: TriangleFields) {
  const { triangleIndices } = input.group;
  const fg = f.groupIndices, fsg = f.smoothingGroups, ff = f.flags;
  const smoothingGroups = new Uint8Array(triangleIndices.length);
  const triangleFlags = new Uint16Array(triangleIndices.length);
  // Made before the loop: code past an OSR-entered loop has no type feedback, and a literal there
  // deoptimised the loop's code at every parse's exit (the loop then ran in the interpreter again).
  const facts = { smoothingGroups, triangleFlags };
  for (let i = 0; i < triangleIndices.length; i++) {
    const tri = triangleIndices[i];
    if (fg.view.getUint8(fg.base + tri * fg.stride) !== input.groupIndex) input.mismatches.count++;
    smoothingGroups[i] = fsg.view.getUint8(fsg.base + tri * fsg.stride);
    triangleFlags[i] = ff.view.getUint16(ff.base + tri * ff.stride, true);
  }
  return facts;
}

/** The error for corner k of triangle `tri` naming a vertex past the file's. */
function badVertex(input: GroupPrimitiveInput, tri: number, k: number, f: TriangleFields): FormatError {
  const { vertices, triangles } = input.file;
  const fv = f.vertexIndices;
  return new FormatError({
    format: FORMAT_ID,
    offset: triangles.offset + tri * TRIANGLE_SIZE + TRIANGLE_FIELDS.vertexIndices.offset + 2 * k,
    expected: `a vertex index below ${vertices.count}`,
    found: `${fv.view.getUint16(fv.base + tri * fv.stride + k * 2, true)} in triangle ${tri}`,
    code: 'BAD_INDEX',
  });
}

/**
 * One indexed primitive for a group: render vertices are the distinct (vertex, corner normal,
 * corner UV) tuples of its triangles (exact float compare). The group's triangle indices are
 * already checked (checkedTriangleLists); its vertex indices are checked here.
 */
export function groupPrimitive(input: GroupPrimitiveInput): Primitive {
  const { file, group, groupIndex, skin } = input;
  const verts = file.vertices;
  const f = triangleFields(file.triangles);
  // In WASM the corners are read and unwelded in one call; the TypeScript path keeps its own
  // loop, which ran the end-to-end parse 1.06–1.16× faster than the kernel's generic twin (issue 25).
  const records = activePath({ kernels: input.kernels }) === 'js' ? undefined : triangleRecordBytes(file.triangles);
  // Render vertices numbered by first corner, corners chained per file vertex.
  const { cornerVertex, indices, firstCorner, vertexCount, smoothingGroups, triangleFlags } = records ? unweldInPlace(input, f, records) : unweldDecoded(input, f);
  // File vertex of each new vertex (its corner attributes are read from its first corner).
  const vertexOf = pick(cornerVertex, firstCorner, vertexCount);
  const POSITION = new Float32Array(vertexCount * 3);
  const NORMAL = new Float32Array(vertexCount * 3);
  const TEXCOORD_0 = new Float32Array(vertexCount * 2);
  // `t` is top-left like glTF's v: no flip.
  const bad = gatherFinite(verts.positions, 3, vertexOf, POSITION, 3, 0) + gatherCornerAttributes(f, group.triangleIndices, firstCorner, NORMAL, TEXCOORD_0);
  if (bad) input.sink.warn('MS3D_NOT_FINITE', `group ${groupIndex} '${group.name}': ${bad} non-finite vertex values were set to 0`);

  const primitive: Primitive = {
    attributes: { POSITION, NORMAL, TEXCOORD_0 },
    // Over 65,535 vertices the indices stay u32: they already are, so no copy.
    indices: vertexCount > 0xffff ? indices : compactIndices(indices, vertexCount),
    mode: 'TRIANGLES',
    material: input.material,
  };
  if (skin) {
    primitive.attributes.JOINTS_0 = gatherJoints(skin.joints, vertexOf);
    const WEIGHTS_0 = new Float32Array(vertexCount * 4);
    gatherFinite(skin.weights, 4, vertexOf, WEIGHTS_0, 4, -1);
    primitive.attributes.WEIGHTS_0 = WEIGHTS_0;
  }
  const extras: Extras = {
    name: group.name,
    groupIndex,
    flags: group.flags,
    hidden: (group.flags & FLAG_HIDDEN) !== 0,
    materialIndex: group.materialIndex,
    triangleIndices: group.triangleIndices,
    triangleFlags,
    smoothingGroups,
    /** File vertex index of each render vertex. */
    sourceVertices: vertexOf,
  };
  if (input.comment !== undefined) extras.comment = input.comment;
  primitive.extras = extras;
  return primitive;
}
