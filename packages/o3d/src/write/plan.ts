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

/**
 * An object's geometry before its vertices are welded: the weld (vertex-list.ts) runs as the bytes
 * are written, straight into the output, and gives the box, the list, the map and the physique there.
 */
export interface GeometryPlan extends Omit<O3dGeometry, 'bboxMin' | 'bboxMax' | 'vertexList' | 'positions' | 'normals' | 'uvs' | 'weights' | 'boneIndices' | 'skinRecords' | 'indices' | 'vertexMap' | 'physique'> {
  vertexCount: number;
  spans: Span[];
  /** Skinned: the physique (the bone of w1 of each list entry) is written. */
  withPhysique: boolean;
  /** The game skeleton's index of each scene bone, for the physique (game-skeleton.ts). */
  boneMap?: Int32Array;
}

export type WrittenGeometry = O3dGeometry | GeometryPlan;
export type WrittenObject = Omit<O3dObject, 'geometry'> & { geometry: WrittenGeometry };
export type WrittenFile = Omit<O3dFile, 'groups' | 'collision'> & { groups: WrittenObject[][]; collision?: WrittenGeometry };

export const isPlan = (g: WrittenGeometry): g is GeometryPlan => 'spans' in g;
