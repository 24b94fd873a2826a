// Per-corner normals from smoothing groups, as several loaders need them.

/** Face normal (area-weighted, unnormalised) of triangle a, b, c given position indices. */
function faceNormal(p: ArrayLike<number>, a: number, b: number, c: number, out: Float64Array, o: number): void {
  const ax = p[a * 3], ay = p[a * 3 + 1], az = p[a * 3 + 2];
  const ux = p[b * 3] - ax, uy = p[b * 3 + 1] - ay, uz = p[b * 3 + 2] - az;
  const vx = p[c * 3] - ax, vy = p[c * 3 + 1] - ay, vz = p[c * 3 + 2] - az;
  out[o] = uy * vz - uz * vy;
  out[o + 1] = uz * vx - ux * vz;
  out[o + 2] = ux * vy - uy * vx;
}

/**
 * Per-corner normals for triangles, honouring smoothing groups (bit masks, 3ds Max/GLScene style):
 * a corner's normal sums the normals of the faces around its position that share a smoothing bit
 * with its face. A face with mask 0 is flat. Without `smoothing`, every face smooths with every
 * neighbour. Counter-clockwise winding gives outward normals.
 *
 * @param positions xyz per position
 * @param cornerPositions position index per corner, 3 corners per face
 * @param smoothing one mask per face
 * @returns xyz per corner, unit length (0,0,0 only for degenerate isolated faces)
 */
export function cornerNormals(
  positions: ArrayLike<number>,
  cornerPositions: ArrayLike<number>,
  smoothing?: ArrayLike<number>,
): Float32Array {
  const faceCount = Math.floor(cornerPositions.length / 3);
  const positionCount = Math.floor(positions.length / 3);
  const faceNormals = new Float64Array(faceCount * 3);
  for (let f = 0; f < faceCount; f++) {
    faceNormal(positions, cornerPositions[f * 3], cornerPositions[f * 3 + 1], cornerPositions[f * 3 + 2], faceNormals, f * 3);
  }
  // Faces around each position (CSR).
  const start = new Uint32Array(positionCount + 1);
  for (let i = 0; i < faceCount * 3; i++) start[cornerPositions[i] + 1]++;
  for (let i = 0; i < positionCount; i++) start[i + 1] += start[i];
  const fill = start.slice(0, positionCount);
  const faces = new Uint32Array(faceCount * 3);
  for (let i = 0; i < faceCount * 3; i++) faces[fill[cornerPositions[i]]++] = Math.floor(i / 3);

  const out = new Float32Array(faceCount * 9);
  for (let f = 0; f < faceCount; f++) {
    const mask = smoothing ? smoothing[f] >>> 0 : 0xffffffff;
    for (let k = 0; k < 3; k++) {
      const p = cornerPositions[f * 3 + k];
      let x = 0, y = 0, z = 0;
      if (mask === 0) {
        x = faceNormals[f * 3]; y = faceNormals[f * 3 + 1]; z = faceNormals[f * 3 + 2];
      } else {
        let last = -1;
        for (let j = start[p]; j < start[p + 1]; j++) {
          const g = faces[j];
          if (g === last) continue; // a face touching the position twice counts once
          last = g;
          if (g !== f && smoothing && ((smoothing[g] >>> 0) & mask) === 0) continue;
          x += faceNormals[g * 3]; y += faceNormals[g * 3 + 1]; z += faceNormals[g * 3 + 2];
        }
      }
      const l = Math.hypot(x, y, z);
      const o = (f * 3 + k) * 3;
      if (l > 0) {
        out[o] = x / l; out[o + 1] = y / l; out[o + 2] = z / l;
      } else {
        const fl = Math.hypot(faceNormals[f * 3], faceNormals[f * 3 + 1], faceNormals[f * 3 + 2]) || 1;
        out[o] = faceNormals[f * 3] / fl; out[o + 1] = faceNormals[f * 3 + 1] / fl; out[o + 2] = faceNormals[f * 3 + 2] / fl;
      }
    }
  }
  return out;
}

/** Smoothing-group numbers (1..32) to a bit mask; 0 or empty means flat. */
export function smoothingMask(groups: Iterable<number>): number {
  let mask = 0;
  for (const g of groups) if (g >= 1 && g <= 32) mask |= 1 << (g - 1);
  return mask >>> 0;
}

/**
 * Area-weighted vertex normals of counter-clockwise triangles (what a writer stores for a primitive
 * that comes without normals). A vertex on no triangle, or only on zero-area ones, gets `fallback`.
 */
export function vertexNormals(positions: ArrayLike<number>, triangles: ArrayLike<number>, fallback: ArrayLike<number> = [0, 0, 0]): Float32Array {
  const sum = new Float64Array(positions.length);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t] * 3, b = triangles[t + 1] * 3, c = triangles[t + 2] * 3;
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    sum[a] += nx, sum[a + 1] += ny, sum[a + 2] += nz;
    sum[b] += nx, sum[b + 1] += ny, sum[b + 2] += nz;
    sum[c] += nx, sum[c + 1] += ny, sum[c + 2] += nz;
  }
  const out = new Float32Array(positions.length);
  for (let v = 0; v < out.length; v += 3) {
    const l = Math.hypot(sum[v], sum[v + 1], sum[v + 2]);
    if (l > 0 && Number.isFinite(l)) {
      out[v] = sum[v] / l;
      out[v + 1] = sum[v + 1] / l;
      out[v + 2] = sum[v + 2] / l;
    } else {
      out[v] = fallback[0];
      out[v + 1] = fallback[1];
      out[v + 2] = fallback[2];
    }
  }
  return out;
}
