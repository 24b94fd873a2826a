/**
 * glTF's right-handed frame back to Ultra's left-handed one (+X right, +Y up, +Z forward): the
 * inverse of ../scene/axes.ts, which is its own inverse (docs/formats/mdl.md §5.2). Positions,
 * normals, tangents and translations negate z (as 0 − z, so a +0 stays +0 both ways); quaternions (x, y, z, w) become (−x, −y, z, w);
 * triangles reverse their winding. Vertex arrays are mirrored while they are packed (vertices.ts).
 */
import type { Quat, Vec3 } from '@relic3d/core';
import type { TRS } from './context.js';

export function fileVec3(v: ArrayLike<number>): Vec3 {
  return [v[0], v[1], 0 - v[2]];
}

export function fileQuat(q: ArrayLike<number>): Quat {
  return [0 - q[0], 0 - q[1], q[2], q[3]];
}

export function fileTRS(trs: TRS): { position: Vec3; rotation: Quat; scale: Vec3 } {
  return { position: fileVec3(trs.translation), rotation: fileQuat(trs.rotation), scale: [...trs.scale] };
}

/**
 * Stored polygons from glTF indices: triangles swap their last two corners (the reader's
 * `gltfIndices` swaps them back); points and lines are copied.
 */
export function fileIndices(indices: ArrayLike<number>, polyVerts: number, wide: boolean): Uint16Array | Uint32Array {
  const out = wide ? new Uint32Array(indices.length) : new Uint16Array(indices.length);
  if (polyVerts !== 3) {
    for (let i = 0; i < indices.length; i++) out[i] = indices[i];
    return out;
  }
  for (let i = 0; i + 2 < indices.length; i += 3) {
    out[i] = indices[i];
    out[i + 1] = indices[i + 2];
    out[i + 2] = indices[i + 1];
  }
  return out;
}

/**
 * Polygons of `polyVerts` corners back from the fans the reader made of them: triangle k of
 * polygon (p0 … pn−1) is (p0, pk+1, pk) in glTF order. Returns the stored polygons, or undefined
 * when the triangles are not such fans.
 */
export function polygonsFromFans(triangles: ArrayLike<number>, polyVerts: number, wide: boolean): Uint16Array | Uint32Array | undefined {
  const perPolygon = polyVerts - 2;
  const triangleCount = triangles.length / 3;
  if (polyVerts < 4 || triangleCount % perPolygon !== 0) return undefined;
  const polygons = triangleCount / perPolygon;
  const out = wide ? new Uint32Array(polygons * polyVerts) : new Uint16Array(polygons * polyVerts);
  for (let p = 0; p < polygons; p++) {
    const t = p * perPolygon * 3;
    const a = triangles[t];
    const o = p * polyVerts;
    out[o] = a;
    out[o + 1] = triangles[t + 2];
    out[o + 2] = triangles[t + 1];
    for (let k = 1; k < perPolygon; k++) {
      const at = t + k * 3;
      if (triangles[at] !== a || triangles[at + 2] !== out[o + k + 1]) return undefined;
      out[o + k + 2] = triangles[at + 1];
    }
  }
  return out;
}
