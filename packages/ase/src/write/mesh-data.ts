import { cornerNormals, math, type Primitive, type WarningSink } from '@relic3d/core';
import { maxDirection, type M4 } from './axes.js';
import { smoothingGroups } from './smoothing.js';

/**
 * One `*MESH`, in the numbers the file holds: world-space vertices (Max axes), faces, and
 * object-space normals (docs/formats/ase.md §4.1–4.3). Every scene vertex stays one `*MESH_VERTEX`
 * with its own texture and colour vertex, so the reader rebuilds exactly the scene's vertices.
 */
export interface MeshData {
  vertexCount: number;
  /** xyz per vertex, world space, Max axes. */
  positions: Float64Array;
  faceCount: number;
  /** A B C per face (the scene's corner order: counter-clockwise in world space). */
  faces: Uint32Array;
  /** Object-space face normal per face. */
  faceNormals: Float32Array;
  /** Object-space normal per face corner. */
  normals: Float32Array;
  /** Smoothing group (1..32) of every face. */
  smoothing: Uint8Array;
  mtlIds: Int32Array;
  /** Per TEXCOORD_n: (u, 1 − v) per vertex, undefined for sets no primitive has. */
  uvs: (Float32Array | undefined)[];
  /** rgb per vertex. */
  colors?: Float32Array;
  /** Four (joint, weight) pairs per vertex, joints into the skin's list. */
  joints?: Uint16Array;
  weights?: Float32Array;
  /** Where each vertex's position text starts and ends in the output (set by `writeMesh` when skinned). */
  positionText?: Float64Array;
}

export interface MeshDataInput {
  name: string;
  primitives: Primitive[];
  mtlIds: number[];
  /** Scene world matrix of the node (rest pose). */
  world: ArrayLike<number>;
  /** The node's `*NODE_TM` (Max axes). */
  nodeTM: M4;
  /** Joint matrices (scene world × inverse bind, 16 per joint) for a skinned mesh. */
  jointMatrices?: Float64Array;
  /** Digits of the written numbers (places are compared as written). */
  decimals: number;
  sink: WarningSink;
}

const UV_SETS = ['TEXCOORD_0', 'TEXCOORD_1', 'TEXCOORD_2', 'TEXCOORD_3'] as const;

export function meshData(input: MeshDataInput): MeshData {
  const { primitives, sink, name } = input;
  let vertexCount = 0, faceCount = 0, badFaces = 0;
  const first: number[] = [];
  for (const p of primitives) {
    first.push(vertexCount);
    const n = p.attributes.POSITION.length / 3;
    vertexCount += n;
    faceCount += Math.floor((p.indices ? p.indices.length : n) / 3);
  }
  const faces = new Uint32Array(faceCount * 3);
  const mtlIds = new Int32Array(faceCount);
  const faceHasNormals = new Uint8Array(faceCount);
  let f = 0;
  primitives.forEach((p, k) => {
    const n = p.attributes.POSITION.length / 3;
    const idx = p.indices;
    const count = Math.floor((idx ? idx.length : n) / 3);
    for (let t = 0; t < count; t++) {
      const a = idx ? idx[t * 3] : t * 3, b = idx ? idx[t * 3 + 1] : t * 3 + 1, c = idx ? idx[t * 3 + 2] : t * 3 + 2;
      if (!(a < n && b < n && c < n)) {
        badFaces++;
        continue;
      }
      faces[f * 3] = first[k] + a;
      faces[f * 3 + 1] = first[k] + b;
      faces[f * 3 + 2] = first[k] + c;
      faceHasNormals[f] = p.attributes.NORMAL ? 1 : 0;
      mtlIds[f++] = input.mtlIds[k];
    }
  });
  if (badFaces) sink.warn('ASE_WRITE_BAD_INDEX', `object "${name}": ${badFaces} triangles name vertices past their primitive's end; not written`);
  faceCount = f;

  const positions = new Float64Array(vertexCount * 3);
  const skinned = input.jointMatrices !== undefined;
  let nonFinite = 0;
  const g = input.world;
  const sceneNormals = new Float32Array(vertexCount * 3).fill(NaN);
  let unweighted = 0;
  primitives.forEach((p, k) => {
    const counts = placeVertices(p, first[k], skinned ? input.jointMatrices : undefined, g, positions, sceneNormals);
    nonFinite += counts.nonFinite;
    unweighted += counts.unweighted;
  });
  if (nonFinite) sink.warn('ASE_WRITE_NON_FINITE', `object "${name}": ${nonFinite} vertices have non-finite positions; written as 0`);
  if (unweighted) sink.warn('ASE_WRITE_SKIN_UNWEIGHTED', `object "${name}": ${unweighted} skinned vertices have no weight; written at the node's rest place`);

  const { faceNormals, normals, smoothing } = normalsOf(input, positions, faces, faceCount, sceneNormals, skinned, primitives, faceHasNormals);
  const uvs = UV_SETS.map((set) => {
    if (!primitives.some((p) => p.attributes[set])) return undefined;
    const out = new Float32Array(vertexCount * 2);
    primitives.forEach((p, k) => {
      const uv = p.attributes[set];
      if (!uv) return;
      for (let v = 0, o = first[k] * 2; v < uv.length; v += 2, o += 2) {
        out[o] = uv[v];
        // glTF's V runs down, Max's up (the reader writes 1 − v).
        out[o + 1] = 1 - uv[v + 1];
      }
    });
    return out;
  });
  let colors: Float32Array | undefined;
  if (primitives.some((p) => p.attributes.COLOR_0)) {
    colors = new Float32Array(vertexCount * 3).fill(1);
    let translucent = 0;
    primitives.forEach((p, k) => {
      const c = p.attributes.COLOR_0;
      if (!c) return;
      for (let v = 0, o = first[k] * 3; v < c.length; v += 4, o += 3) {
        colors![o] = c[v];
        colors![o + 1] = c[v + 1];
        colors![o + 2] = c[v + 2];
        if (c[v + 3] < 1) translucent++;
      }
    });
    if (translucent) sink.warn('ASE_WRITE_VERTEX_ALPHA', `object "${name}": ${translucent} vertex colours have alpha below 1; ASE colours are RGB`);
  }
  const data: MeshData = { vertexCount, positions, faceCount, faces, faceNormals, normals, smoothing, mtlIds, uvs, colors };
  if (skinned) {
    data.joints = new Uint16Array(vertexCount * 4);
    data.weights = new Float32Array(vertexCount * 4);
    primitives.forEach((p, k) => {
      if (p.attributes.JOINTS_0) data.joints!.set(p.attributes.JOINTS_0, first[k] * 4);
      if (p.attributes.WEIGHTS_0) data.weights!.set(p.attributes.WEIGHTS_0, first[k] * 4);
    });
  }
  return data;
}

/**
 * A primitive's vertices in Max world space, from `first` on: each by the node's world matrix `g`,
 * or a skinned one by its joints' blend (the 12 entries an affine transform uses, summed joint by
 * joint as the scene's skinning does), and its normal by the same blend (the node's frame otherwise).
 */
function placeVertices(p: Primitive, first: number, jointMatrices: Float64Array | undefined, g: ArrayLike<number>, positions: Float64Array, sceneNormals: Float32Array) {
  const src = p.attributes.POSITION, nrm = p.attributes.NORMAL;
  const joints = p.attributes.JOINTS_0, weights = p.attributes.WEIGHTS_0;
  const blended = jointMatrices !== undefined && joints !== undefined && weights !== undefined;
  const jm = jointMatrices ?? new Float64Array(0);
  const n = src.length / 3;
  let nonFinite = 0, unweighted = 0;
  const g0 = g[0], g1 = g[1], g2 = g[2], g4 = g[4], g5 = g[5], g6 = g[6], g8 = g[8], g9 = g[9], g10 = g[10], g12 = g[12], g13 = g[13], g14 = g[14];
  for (let v = 0; v < n; v++) {
    const x = src[v * 3], y = src[v * 3 + 1], z = src[v * 3 + 2];
    let m0 = g0, m1 = g1, m2 = g2, m4 = g4, m5 = g5, m6 = g6, m8 = g8, m9 = g9, m10 = g10, m12 = g12, m13 = g13, m14 = g14;
    if (blended) {
      let b0 = 0, b1 = 0, b2 = 0, b4 = 0, b5 = 0, b6 = 0, b8 = 0, b9 = 0, b10 = 0, b12 = 0, b13 = 0, b14 = 0;
      let sum = 0;
      for (let j = 0; j < 4; j++) {
        const w = weights[v * 4 + j], at = joints[v * 4 + j] * 16;
        if (!(w > 0) || at >= jm.length) continue;
        sum += w;
        b0 += w * jm[at]; b1 += w * jm[at + 1]; b2 += w * jm[at + 2];
        b4 += w * jm[at + 4]; b5 += w * jm[at + 5]; b6 += w * jm[at + 6];
        b8 += w * jm[at + 8]; b9 += w * jm[at + 9]; b10 += w * jm[at + 10];
        b12 += w * jm[at + 12]; b13 += w * jm[at + 13]; b14 += w * jm[at + 14];
      }
      if (sum > 0) {
        m0 = b0; m1 = b1; m2 = b2; m4 = b4; m5 = b5; m6 = b6; m8 = b8; m9 = b9; m10 = b10; m12 = b12; m13 = b13; m14 = b14;
      } else unweighted++;
    }
    const o = (first + v) * 3;
    const wx = m0 * x + m4 * y + m8 * z + m12;
    const wy = m1 * x + m5 * y + m9 * z + m13;
    const wz = m2 * x + m6 * y + m10 * z + m14;
    // Scene world → Max world is C⁻¹: (x, y, z) → (x, −z, y).
    positions[o] = wx;
    positions[o + 1] = -wz;
    positions[o + 2] = wy;
    if (!(wx - wx === 0 && wy - wy === 0 && wz - wz === 0)) {
      nonFinite++;
      positions[o] = positions[o + 1] = positions[o + 2] = 0;
    }
    if (nrm) {
      const nx = nrm[v * 3], ny = nrm[v * 3 + 1], nz = nrm[v * 3 + 2];
      if (jointMatrices) {
        // Linear blend of the normal (as the scene's skinning does), back into the node's frame later.
        sceneNormals[o] = m0 * nx + m4 * ny + m8 * nz;
        sceneNormals[o + 1] = m1 * nx + m5 * ny + m9 * nz;
        sceneNormals[o + 2] = m2 * nx + m6 * ny + m10 * nz;
      } else {
        sceneNormals[o] = nx;
        sceneNormals[o + 1] = ny;
        sceneNormals[o + 2] = nz;
      }
    }
  }
  return { nonFinite, unweighted };
}

/**
 * Object-space normals. A non-skinned primitive's NORMAL is already in the node's frame (C⁻¹ maps
 * it to Max axes); skinned normals and rebuilt ones are world directions, taken to object space by
 * Wᵀ (the inverse transpose of W⁻¹).
 */
function normalsOf(input: MeshDataInput, positions: Float64Array, faces: Uint32Array, faceCount: number, sceneNormals: Float32Array, skinned: boolean, primitives: Primitive[], faceHasNormals: Uint8Array) {
  const w = input.nodeTM;
  const tmp = new Float64Array(3);
  const faceNormals = new Float32Array(faceCount * 3);
  for (let f = 0; f < faceCount; f++) {
    const a = faces[f * 3] * 3, b = faces[f * 3 + 1] * 3, c = faces[f * 3 + 2] * 3;
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    tmp[0] = uy * vz - uz * vy;
    tmp[1] = uz * vx - ux * vz;
    tmp[2] = ux * vy - uy * vx;
    toObject(w, tmp, 0, faceNormals, f * 3);
  }
  const normals = new Float32Array(faceCount * 9);
  // Smooth across shared vertices, in world space where the faces are counter-clockwise.
  const rebuilt = primitives.some((p) => !p.attributes.NORMAL) ? cornerNormals(positions, faces.subarray(0, faceCount * 3)) : undefined;
  // A zero or non-finite NORMAL: the mean of the vertex's faces, the same at every corner so the
  // vertex stays one vertex for a reader.
  let average: Float32Array | undefined;
  const fallback = (v: number, o: number) => {
    average ??= vertexAverages(faces, faceCount, faceNormals, positions.length / 3);
    normals[o] = average[v]; normals[o + 1] = average[v + 1]; normals[o + 2] = average[v + 2];
  };
  // A corner with the scene's NORMAL has its vertex's normal: made once per vertex, then copied.
  const byVertex = new Float32Array(positions.length);
  const made = new Uint8Array(positions.length / 3);
  for (let f = 0; f < faceCount; f++) {
    for (let k = 0; k < 3; k++) {
      const v = faces[f * 3 + k] * 3, o = (f * 3 + k) * 3;
      if (!faceHasNormals[f]) {
        toObject(w, rebuilt!, o, normals, o);
        continue;
      }
      if (made[v / 3]) {
        normals[o] = byVertex[v]; normals[o + 1] = byVertex[v + 1]; normals[o + 2] = byVertex[v + 2];
        continue;
      }
      maxDirection(sceneNormals[v], sceneNormals[v + 1], sceneNormals[v + 2], tmp);
      if (skinned) toObject(w, tmp, 0, normals, o);
      else {
        normals[o] = tmp[0]; normals[o + 1] = tmp[1]; normals[o + 2] = tmp[2];
      }
      if (normals[o] === 0 && normals[o + 1] === 0 && normals[o + 2] === 0) fallback(v, o);
      byVertex[v] = normals[o]; byVertex[v + 1] = normals[o + 1]; byVertex[v + 2] = normals[o + 2];
      made[v / 3] = 1;
    }
  }
  return { faceNormals, normals, smoothing: smoothingGroups(positions, faces, faceCount, normals, input.decimals) };
}

/**
 * A world direction (`d[i..i+2]`) in object space, unit length (0 when degenerate): Wᵀ · n
 * (column-major W: row r of Wᵀ is column r of W). It takes arrays, not numbers: no double is boxed.
 */
function toObject(w: M4, d: Float64Array | Float32Array, i: number, out: Float32Array, o: number): void {
  const x = d[i], y = d[i + 1], z = d[i + 2];
  const a = w[0] * x + w[1] * y + w[2] * z;
  const b = w[4] * x + w[5] * y + w[6] * z;
  const c = w[8] * x + w[9] * y + w[10] * z;
  const l = math.hypot3(a, b, c);
  if (l > 0 && Number.isFinite(l)) {
    out[o] = a / l; out[o + 1] = b / l; out[o + 2] = c / l;
  } else out[o] = out[o + 1] = out[o + 2] = 0;
}

/** Mean of the unit face normals around each vertex (3 per vertex; +Z where they cancel out). */
function vertexAverages(faces: Uint32Array, faceCount: number, faceNormals: Float32Array, vertexCount: number): Float32Array {
  const sum = new Float64Array(vertexCount * 3);
  for (let f = 0; f < faceCount; f++) {
    for (let k = 0; k < 3; k++) {
      const v = faces[f * 3 + k] * 3;
      sum[v] += faceNormals[f * 3]; sum[v + 1] += faceNormals[f * 3 + 1]; sum[v + 2] += faceNormals[f * 3 + 2];
    }
  }
  const out = new Float32Array(vertexCount * 3);
  for (let v = 0; v < out.length; v += 3) {
    const l = math.hypot3(sum[v], sum[v + 1], sum[v + 2]);
    if (l > 1e-12) {
      out[v] = sum[v] / l; out[v + 1] = sum[v + 1] / l; out[v + 2] = sum[v + 2] / l;
    } else out[v + 2] = 1;
  }
  return out;
}
