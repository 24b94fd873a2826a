import { cornerNormals, zeroNonFinite } from '@relic3d/core';
import type { LodMesh } from '../file.js';
import type { Axis } from './axes.js';

/** Corner normals generated for a whole mesh, as float bits (3 words per corner). */
export interface GeneratedNormals {
  bits: Uint32Array;
  /** The first corner of each face group. */
  groupCorner: number[];
}

/**
 * Corner normals over the whole mesh, so smoothing crosses face groups: by the smoothing masks
 * where FaceType 2 stores them, else all smooth (`smooth`: skinned meshes, as GLScene does) or
 * flat.
 */
export function generateNormals(raw: LodMesh, axis: Axis, smooth: boolean): GeneratedNormals {
  let total = 0;
  for (const g of raw.faceGroups) total += g.vertexIndices.length;
  const corners = new Uint32Array(total);
  const masks = new Uint32Array(total / 3);
  const groupCorner: number[] = [];
  let at = 0;
  for (const g of raw.faceGroups) {
    groupCorner.push(at);
    const tris = g.vertexIndices.length / 3;
    const hasMasks = g.smoothData !== undefined && g.smoothData.length === tris && tris > 0;
    if (hasMasks) masks.set(g.smoothData!, at / 3);
    else masks.fill(smooth ? 0xffffffff : 0, at / 3, at / 3 + tris);
    corners.set(g.vertexIndices, at);
    at += g.vertexIndices.length;
  }
  const positions = axis.points(raw.positions.slice());
  zeroNonFinite(positions); // counted where POSITION is gathered
  const normals = cornerNormals(positions, corners, masks);
  for (let i = 0; i < normals.length; i++) if (normals[i] === 0) normals[i] = 0; // −0 and 0 must weld
  return { bits: new Uint32Array(normals.buffer), groupCorner };
}
