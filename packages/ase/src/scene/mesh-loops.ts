// The per-face and per-corner loops of the mesh build, as leaves of typed arrays and numbers only
// (issue 25). Each runs once per mesh: inside the functions that call them, code around the loop
// (JS arrays made by `map`, objects of varying shape) deoptimised them between parses, and every
// parse ran the loop unoptimised until V8 compiled it again (on-stack replacement), 5–20 ms a loop
// on the bench's files. Leaves like these keep their code (`test/jit-stable.test.ts`).

/** An absent texture or colour corner. */
export const NONE = 0xffffffff;

/** Faces whose three corners name vertices below `nv`, in order, into `keep`; returns how many. */
export function validFaces(faces: Int32Array, faceCount: number, nv: number, keep: Int32Array): number {
  let kept = 0;
  for (let f = 0; f < faceCount; f++) {
    const a = faces[f * 3], b = faces[f * 3 + 1], c = faces[f * 3 + 2];
    if (a >= 0 && a < nv && b >= 0 && b < nv && c >= 0 && c < nv) keep[kept++] = f;
  }
  return kept;
}

/** The end of the run of kept faces from `from` that share its `*MESH_MTLID`. */
export function idRunEnd(mtlIds: Int32Array, keep: Int32Array, from: number, kept: number): number {
  const id = mtlIds[keep[from]];
  let i = from + 1;
  while (i < kept && mtlIds[keep[i]] === id) i++;
  return i;
}

/** Texture corners of the kept faces (those `tfaces` covers) that name no texture vertex below `nt`. */
export function badTextureCorners(tfaces: Int32Array, nt: number, keep: Int32Array, kept: number): number {
  const nf = (tfaces.length / 3) | 0;
  let bad = 0;
  for (let i = 0; i < kept; i++) {
    const f = keep[i];
    if (f >= nf) continue;
    for (let k = 0; k < 3; k++) {
      const t = tfaces[f * 3 + k];
      if (!(t >= 0 && t < nt)) bad++;
    }
  }
  return bad;
}

/**
 * Every corner's source vertex (`vertex`) and key words (`width` per corner: texture vertex of the
 * first channel when `uvCount` > 0, the other channels' slots left for `textureColumn`, colour
 * vertex or NONE, normal bits), kept faces in `order` (when `ordered`) or kept order. `normalBits`:
 * xyz per kept corner (kept-face order). An empty `tf0`/`cfaces` gives NONE.
 */
export function cornerKeyLoop(
  faces: Int32Array, keep: Int32Array, order: Int32Array, ordered: boolean, kept: number, uvCount: number,
  tf0: Int32Array, nt0: number, cfaces: Int32Array, nc: number, normalBits: Uint32Array, vertex: Uint32Array, keys: Uint32Array,
): void {
  const width = uvCount + 4;
  const nf0 = (tf0.length / 3) | 0, nfC = (cfaces.length / 3) | 0;
  for (let j = 0; j < kept; j++) {
    const i = ordered ? order[j] : j, f = keep[i];
    for (let k = 0; k < 3; k++) {
      const c = j * 3 + k, o = c * width;
      vertex[c] = faces[f * 3 + k];
      if (uvCount) {
        const t = f < nf0 ? tf0[f * 3 + k] : -1;
        keys[o] = t >= 0 && t < nt0 ? t : NONE;
      }
      const q = f < nfC ? cfaces[f * 3 + k] : -1;
      keys[o + uvCount] = q >= 0 && q < nc ? q : NONE;
      const n = i * 9 + k * 3;
      keys[o + uvCount + 1] = normalBits[n];
      keys[o + uvCount + 2] = normalBits[n + 1];
      keys[o + uvCount + 3] = normalBits[n + 2];
    }
  }
}

/** Column `u` of the corner keys: texture vertex of channel `u` per corner, as `cornerKeyLoop` orders them. */
export function textureColumn(keep: Int32Array, order: Int32Array, ordered: boolean, kept: number, tfaces: Int32Array, nt: number, keys: Uint32Array, width: number, u: number): void {
  const nf = (tfaces.length / 3) | 0;
  for (let j = 0; j < kept; j++) {
    const f = keep[ordered ? order[j] : j];
    for (let k = 0; k < 3; k++) {
      const t = f < nf ? tfaces[f * 3 + k] : -1;
      keys[(j * 3 + k) * width + u] = t >= 0 && t < nt ? t : NONE;
    }
  }
}

/** Max-axes world positions → node-local scene axes by `m` (column-major), `nv` points. */
export function transformPoints(m: Float64Array, vertices: Float32Array, nv: number, out: Float32Array): void {
  const m0 = m[0], m1 = m[1], m2 = m[2], m4 = m[4], m5 = m[5], m6 = m[6], m8 = m[8], m9 = m[9], m10 = m[10], m12 = m[12], m13 = m[13], m14 = m[14];
  for (let v = 0; v < nv; v++) {
    const x = vertices[v * 3], y = vertices[v * 3 + 1], z = vertices[v * 3 + 2];
    out[v * 3] = m0 * x + m4 * y + m8 * z + m12;
    out[v * 3 + 1] = m1 * x + m5 * y + m9 * z + m13;
    out[v * 3 + 2] = m2 * x + m6 * y + m10 * z + m14;
  }
}

/**
 * Position, normal and source vertex of each new vertex from its first corner: position by source
 * vertex, the normal from the key's last three words (as floats).
 */
export function gatherPositionsNormals(
  vertex: Uint32Array, keyFloats: Float32Array, width: number, firstCorner: Uint32Array, vertexCount: number,
  positions: Float32Array, sourceVertex: Uint32Array, position: Float32Array, normal: Float32Array,
): void {
  const nAt = width - 3;
  for (let v = 0; v < vertexCount; v++) {
    const c = firstCorner[v];
    const p = vertex[c];
    sourceVertex[v] = p;
    position[v * 3] = positions[p * 3];
    position[v * 3 + 1] = positions[p * 3 + 1];
    position[v * 3 + 2] = positions[p * 3 + 2];
    const o = c * width + nAt;
    normal[v * 3] = keyFloats[o];
    normal[v * 3 + 1] = keyFloats[o + 1];
    normal[v * 3 + 2] = keyFloats[o + 2];
  }
}

/** Texture coordinates `(u, 1 − v)` of each new vertex from key column `u` (NONE: 0, 0). */
export function gatherUVs(keys: Uint32Array, width: number, u: number, firstCorner: Uint32Array, vertexCount: number, tverts: Float32Array, out: Float32Array): void {
  for (let v = 0; v < vertexCount; v++) {
    const t = keys[firstCorner[v] * width + u];
    if (t !== NONE) {
      out[v * 2] = tverts[t * 3];
      out[v * 2 + 1] = 1 - tverts[t * 3 + 1];
    }
  }
}

/** Vertex colours (alpha 1) of each new vertex from key column `col` (NONE: white). */
export function gatherColors(keys: Uint32Array, width: number, col: number, firstCorner: Uint32Array, vertexCount: number, cverts: Float32Array, colors: Float32Array): void {
  for (let v = 0; v < vertexCount; v++) {
    const k = keys[firstCorner[v] * width + col];
    if (k !== NONE) {
      colors[v * 4] = cverts[k * 3];
      colors[v * 4 + 1] = cverts[k * 3 + 1];
      colors[v * 4 + 2] = cverts[k * 3 + 2];
    } else colors[v * 4] = colors[v * 4 + 1] = colors[v * 4 + 2] = 1;
    colors[v * 4 + 3] = 1;
  }
}

/** Four joints and weights per new vertex from its source vertex's. */
export function gatherSkin(sourceVertex: Uint32Array, vertexCount: number, skinJoints: Uint16Array, skinWeights: Float32Array, joints: Uint16Array, weights: Float32Array): void {
  for (let v = 0; v < vertexCount; v++) {
    const s = sourceVertex[v] * 4;
    for (let k = 0; k < 4; k++) {
      joints[v * 4 + k] = skinJoints[s + k];
      weights[v * 4 + k] = skinWeights[s + k];
    }
  }
}
