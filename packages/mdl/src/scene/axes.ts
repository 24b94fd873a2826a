/**
 * Left-handed (Ultra: +X right, +Y up, +Z forward) to glTF's right-handed frame: mirror Z
 * (docs/formats/mdl.md §5.2).
 * Positions, normals, tangents and translations negate z (core's `mirrorZ` for packed arrays);
 * quaternions (x, y, z, w) become (−x, −y, z, w); triangles reverse their winding so front faces
 * stay counter-clockwise.
 */
import { math, type Quat, type Vec3 } from '@relic3d/core';

export function mirrorVec3(v: ArrayLike<number>): Vec3 {
  return [v[0] + 0, v[1] + 0, 0 - v[2]] as Vec3;
}

/** Also turns the −0 components real files write into +0. */
export function mirrorQuat(q: ArrayLike<number>): Quat {
  return [-q[0] + 0, -q[1] + 0, q[2] + 0, q[3] + 0];
}

/**
 * Packed xyzw rotation keys as a clip's channel values, in one pass into a new array (`values` is
 * only read): each key mirrored and normalised as `math.quatNormalize` does (a zero or non-finite
 * one becomes the identity), then negated when its dot with the key before, as stored, is negative
 * (`math.makeQuaternionsContinuous`): the same floats as the three passes, without the copy.
 */
export function rotationKeys(values: Float32Array): Float32Array {
  const out = new Float32Array(values.length);
  const n = values.length - (values.length % 4);
  for (let i = 0; i < n; i += 4) {
    const x = -values[i], y = -values[i + 1], z = values[i + 2], w = values[i + 3];
    // Math.hypot is NaN or infinite for any non-finite component; hypot4 equals it on finite ones.
    const l = x - x === 0 && y - y === 0 && z - z === 0 && w - w === 0 ? math.hypot4(x, y, z, w) : 0;
    math.putUnitContinuous(out, i, x, y, z, w, l);
  }
  for (let i = n; i < values.length; i++) out[i] = values[i];
  return out;
}

/** The output array of fanning polygons (`polyVerts` ≥ 3) into triangles. */
export function fanOutput(indexCount: number, polyVerts: number, vertexCount: number): Uint16Array | Uint32Array {
  const size = Math.floor(indexCount / polyVerts) * (polyVerts - 2) * 3;
  return vertexCount > 0xffff ? new Uint32Array(size) : new Uint16Array(size);
}

export type PrimitiveIndices = { indices: Uint16Array | Uint32Array; mode: 'POINTS' | 'LINES' | 'TRIANGLES' };

/**
 * Stored polygons (`polyVerts` indices each) to glTF primitives: points and lines are copied,
 * polygons are fanned into triangles with reversed winding.
 */
export function gltfIndices(indices: ArrayLike<number>, polyVerts: number, vertexCount: number): PrimitiveIndices {
  const Ctor = vertexCount > 0xffff ? Uint32Array : Uint16Array;
  if (polyVerts === 1 || polyVerts === 2) {
    const out = new Ctor(indices.length);
    for (let i = 0; i < indices.length; i++) out[i] = indices[i];
    return { indices: out, mode: polyVerts === 1 ? 'POINTS' : 'LINES' };
  }
  const polygons = Math.floor(indices.length / polyVerts);
  const out = fanOutput(indices.length, polyVerts, vertexCount);
  if (polyVerts === 3) {
    for (let i = 0; i < out.length; i += 3) {
      out[i] = indices[i];
      out[i + 1] = indices[i + 2];
      out[i + 2] = indices[i + 1];
    }
    return { indices: out, mode: 'TRIANGLES' };
  }
  let o = 0;
  for (let p = 0; p < polygons; p++) {
    const base = p * polyVerts;
    const a = indices[base];
    for (let k = 1; k + 1 < polyVerts; k++) {
      out[o++] = a;
      out[o++] = indices[base + k + 1];
      out[o++] = indices[base + k];
    }
  }
  return { indices: out, mode: 'TRIANGLES' };
}
