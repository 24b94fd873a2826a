/**
 * Tangent handedness from the texture coordinates, for files that store no bitangent (every real
 * file). The stored tangent is dP/du (measured on the corpus: 14,583 of 14,585 non-zero tangents
 * agree). glTF's bitangent, cross(N, T) · w, must point "up" in the normal map, i.e. along −dP/dv
 * (v grows downwards). The Z mirror flips the cross product, so in the file's own frame
 * w = sign((N × T) · dP/dv). The UVs pass through unchanged, so this holds whatever the engine's UV
 * origin is. Mirrored UV islands give w = −1 (2,330 corpus vertices).
 */
export function uvHandedness(
  position: Float32Array,
  normal: Float32Array,
  tangent: Float32Array,
  texcoord: Float32Array,
  indices: ArrayLike<number>,
  polyVerts: number,
  vertexCount: number,
): Int8Array {
  const dPdv = new Float64Array(vertexCount * 3);
  const corners = polyVerts >= 3 ? Math.floor(indices.length / polyVerts) * polyVerts : 0;
  for (let p = 0; p < corners; p += polyVerts) {
    const a = indices[p];
    for (let k = 1; k + 1 < polyVerts; k++) {
      // Triangle (a, b, c) of the fan; the closure this replaced did the same sums in the same order.
      const b = indices[p + k], c = indices[p + k + 1];
      const ua = texcoord[a * 2], va = texcoord[a * 2 + 1];
      const s1 = texcoord[b * 2] - ua, t1 = texcoord[b * 2 + 1] - va;
      const s2 = texcoord[c * 2] - ua, t2 = texcoord[c * 2 + 1] - va;
      const r = s1 * t2 - s2 * t1;
      if (!(Math.abs(r) > 1e-20)) continue; // no UV area: says nothing
      const a3 = a * 3, b3 = b * 3, c3 = c * 3;
      for (let axis = 0; axis < 3; axis++) {
        const pa = position[a3 + axis];
        const e1 = position[b3 + axis] - pa, e2 = position[c3 + axis] - pa;
        const g = (e2 * s1 - e1 * s2) / r; // the winding cancels out
        dPdv[a3 + axis] += g;
        dPdv[b3 + axis] += g;
        dPdv[c3 + axis] += g;
      }
    }
  }
  const w = new Int8Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) {
    const nx = normal[i * 3], ny = normal[i * 3 + 1], nz = normal[i * 3 + 2];
    const tx = tangent[i * 3], ty = tangent[i * 3 + 1], tz = tangent[i * 3 + 2];
    const d = (ny * tz - nz * ty) * dPdv[i * 3] + (nz * tx - nx * tz) * dPdv[i * 3 + 1] + (nx * ty - ny * tx) * dPdv[i * 3 + 2];
    w[i] = d < 0 ? -1 : 1;
  }
  return w;
}
