import { compactIndices, FormatError, type Extras, type Primitive, type WarningSink } from '@relic3d/core';
import { gather, unweld } from '@relic3d/kernels';
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

  const keys = new Uint32Array(corners * KEY_WIDTH);
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
      const o = (i * 3 + k) * KEY_WIDTH;
      keys[o] = vertex;
      keys[o + 1] = normalBits[corner * 3];
      keys[o + 2] = normalBits[corner * 3 + 1];
      keys[o + 3] = normalBits[corner * 3 + 2];
      keys[o + 4] = sBits[corner];
      keys[o + 5] = tBits[corner];
    }
  }

  const { indices, firstCorner, vertexCount } = unweld(keys, KEY_WIDTH, corners, { kernels: input.kernels });
  // Source rows per new vertex: the file vertex and the file corner it came from.
  const vertexOf = new Uint32Array(vertexCount);
  const cornerOf = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const c = firstCorner[v];
    vertexOf[v] = keys[c * KEY_WIDTH];
    cornerOf[v] = group.triangleIndices[Math.floor(c / 3)] * 3 + (c % 3);
  }
  const POSITION = gather(verts.positions, 3, vertexOf);
  const NORMAL = gather(tris.normals, 3, cornerOf);
  const TEXCOORD_0 = new Float32Array(vertexCount * 2);
  for (let v = 0; v < vertexCount; v++) {
    // `t` is top-left like glTF's v: no flip.
    TEXCOORD_0[v * 2] = tris.s[cornerOf[v]];
    TEXCOORD_0[v * 2 + 1] = tris.t[cornerOf[v]];
  }
  const bad = scrubNonFinite(POSITION) + scrubNonFinite(NORMAL) + scrubNonFinite(TEXCOORD_0);
  if (bad) input.sink.warn('MS3D_NOT_FINITE', `group ${groupIndex} '${group.name}': ${bad} non-finite vertex values were set to 0`);

  const primitive: Primitive = {
    attributes: { POSITION, NORMAL, TEXCOORD_0 },
    indices: compactIndices(indices, vertexCount),
    mode: 'TRIANGLES',
    material: input.material,
  };
  if (skin) {
    primitive.attributes.JOINTS_0 = gather(skin.joints, 4, vertexOf);
    primitive.attributes.WEIGHTS_0 = gather(skin.weights, 4, vertexOf);
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
