import { compactIndices, FormatError, type Extras, type Primitive, type WarningSink } from '@relic3d/core';
import { gather, unweld, type UnweldResult } from '@relic3d/kernels';
import type { Ms3dFile, Ms3dGroup } from './types.js';
import type { VertexSkin } from './weights.js';

const KEY_WIDTH = 6; // vertex index, normal xyz bits, u bits, v bits

/** Replaces non-finite floats with 0; returns how many were replaced. */
export function scrubNonFinite(values: Float32Array): number {
  let bad = 0;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      values[i] = 0;
      bad++;
    }
  }
  return bad;
}

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

/** Walks longer than this (one file vertex with that many distinct corners) switch to the hash kernel. */
const MAX_VARIANTS = 64;

/**
 * Unwelding of a group's corners on (vertex, normal bits, u bits, v bits), exactly as `unweld`
 * over 6-word keys numbers render vertices (by first corner), but bucketed by file vertex: each
 * corner is compared with the few render vertices its file vertex already has, so no key array,
 * hash table or kernel memory is needed. `undefined` when a vertex has more than MAX_VARIANTS
 * variants (a crafted file), where the hash kernel keeps the cost linear.
 */
function unweldByVertex(
  vertexIndices: Uint16Array,
  normalBits: Uint32Array,
  sBits: Uint32Array,
  tBits: Uint32Array,
  cornerSource: Uint32Array,
  fileVertexCount: number,
): { indices: Uint32Array; firstCorner: Uint32Array; vertexCount: number } | undefined {
  const corners = cornerSource.length;
  const head = new Int32Array(fileVertexCount).fill(-1); // first render vertex of each file vertex
  const next = new Int32Array(corners); // next render vertex of the same file vertex
  const indices = new Uint32Array(corners);
  const firstCorner = new Uint32Array(corners);
  let vertexCount = 0;
  for (let c = 0; c < corners; c++) {
    const corner = cornerSource[c];
    const vertex = vertexIndices[corner];
    const n0 = normalBits[corner * 3], n1 = normalBits[corner * 3 + 1], n2 = normalBits[corner * 3 + 2];
    const s = sBits[corner], t = tBits[corner];
    let r = head[vertex];
    let last = -1;
    let steps = 0;
    while (r >= 0) {
      const o = cornerSource[firstCorner[r]];
      if (normalBits[o * 3] === n0 && normalBits[o * 3 + 1] === n1 && normalBits[o * 3 + 2] === n2 && sBits[o] === s && tBits[o] === t) break;
      if (++steps > MAX_VARIANTS) return undefined;
      last = r;
      r = next[r];
    }
    if (r < 0) {
      r = vertexCount++;
      firstCorner[r] = c;
      next[r] = -1;
      if (last < 0) head[vertex] = r;
      else next[last] = r;
    }
    indices[c] = r;
  }
  return { indices, firstCorner: firstCorner.subarray(0, vertexCount), vertexCount };
}

/** The same unwelding through the `unweld` hash kernel. */
function unweldKeys(
  vertexIndices: Uint16Array,
  normalBits: Uint32Array,
  sBits: Uint32Array,
  tBits: Uint32Array,
  cornerSource: Uint32Array,
  kernels: 'wasm' | 'js' | undefined,
): UnweldResult {
  const corners = cornerSource.length;
  const keys = new Uint32Array(corners * KEY_WIDTH);
  for (let c = 0; c < corners; c++) {
    const corner = cornerSource[c];
    const o = c * KEY_WIDTH;
    keys[o] = vertexIndices[corner];
    keys[o + 1] = normalBits[corner * 3];
    keys[o + 2] = normalBits[corner * 3 + 1];
    keys[o + 3] = normalBits[corner * 3 + 2];
    keys[o + 4] = sBits[corner];
    keys[o + 5] = tBits[corner];
  }
  return unweld(keys, KEY_WIDTH, corners, { kernels });
}

/**
 * One indexed primitive for a group: render vertices are the distinct (vertex, corner normal,
 * corner UV) tuples of its triangles (exact float compare).
 */
export function groupPrimitive(input: GroupPrimitiveInput): Primitive {
  const { file, group, groupIndex, skin } = input;
  const tris = file.triangles;
  const verts = file.vertices;
  const triCount = group.triangleIndices.length;
  const corners = triCount * 3;
  const normalBits = new Uint32Array(tris.normals.buffer, tris.normals.byteOffset, tris.normals.length);
  const sBits = new Uint32Array(tris.s.buffer, tris.s.byteOffset, tris.s.length);
  const tBits = new Uint32Array(tris.t.buffer, tris.t.byteOffset, tris.t.length);

  // File corner (triangle × 3 + k) of each group corner, checked.
  const cornerSource = new Uint32Array(corners);
  const smoothingGroups = new Uint8Array(triCount);
  const triangleFlags = new Uint16Array(triCount);
  for (let i = 0; i < triCount; i++) {
    const tri = group.triangleIndices[i];
    if (tri >= tris.count) {
      throw new FormatError({
        format: 'ms3d',
        offset: group.offset + 35 + 2 * i, // the group record's triangleIndices[i]
        expected: `a triangle index below ${tris.count}`,
        found: `${tri} in group ${groupIndex} '${group.name}'`,
        code: 'BAD_INDEX',
      });
    }
    if (tris.groupIndices[tri] !== groupIndex) input.mismatches.count++;
    smoothingGroups[i] = tris.smoothingGroups[tri];
    triangleFlags[i] = tris.flags[tri];
    for (let k = 0; k < 3; k++) {
      const corner = tri * 3 + k;
      const vertex = tris.vertexIndices[corner];
      if (vertex >= verts.count) {
        throw new FormatError({
          format: 'ms3d',
          offset: tris.offset + tri * 70 + 2 + 2 * k, // the triangle record's vertexIndices[k]
          expected: `a vertex index below ${verts.count}`,
          found: `${vertex} in triangle ${tri}`,
          code: 'BAD_INDEX',
        });
      }
      cornerSource[i * 3 + k] = corner;
    }
  }

  const { indices, firstCorner, vertexCount } =
    unweldByVertex(tris.vertexIndices, normalBits, sBits, tBits, cornerSource, verts.count) ??
    unweldKeys(tris.vertexIndices, normalBits, sBits, tBits, cornerSource, input.kernels);
  // Source rows per new vertex: the file vertex and the file corner it came from.
  const vertexOf = new Uint32Array(vertexCount);
  const cornerOf = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const corner = cornerSource[firstCorner[v]];
    vertexOf[v] = tris.vertexIndices[corner];
    cornerOf[v] = corner;
  }
  const POSITION = new Float32Array(vertexCount * 3);
  const NORMAL = new Float32Array(vertexCount * 3);
  const TEXCOORD_0 = new Float32Array(vertexCount * 2);
  // `t` is top-left like glTF's v: no flip.
  const bad =
    gatherFinite(verts.positions, 3, vertexOf, POSITION, 3, 0) +
    gatherFinite(tris.normals, 3, cornerOf, NORMAL, 3, 0) +
    gatherFinite(tris.s, 1, cornerOf, TEXCOORD_0, 2, 0) +
    gatherFinite(tris.t, 1, cornerOf, TEXCOORD_0, 2, 1);
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
    hidden: (group.flags & 2) !== 0,
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
