import { cornerNormals } from '@relic3d/core';
import type { MeshBuildInput } from './mesh.js';

/** Transforms a direction by the upper 3×3 of `m` and normalises it into `out` (NaN when degenerate). */
function direction(m: ArrayLike<number>, x: number, y: number, z: number, out: Float32Array, o: number): void {
  const a = m[0] * x + m[4] * y + m[8] * z;
  const b = m[1] * x + m[5] * y + m[9] * z;
  const c = m[2] * x + m[6] * y + m[10] * z;
  const l = Math.sqrt(a * a + b * b + c * c);
  if (l > 0 && l - l === 0) {
    // `+ 0` turns −0 into +0, so equal normals weld.
    out[o] = a / l + 0; out[o + 1] = b / l + 0; out[o + 2] = c / l + 0;
  } else {
    out[o] = NaN; out[o + 1] = NaN; out[o + 2] = NaN;
  }
}

/** Per-corner normals in node-local scene axes: from the file when usable, else from smoothing groups. */
export function cornerNormalsOf(input: MeshBuildInput, keep: Int32Array, positions: Float32Array): Float32Array {
  const { mesh, sink, name } = input;
  const kept = keep.length;
  const corners = kept * 3;
  const out = new Float32Array(corners * 3).fill(NaN);
  const n = mesh.normals;
  const m = Float64Array.from(input.normalToLocal);
  if (input.useFileNormals && n && !n.vertexNormalVertex.length) {
    // Face normals only: flat shading from the file.
    const fn = n.faceNormals;
    for (let i = 0; i < kept; i++) {
      const f = keep[i] * 3;
      direction(m, fn[f], fn[f + 1], fn[f + 2], out, i * 9);
      out[i * 9 + 3] = out[i * 9 + 6] = out[i * 9];
      out[i * 9 + 4] = out[i * 9 + 7] = out[i * 9 + 1];
      out[i * 9 + 5] = out[i * 9 + 8] = out[i * 9 + 2];
    }
    if (allFinite(out)) return out;
    sink.warn('ASE_BAD_NORMALS', `object '${name}': face normals without vertex normals are incomplete; normals rebuilt from smoothing groups`, input.offset);
  } else if (input.useFileNormals && n) {
    const count = n.vertexNormalVertex.length;
    const vFace = n.vertexNormalFace, vVertex = n.vertexNormalVertex, vn = n.vertexNormals;
    // Max layout: three vertex normals after each face normal → per corner. Else per vertex (Q3Map2).
    if (perCornerLayout(vFace, count)) {
      const row = new Int32Array(mesh.numFaces).fill(-1); // kept face → corner base
      placeCornerNormals(m, keep, row, mesh.faces, vFace, vVertex, vn, count, out);
    } else {
      const cornerVertex = cornerVertexOf(mesh.faces, keep);
      const perVertex = new Float32Array(mesh.numVertex * 3).fill(NaN);
      for (let e = 0; e < count; e++) {
        const v = vVertex[e];
        if (v >= 0 && v < mesh.numVertex) direction(m, vn[e * 3], vn[e * 3 + 1], vn[e * 3 + 2], perVertex, v * 3);
      }
      for (let c = 0; c < corners; c++) {
        const p = cornerVertex[c] * 3;
        out[c * 3] = perVertex[p];
        out[c * 3 + 1] = perVertex[p + 1];
        out[c * 3 + 2] = perVertex[p + 2];
      }
    }
    const missing = missingNormals(out);
    if (!missing) return out;
    sink.warn('ASE_BAD_NORMALS', `object '${name}': ${missing} corners have no usable file normal; normals rebuilt from smoothing groups`, input.offset);
  }
  const smoothing = new Uint32Array(kept);
  for (let i = 0; i < kept; i++) smoothing[i] = mesh.smoothing[keep[i]];
  const rebuilt = cornerNormals(positions, cornerVertexOf(mesh.faces, keep), smoothing);
  // Faces are counter-clockwise in world space; a mirroring node flips them in local space.
  // `+ 0` turns −0 into +0, so equal normals weld.
  if (input.mirrored) for (let i = 0; i < rebuilt.length; i++) rebuilt[i] = -rebuilt[i] + 0;
  else for (let i = 0; i < rebuilt.length; i++) rebuilt[i] += 0;
  return rebuilt;
}

function allFinite(a: Float32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] - a[i] !== 0) return false;
  return true;
}

/** The vertex of every corner of the kept faces. */
function cornerVertexOf(faces: Int32Array, keep: Int32Array): Uint32Array {
  const out = new Uint32Array(keep.length * 3);
  for (let i = 0; i < keep.length; i++) {
    const f = keep[i] * 3;
    out[i * 3] = faces[f];
    out[i * 3 + 1] = faces[f + 1];
    out[i * 3 + 2] = faces[f + 2];
  }
  return out;
}

// The per-corner loops as leaves of typed arrays and numbers (run once per mesh: see mesh-loops.ts).

/** Whether the vertex normals come in threes after each face normal, one face per three (Max's layout). */
function perCornerLayout(vFace: Int32Array, count: number): boolean {
  for (let e = 0; e < count; e += 3) {
    const f = vFace[e];
    if (f < 0 || e + 2 >= count || vFace[e + 1] !== f || vFace[e + 2] !== f || (e + 3 < count && vFace[e + 3] === f)) return false;
  }
  return true;
}

/**
 * Max's per-corner vertex normals into `out` (3 per kept corner) through `m`; a normal goes to the
 * corner whose vertex it names, else to its position in the face. `row`: all -1, filled here.
 */
function placeCornerNormals(
  m: Float64Array, keep: Int32Array, row: Int32Array, faces: Int32Array,
  vFace: Int32Array, vVertex: Int32Array, vn: Float32Array, count: number, out: Float32Array,
): void {
  const numFaces = row.length;
  for (let i = 0; i < keep.length; i++) row[keep[i]] = i * 3;
  for (let e = 0; e < count; e += 3) {
    const f = vFace[e];
    if (f >= numFaces || row[f] < 0) continue;
    for (let k = 0; k < 3; k++) {
      // Match the corner by vertex index when it names one of the face's corners.
      const v = vVertex[e + k];
      let corner = k;
      if (faces[f * 3 + k] !== v) for (let q = 0; q < 3; q++) if (faces[f * 3 + q] === v) corner = q;
      direction(m, vn[(e + k) * 3], vn[(e + k) * 3 + 1], vn[(e + k) * 3 + 2], out, (row[f] + corner) * 3);
    }
  }
}

/** Corners with a non-finite normal component. */
function missingNormals(out: Float32Array): number {
  let missing = 0;
  for (let i = 0; i < out.length; i += 3) if (out[i] - out[i] !== 0 || out[i + 1] - out[i + 1] !== 0 || out[i + 2] - out[i + 2] !== 0) missing++;
  return missing;
}
