import { cornerNormals, keepMapAlive, math, type Primitive, type WarningSink } from '@relic3d/core';
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
  colors: Float32Array | undefined;
  /** Four (joint, weight) pairs per vertex, joints into the skin's list. */
  joints: Uint16Array | undefined;
  weights: Float32Array | undefined;
  /** Where each vertex's position text starts and ends in the output (set by `writeMesh` when skinned). */
  positionText: Float64Array | undefined;
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

/*
 * The loops below are leaf functions over typed arrays and numbers, and MeshData is made by one
 * literal with one instance kept (core's keepMapAlive): a write's objects die in the next full GC,
 * and with their maps V8 dropped the list loops that read them ('weak objects'); closures made per
 * write were new call targets. Both were compiled again (OSR, then whole) in every write (issue 25).
 * The counts kept as doubles: a count handed back by a deoptimised loop is a heap number, and a
 * small-integer field given one moves later literals to a new map.
 */
function meshDataOf(vertexCount: number, positions: Float64Array, faceCount: number, faces: Uint32Array, faceNormals: Float32Array, normals: Float32Array, smoothing: Uint8Array, mtlIds: Int32Array, uvs: (Float32Array | undefined)[], colors: Float32Array | undefined, joints: Uint16Array | undefined, weights: Float32Array | undefined): MeshData {
  return { vertexCount, positions, faceCount, faces, faceNormals, normals, smoothing, mtlIds, uvs, colors, joints, weights, positionText: undefined };
}
keepMapAlive(meshDataOf(0.5, new Float64Array(0), 0.5, new Uint32Array(0), new Float32Array(0), new Float32Array(0), new Uint8Array(0), new Int32Array(0), [], undefined, undefined, undefined));

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
  for (let k = 0; k < primitives.length; k++) {
    const p = primitives[k];
    const n = p.attributes.POSITION.length / 3;
    const count = Math.floor((p.indices ? p.indices.length : n) / 3);
    const placed = placeFaces(p.indices, n, count, first[k], input.mtlIds[k], p.attributes.NORMAL ? 1 : 0, faces, mtlIds, faceHasNormals, f);
    badFaces += count - (placed - f);
    f = placed;
  }
  if (badFaces) sink.warn('ASE_WRITE_BAD_INDEX', `object "${name}": ${badFaces} triangles name vertices past their primitive's end; not written`);
  faceCount = f;

  const positions = new Float64Array(vertexCount * 3);
  const skinned = input.jointMatrices !== undefined;
  const sceneNormals = new Float32Array(vertexCount * 3).fill(NaN);
  // Vertices with non-finite positions, then skinned vertices without weight.
  const counts = new Float64Array(2);
  for (let k = 0; k < primitives.length; k++) placeVertices(primitives[k], first[k], skinned ? input.jointMatrices : undefined, input.world, positions, sceneNormals, counts);
  if (counts[0]) sink.warn('ASE_WRITE_NON_FINITE', `object "${name}": ${counts[0]} vertices have non-finite positions; written as 0`);
  if (counts[1]) sink.warn('ASE_WRITE_SKIN_UNWEIGHTED', `object "${name}": ${counts[1]} skinned vertices have no weight; written at the node's rest place`);

  const faceNormals = faceNormalsOf(input.nodeTM, positions, faces, faceCount);
  // Smooth across shared vertices, in world space where the faces are counter-clockwise.
  const rebuilt = withAttribute(primitives, 'NORMAL') < primitives.length ? cornerNormals(positions, faces.subarray(0, faceCount * 3)) : undefined;
  const normals = objectNormals(input.nodeTM, positions, faces, faceCount, faceNormals, sceneNormals, skinned, rebuilt, faceHasNormals);
  const smoothing = smoothingGroups(positions, faces, faceCount, normals, input.decimals);
  const uvs: (Float32Array | undefined)[] = [];
  for (const set of UV_SETS) {
    const out = withAttribute(primitives, set) ? new Float32Array(vertexCount * 2) : undefined;
    for (let k = 0; k < primitives.length && out; k++) {
      const uv = primitives[k].attributes[set];
      if (uv) flipV(uv, out, first[k] * 2);
    }
    uvs.push(out);
  }
  let colors: Float32Array | undefined;
  if (withAttribute(primitives, 'COLOR_0')) {
    colors = new Float32Array(vertexCount * 3).fill(1);
    let translucent = 0;
    for (let k = 0; k < primitives.length; k++) {
      const c = primitives[k].attributes.COLOR_0;
      if (c) translucent += placeColors(c, colors, first[k] * 3);
    }
    if (translucent) sink.warn('ASE_WRITE_VERTEX_ALPHA', `object "${name}": ${translucent} vertex colours have alpha below 1; ASE colours are RGB`);
  }
  let joints: Uint16Array | undefined, weights: Float32Array | undefined;
  if (skinned) {
    joints = new Uint16Array(vertexCount * 4);
    weights = new Float32Array(vertexCount * 4);
    for (let k = 0; k < primitives.length; k++) {
      const p = primitives[k];
      if (p.attributes.JOINTS_0) joints.set(p.attributes.JOINTS_0, first[k] * 4);
      if (p.attributes.WEIGHTS_0) weights.set(p.attributes.WEIGHTS_0, first[k] * 4);
    }
  }
  return meshDataOf(vertexCount, positions, faceCount, faces, faceNormals, normals, smoothing, mtlIds, uvs, colors, joints, weights);
}

/** How many primitives have the attribute. */
function withAttribute(primitives: Primitive[], set: 'NORMAL' | 'COLOR_0' | (typeof UV_SETS)[number]): number {
  let n = 0;
  for (const p of primitives) if (p.attributes[set]) n++;
  return n;
}

/** A primitive's triangles from face `f` on, those naming vertices past its `n` left out; returns the next face. */
function placeFaces(idx: Uint16Array | Uint32Array | undefined, n: number, count: number, base: number, mtlId: number, hasNormals: number, faces: Uint32Array, mtlIds: Int32Array, faceHasNormals: Uint8Array, f: number): number {
  for (let t = 0; t < count; t++) {
    const a = idx ? idx[t * 3] : t * 3, b = idx ? idx[t * 3 + 1] : t * 3 + 1, c = idx ? idx[t * 3 + 2] : t * 3 + 2;
    if (!(a < n && b < n && c < n)) continue;
    faces[f * 3] = base + a;
    faces[f * 3 + 1] = base + b;
    faces[f * 3 + 2] = base + c;
    faceHasNormals[f] = hasNormals;
    mtlIds[f++] = mtlId;
  }
  return f;
}

/** (u, 1 − v) from `o` on: glTF's V runs down, Max's up (the reader writes 1 − v). */
function flipV(uv: Float32Array, out: Float32Array, o: number): void {
  for (let v = 0; v < uv.length; v += 2, o += 2) {
    out[o] = uv[v];
    out[o + 1] = 1 - uv[v + 1];
  }
}

/** RGB of RGBA colours from `o` on; returns how many have alpha below 1. */
function placeColors(c: Float32Array, colors: Float32Array, o: number): number {
  let translucent = 0;
  for (let v = 0; v < c.length; v += 4, o += 3) {
    colors[o] = c[v];
    colors[o + 1] = c[v + 1];
    colors[o + 2] = c[v + 2];
    if (c[v + 3] < 1) translucent++;
  }
  return translucent;
}

/**
 * A primitive's vertices in Max world space, from `first` on: each by the node's world matrix `g`,
 * or a skinned one by its joints' blend (the 12 entries an affine transform uses, summed joint by
 * joint as the scene's skinning does), and its normal by the same blend (the node's frame otherwise).
 */
function placeVertices(p: Primitive, first: number, jointMatrices: Float64Array | undefined, g: ArrayLike<number>, positions: Float64Array, sceneNormals: Float32Array, counts: Float64Array): void {
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
  counts[0] += nonFinite;
  counts[1] += unweighted;
}

/**
 * Object-space normals. A non-skinned primitive's NORMAL is already in the node's frame (C⁻¹ maps
 * it to Max axes); skinned normals and rebuilt ones are world directions, taken to object space by
 * Wᵀ (the inverse transpose of W⁻¹). This is each face's.
 */
function faceNormalsOf(w: M4, positions: Float64Array, faces: Uint32Array, faceCount: number): Float32Array {
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
  return faceNormals;
}

/** Each corner's object-space normal (9 per face): the scene's NORMAL, else `rebuilt`'s. */
function objectNormals(w: M4, positions: Float64Array, faces: Uint32Array, faceCount: number, faceNormals: Float32Array, sceneNormals: Float32Array, skinned: boolean, rebuilt: Float32Array | undefined, faceHasNormals: Uint8Array): Float32Array {
  const tmp = new Float64Array(3);
  const normals = new Float32Array(faceCount * 9);
  // A zero or non-finite NORMAL: the mean of the vertex's faces, the same at every corner so the
  // vertex stays one vertex for a reader.
  let average: Float32Array | undefined;
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
      if (normals[o] === 0 && normals[o + 1] === 0 && normals[o + 2] === 0) {
        average ??= vertexAverages(faces, faceCount, faceNormals, positions.length / 3);
        normals[o] = average[v]; normals[o + 1] = average[v + 1]; normals[o + 2] = average[v + 2];
      }
      byVertex[v] = normals[o]; byVertex[v + 1] = normals[o + 1]; byVertex[v + 2] = normals[o + 2];
      made[v / 3] = 1;
    }
  }
  return normals;
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
