/**
 * What the writer hands to the byte layer (bytes/o3d.ts): the raw O3D's fields, with each object's
 * geometry as a plan. Its vertices stay in the scene's arrays and are written straight into the
 * output (bytes/spans.ts), never gathered into per-object arrays first. A raw `O3dGeometry` (a file
 * as read) is written as it is.
 */
import type { O3dFile, O3dGeometry, O3dObject } from '../file.js';
import type { Influences } from './influences.js';
import type { Corners } from './primitives.js';

/** The arrays a span's vertices come from, in scene conventions (Z is mirrored as they are written). */
export interface VertexSource {
  positions: Float32Array;
  /** Absent: written as 0. */
  normals?: Float32Array;
  uvs?: Float32Array;
  influences?: Influences;
  /** The positions are stored with Z mirrored already (the collision mesh, transformed into model space). */
  mirrored?: boolean;
}

/** One material block of a written object: its corners and its vertices, numbered in first-use order. */
export interface Span {
  source: VertexSource;
  /** The block's scene triangles (counter-clockwise corners), three scene vertices each. */
  triangles: Corners;
  /** First written vertex of the block. */
  first: number;
  /** First index of the block. */
  start: number;
  /** How many vertices the block writes. */
  count: number;
  /** Scene vertex of written vertex `first + k`; absent: scene vertex `k`. */
  order?: Int32Array;
  /** With `order`: the primitive's table (all -1 at rest) its corners are renumbered through. */
  remap?: Int32Array;
  /** Skinned: the stored index (palette slot × 3, or bone × 3 without a palette) of each bone. */
  slots?: Int32Array;
}

export interface GeometryPlan extends Omit<O3dGeometry, 'vertexList' | 'positions' | 'normals' | 'uvs' | 'weights' | 'boneIndices' | 'skinRecords' | 'indices'> {
  vertexCount: number;
  /** The vertex list as stored: the written bits of each unique position, xyz each. */
  listWords: Int32Array;
  spans: Span[];
}

export type WrittenGeometry = O3dGeometry | GeometryPlan;
export type WrittenObject = Omit<O3dObject, 'geometry'> & { geometry: WrittenGeometry };
export type WrittenFile = Omit<O3dFile, 'groups' | 'collision'> & { groups: WrittenObject[][]; collision?: WrittenGeometry };

export const isPlan = (g: WrittenGeometry): g is GeometryPlan => 'spans' in g;
