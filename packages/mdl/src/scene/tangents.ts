/**
 * Tangent handedness from the texture coordinates, for files that store no bitangent (every real
 * file). The stored tangent is dP/du (measured on the corpus: 14,583 of 14,585 non-zero tangents
 * agree). glTF's bitangent, cross(N, T) · w, must point "up" in the normal map, i.e. along −dP/dv
 * (v grows downwards). The Z mirror flips the cross product, so in the file's own frame
 * w = sign((N × T) · dP/dv). The UVs pass through unchanged, so this holds whatever the engine's UV
 * origin is. Mirrored UV islands give w = −1 (2,330 corpus vertices).
 */
export function uvGradients(
  position: Float32Array,
  texcoord: Float32Array,
  indices: ArrayLike<number>,
  polyVerts: number,
  vertexCount: number,
  scratch?: Float64Array,
  fan?: Uint16Array | Uint32Array,
): Float64Array {
  // A caller's scratch (reused across meshes) saves 24 bytes per vertex of garbage.
  const dPdv = scratch && scratch.length >= vertexCount * 3 ? scratch.subarray(0, vertexCount * 3).fill(0) : new Float64Array(vertexCount * 3);
  if (polyVerts === 3 && fan) accumulateTriangles(dPdv, position, texcoord, indices, fan);
  else accumulateDpdv(dPdv, position, texcoord, indices, polyVerts, fan);
  return dPdv;
}

/**
 * w from the summed dP/dv of a vertex (file frame): −1 when (N × T) · dP/dv < 0, else 1 (also for
 * zero and NaN).
 */
export function handednessFromGradient(nx: number, ny: number, nz: number, tx: number, ty: number, tz: number, dPdv: Float64Array, at: number): number {
  const d = (ny * tz - nz * ty) * dPdv[at] + (nz * tx - nx * tz) * dPdv[at + 1] + (nx * ty - ny * tx) * dPdv[at + 2];
  return d < 0 ? -1 : 1;
}

/**
 * Σ dP/dv of the triangles (fans of each polygon) around each vertex. With `fan`, also writes the
 * fan's triangles with reversed winding (what `gltfIndices` gives), saving a pass over the indices.
 */
function accumulateDpdv(dPdv: Float64Array, position: Float32Array, texcoord: Float32Array, indices: ArrayLike<number>, polyVerts: number, fan: Uint16Array | Uint32Array | undefined): void {
  const corners = polyVerts >= 3 ? Math.floor(indices.length / polyVerts) * polyVerts : 0;
  let o = 0;
  for (let p = 0; p < corners; p += polyVerts) {
    const a = indices[p];
    for (let k = 1; k + 1 < polyVerts; k++) {
      // Triangle (a, b, c) of the fan.
      const b = indices[p + k], c = indices[p + k + 1];
      if (fan) {
        fan[o] = a;
        fan[o + 1] = c;
        fan[o + 2] = b;
        o += 3;
      }
      addTriangleGradient(dPdv, position, texcoord, a, b, c);
    }
  }
}

/** `accumulateDpdv` for triangles with the reversed output (the common case), without the fan loop. */
function accumulateTriangles(dPdv: Float64Array, position: Float32Array, texcoord: Float32Array, indices: ArrayLike<number>, fan: Uint16Array | Uint32Array): void {
  const corners = Math.floor(indices.length / 3) * 3;
  for (let p = 0; p < corners; p += 3) {
    const a = indices[p], b = indices[p + 1], c = indices[p + 2];
    fan[p] = a;
    fan[p + 1] = c;
    fan[p + 2] = b;
    addTriangleGradient(dPdv, position, texcoord, a, b, c);
  }
}

/** Adds triangle (a, b, c)'s dP/dv to its three vertices; a triangle with no UV area adds nothing. */
function addTriangleGradient(dPdv: Float64Array, position: Float32Array, texcoord: Float32Array, a: number, b: number, c: number): void {
  const ua = texcoord[a * 2], va = texcoord[a * 2 + 1];
  const s1 = texcoord[b * 2] - ua, t1 = texcoord[b * 2 + 1] - va;
  const s2 = texcoord[c * 2] - ua, t2 = texcoord[c * 2 + 1] - va;
  const r = s1 * t2 - s2 * t1;
  if (!(Math.abs(r) > 1e-20)) return;
  const a3 = a * 3, b3 = b * 3, c3 = c * 3;
  // Per axis g = (e2·s1 − e1·s2) / r, e1 = b − a, e2 = c − a (the winding cancels out).
  const ax = position[a3], ay = position[a3 + 1], az = position[a3 + 2];
  const gx = ((position[c3] - ax) * s1 - (position[b3] - ax) * s2) / r;
  const gy = ((position[c3 + 1] - ay) * s1 - (position[b3 + 1] - ay) * s2) / r;
  const gz = ((position[c3 + 2] - az) * s1 - (position[b3 + 2] - az) * s2) / r;
  dPdv[a3] += gx;
  dPdv[b3] += gx;
  dPdv[c3] += gx;
  dPdv[a3 + 1] += gy;
  dPdv[b3 + 1] += gy;
  dPdv[c3 + 1] += gy;
  dPdv[a3 + 2] += gz;
  dPdv[b3 + 2] += gz;
  dPdv[c3 + 2] += gz;
}
