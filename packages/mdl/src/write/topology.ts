import type { Primitive, WarningSink } from '@relic3d/core';
import { fileIndices, polygonsFromFans } from './axes.js';

/** A primitive's corners in glTF order, as the stored polygon size takes them. */
export interface Corners {
  /** 1 points, 2 lines, 3 triangles. */
  polyVerts: 1 | 2 | 3;
  /** The scene's own indices when they serve as they are (only read). */
  corners: Uint16Array | Uint32Array;
}

/**
 * The corners of a primitive (its indices, which `validateScene` has checked against the vertex
 * count): a trailing partial triangle or line is dropped with a warning, strips and loops become lines.
 */
export function primitiveCorners(p: Primitive, vertexCount: number, where: string, sink: WarningSink): Corners {
  const raw = p.indices ?? Uint32Array.from({ length: vertexCount }, (_, i) => i);
  const mode = p.mode ?? 'TRIANGLES';
  if (mode === 'POINTS') return { polyVerts: 1, corners: raw };
  if (mode === 'LINE_STRIP' || mode === 'LINE_LOOP') {
    const segments = Math.max(0, raw.length - 1) + (mode === 'LINE_LOOP' && raw.length > 2 ? 1 : 0);
    const corners = new Uint32Array(segments * 2);
    for (let s = 0; s < segments; s++) {
      corners[s * 2] = raw[s];
      corners[s * 2 + 1] = raw[(s + 1) % raw.length];
    }
    return { polyVerts: 2, corners };
  }
  const size = mode === 'LINES' ? 2 : 3;
  const usable = raw.length - (raw.length % size);
  if (usable < raw.length) sink.warn('MDL_WRITE_PARTIAL_PRIMITIVE', `${where}: ${raw.length} indices are not a whole number of ${size === 3 ? 'triangles' : 'lines'}; the last ${raw.length - usable} were dropped`);
  return { polyVerts: size, corners: raw.subarray(0, usable) };
}

/**
 * The stored polygons: triangles reversed for the left-handed frame (twice reversed, i.e. kept,
 * when a mirroring transform was baked into the vertices), and rebuilt into the polygons they were
 * fanned from when the primitive says it came from `storedPolyVerts`-gons.
 */
export function storedPolygons(c: Corners, wide: boolean, mirrored: boolean, storedPolyVerts: unknown): { polyVerts: number; indices: Uint16Array | Uint32Array } {
  if (c.polyVerts !== 3) return { polyVerts: c.polyVerts, indices: fileIndices(c.corners, c.polyVerts, wide) };
  let corners = c.corners;
  if (mirrored) {
    corners = corners.slice();
    for (let i = 0; i + 2 < corners.length; i += 3) [corners[i + 1], corners[i + 2]] = [corners[i + 2], corners[i + 1]];
  }
  if (typeof storedPolyVerts === 'number' && Number.isInteger(storedPolyVerts) && storedPolyVerts > 3 && storedPolyVerts <= 64) {
    const polygons = polygonsFromFans(corners, storedPolyVerts, wide);
    if (polygons) return { polyVerts: storedPolyVerts, indices: polygons };
  }
  return { polyVerts: 3, indices: fileIndices(corners, 3, wide) };
}
