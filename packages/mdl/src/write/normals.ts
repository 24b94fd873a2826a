/**
 * Tangents for primitives that come without them (glTF makes them optional; every real MDL stores
 * them; missing normals come from core's `vertexNormals`). Computed in glTF's frame from the
 * triangles, before anything is mirrored.
 */

/**
 * glTF tangents (xyz + handedness w) from the UV gradients: the stored tangent of real files is
 * dP/du (docs/formats/mdl.md §2.5, measured by the reader's scene/tangents.ts), made orthogonal to
 * the normal; w says whether cross(N, T) runs along −dP/dv, glTF's "up" in the normal map.
 */
export function uvTangents(position: Float32Array, normal: Float32Array, texcoord: Float32Array, triangles: ArrayLike<number>): Float32Array {
  const n = position.length / 3;
  const dPdu = new Float64Array(n * 3), dPdv = new Float64Array(n * 3);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const s1 = texcoord[b * 2] - texcoord[a * 2], t1 = texcoord[b * 2 + 1] - texcoord[a * 2 + 1];
    const s2 = texcoord[c * 2] - texcoord[a * 2], t2 = texcoord[c * 2 + 1] - texcoord[a * 2 + 1];
    const r = s1 * t2 - s2 * t1;
    if (!(Math.abs(r) > 1e-20)) continue;
    for (let k = 0; k < 3; k++) {
      const e1 = position[b * 3 + k] - position[a * 3 + k], e2 = position[c * 3 + k] - position[a * 3 + k];
      const u = (e1 * t2 - e2 * t1) / r, v = (e2 * s1 - e1 * s2) / r;
      for (const i of [a, b, c]) {
        dPdu[i * 3 + k] += u;
        dPdv[i * 3 + k] += v;
      }
    }
  }
  const out = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const nx = normal[i * 3], ny = normal[i * 3 + 1], nz = normal[i * 3 + 2];
    let tx = dPdu[i * 3], ty = dPdu[i * 3 + 1], tz = dPdu[i * 3 + 2];
    const d = nx * tx + ny * ty + nz * tz;
    tx -= nx * d;
    ty -= ny * d;
    tz -= nz * d;
    const l = Math.hypot(tx, ty, tz);
    if (!(l > 1e-12)) continue; // no UV gradient: a zero tangent, as real files have
    tx /= l;
    ty /= l;
    tz /= l;
    const bx = ny * tz - nz * ty, by = nz * tx - nx * tz, bz = nx * ty - ny * tx;
    const up = -(bx * dPdv[i * 3] + by * dPdv[i * 3 + 1] + bz * dPdv[i * 3 + 2]);
    out.set([tx, ty, tz, up < 0 ? -1 : 1], i * 4);
  }
  return out;
}
