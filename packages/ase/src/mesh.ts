import { compactIndices, cornerNormals, type Attributes, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import { packSkinWeights, unweld } from '@relic3d/kernels';
import { direction, point, type M4 } from './convert.js';
import type { AseMesh } from './types.js';

export interface MeshBuildInput {
  name: string;
  mesh: AseMesh;
  /** World (Max axes) → node-local scene axes. */
  toLocal: M4;
  /** Object-space normal (Max axes) → node-local scene axes (a rotation). */
  normalToLocal: M4;
  /** The node's world matrix mirrors (negative determinant). */
  mirrored: boolean;
  /** Scene material per face, from `*MESH_MTLID`. */
  materialOf: (mtlId: number) => number | undefined;
  useFileNormals: boolean;
  frames: AseMesh[];
  /** Joint (skin list) index per `*MESH_BONE_NAME` index, -1 when the bone is unknown. */
  boneJoints?: Int32Array;
  sink: WarningSink;
}

const NONE = 0xffffffff;

/** Un-welds one `*MESH` into primitives (one per material) with node-local attributes. */
export function buildMesh(input: MeshBuildInput): Mesh | undefined {
  const { mesh, sink, name } = input;
  const nv = mesh.numVertex;
  const faceCount = mesh.numFaces;

  // Valid faces only: every corner must name an existing vertex.
  const keep: number[] = [];
  for (let f = 0; f < faceCount; f++) {
    const a = mesh.faces[f * 3], b = mesh.faces[f * 3 + 1], c = mesh.faces[f * 3 + 2];
    if (a >= 0 && a < nv && b >= 0 && b < nv && c >= 0 && c < nv) keep.push(f);
  }
  if (keep.length < faceCount) sink.warn('ASE_BAD_FACE', `object '${name}': ${faceCount - keep.length} faces name vertices outside 0..${nv - 1}; dropped`);
  if (!keep.length) return undefined;

  // Node-local positions (scene axes).
  const positions = new Float32Array(nv * 3);
  for (let v = 0; v < nv; v++) point(input.toLocal, mesh.vertices[v * 3], mesh.vertices[v * 3 + 1], mesh.vertices[v * 3 + 2], positions, v * 3);

  const corners = keep.length * 3;
  const cornerVertex = new Uint32Array(corners);
  keep.forEach((f, i) => {
    cornerVertex[i * 3] = mesh.faces[f * 3];
    cornerVertex[i * 3 + 1] = mesh.faces[f * 3 + 1];
    cornerVertex[i * 3 + 2] = mesh.faces[f * 3 + 2];
  });

  const normals = cornerNormalsOf(input, keep, positions, cornerVertex);
  for (let i = 0; i < normals.length; i++) normals[i] += 0; // −0 → +0, so equal normals weld

  // Texture channels: map channel 1 → TEXCOORD_0, k ≥ 2 in ascending order after it.
  const channels = [...mesh.channels].sort((a, b) => a.channel - b.channel);
  if (channels.length > 4) sink.warn('ASE_TOO_MANY_CHANNELS', `object '${name}': ${channels.length} mapping channels; the first 4 are kept`);
  const uvChannels = channels.slice(0, 4);
  const cornerUV = uvChannels.map((ch) => {
    const out = new Uint32Array(corners).fill(NONE);
    const nt = ch.tverts.length / 3, nf = ch.tfaces.length / 3;
    let bad = 0;
    keep.forEach((f, i) => {
      if (f >= nf) return;
      for (let k = 0; k < 3; k++) {
        const t = ch.tfaces[f * 3 + k];
        if (t >= 0 && t < nt) out[i * 3 + k] = t;
        else bad++;
      }
    });
    if (bad) sink.warn('ASE_BAD_INDEX', `object '${name}': ${bad} texture corners of channel ${ch.channel} name missing texture vertices`);
    return out;
  });
  let cornerColor: Uint32Array | undefined;
  if (mesh.cverts && mesh.cfaces && mesh.cverts.length) {
    const out = (cornerColor = new Uint32Array(corners).fill(NONE));
    const cfaces = mesh.cfaces;
    const nc = mesh.cverts.length / 3, nf = cfaces.length / 3;
    keep.forEach((f, i) => {
      if (f >= nf) return;
      for (let k = 0; k < 3; k++) {
        const c = cfaces[f * 3 + k];
        if (c >= 0 && c < nc) out[i * 3 + k] = c;
      }
    });
  }

  // One primitive per material, in order of first use.
  const groups = new Map<number, number[]>();
  const groupIds = new Map<number, Set<number>>();
  keep.forEach((f, i) => {
    const mat = input.materialOf(mesh.mtlIds[f]) ?? -1;
    let list = groups.get(mat);
    if (!list) {
      groups.set(mat, (list = []));
      groupIds.set(mat, new Set());
    }
    list.push(i);
    groupIds.get(mat)!.add(mesh.mtlIds[f]);
  });

  const targets = morphTargets(input, positions);
  const skin = skinOf(input);
  const keyWidth = 1 + uvChannels.length + 1 + 3;
  const normalBits = new Uint32Array(normals.buffer, normals.byteOffset, normals.length);
  const primitives: Primitive[] = [];
  for (const [material, faces] of groups) {
    const n = faces.length * 3;
    const keys = new Uint32Array(n * keyWidth);
    const cornerOf = new Uint32Array(n);
    for (let j = 0; j < faces.length; j++) {
      for (let k = 0; k < 3; k++) {
        const c = faces[j] * 3 + k;
        const o = (j * 3 + k) * keyWidth;
        cornerOf[j * 3 + k] = c;
        keys[o] = cornerVertex[c];
        for (let u = 0; u < uvChannels.length; u++) keys[o + 1 + u] = cornerUV[u][c];
        keys[o + 1 + uvChannels.length] = cornerColor ? cornerColor[c] : NONE;
        keys[o + 2 + uvChannels.length] = normalBits[c * 3];
        keys[o + 3 + uvChannels.length] = normalBits[c * 3 + 1];
        keys[o + 4 + uvChannels.length] = normalBits[c * 3 + 2];
      }
    }
    const { indices, firstCorner, vertexCount } = unweld(keys, keyWidth, n);
    const attributes: Attributes = { POSITION: new Float32Array(vertexCount * 3), NORMAL: new Float32Array(vertexCount * 3) };
    const uvs = uvChannels.map(() => new Float32Array(vertexCount * 2));
    const colors = cornerColor ? new Float32Array(vertexCount * 4) : undefined;
    const sourceVertex = new Uint32Array(vertexCount);
    for (let v = 0; v < vertexCount; v++) {
      const c = cornerOf[firstCorner[v]];
      const p = cornerVertex[c];
      sourceVertex[v] = p;
      attributes.POSITION.set(positions.subarray(p * 3, p * 3 + 3), v * 3);
      attributes.NORMAL!.set(normals.subarray(c * 3, c * 3 + 3), v * 3);
      uvChannels.forEach((ch, u) => {
        const t = cornerUV[u][c];
        if (t !== NONE) {
          uvs[u][v * 2] = ch.tverts[t * 3];
          uvs[u][v * 2 + 1] = 1 - ch.tverts[t * 3 + 1]; // Max's V runs up, glTF's down
        }
      });
      if (colors) {
        const k = cornerColor![c];
        if (k !== NONE) colors.set(mesh.cverts!.subarray(k * 3, k * 3 + 3), v * 4);
        else colors.set([1, 1, 1], v * 4);
        colors[v * 4 + 3] = 1;
      }
    }
    uvs.forEach((uv, u) => {
      attributes[`TEXCOORD_${u}` as 'TEXCOORD_0'] = uv;
    });
    if (colors) attributes.COLOR_0 = colors;
    if (skin) {
      const joints = new Uint16Array(vertexCount * 4), weights = new Float32Array(vertexCount * 4);
      for (let v = 0; v < vertexCount; v++) {
        joints.set(skin.joints.subarray(sourceVertex[v] * 4, sourceVertex[v] * 4 + 4), v * 4);
        weights.set(skin.weights.subarray(sourceVertex[v] * 4, sourceVertex[v] * 4 + 4), v * 4);
      }
      attributes.JOINTS_0 = joints;
      attributes.WEIGHTS_0 = weights;
    }
    sanitize(attributes, input);
    // The *MESH_MTLID values merged into this primitive (ids that resolve to the same material).
    const primitive: Primitive = { attributes, indices: compactIndices(indices, vertexCount), extras: { mtlIds: [...groupIds.get(material)!].sort((a, b) => a - b) } };
    if (material >= 0) primitive.material = material;
    if (targets.length) {
      primitive.targets = targets.map((t) => {
        const delta = new Float32Array(vertexCount * 3);
        for (let v = 0; v < vertexCount; v++) delta.set(t.subarray(sourceVertex[v] * 3, sourceVertex[v] * 3 + 3), v * 3);
        for (let i = 0; i < delta.length; i++) if (!Number.isFinite(delta[i])) delta[i] = 0;
        return { POSITION: delta };
      });
    }
    primitives.push(primitive);
  }
  const out: Mesh = { name, primitives };
  if (targets.length) {
    out.weights = targets.map(() => 0);
    out.extras = { morphTargetTimes: input.frames.map((f) => f.timeValue) };
  }
  return out;
}

/** Non-finite attribute values (NaN from `1.#QNAN`, overflow to float) become 0, with a warning. */
function sanitize(attributes: Attributes, input: MeshBuildInput): void {
  let bad = 0;
  for (const data of Object.values(attributes)) {
    if (!(data instanceof Float32Array)) continue;
    for (let i = 0; i < data.length; i++) {
      if (!Number.isFinite(data[i])) {
        data[i] = 0;
        bad++;
      }
    }
  }
  if (bad) input.sink.warn('ASE_BAD_NUMBER', `object '${input.name}': ${bad} non-finite vertex values replaced by 0`);
}

/** Per-corner normals in node-local scene axes: from the file when usable, else from smoothing groups. */
function cornerNormalsOf(input: MeshBuildInput, keep: number[], positions: Float32Array, cornerVertex: Uint32Array): Float32Array {
  const { mesh, sink, name } = input;
  const corners = keep.length * 3;
  const out = new Float32Array(corners * 3).fill(NaN);
  const n = mesh.normals;
  if (input.useFileNormals && n && !n.vertexNormalVertex.length) {
    // Face normals only: flat shading from the file.
    keep.forEach((f, i) => {
      for (let k = 0; k < 3; k++) direction(input.normalToLocal, n.faceNormals[f * 3], n.faceNormals[f * 3 + 1], n.faceNormals[f * 3 + 2], out, (i * 3 + k) * 3);
    });
    if (out.every(Number.isFinite)) return out;
    sink.warn('ASE_BAD_NORMALS', `object '${name}': face normals without vertex normals are incomplete; normals rebuilt from smoothing groups`);
  } else if (input.useFileNormals && n) {
    const count = n.vertexNormalVertex.length;
    // Max layout: three vertex normals after each face normal → per corner. Else per vertex (Q3Map2).
    let perCorner = true;
    for (let e = 0; e < count && perCorner; e += 3) {
      const f = n.vertexNormalFace[e];
      if (f < 0 || e + 2 >= count || n.vertexNormalFace[e + 1] !== f || n.vertexNormalFace[e + 2] !== f || (e + 3 < count && n.vertexNormalFace[e + 3] === f)) perCorner = false;
    }
    const row = new Int32Array(mesh.numFaces).fill(-1); // kept face → corner base
    keep.forEach((f, i) => (row[f] = i * 3));
    if (perCorner) {
      for (let e = 0; e < count; e += 3) {
        const f = n.vertexNormalFace[e];
        if (f >= mesh.numFaces || row[f] < 0) continue;
        for (let k = 0; k < 3; k++) {
          // Match the corner by vertex index when it names one of the face's corners.
          const v = n.vertexNormalVertex[e + k];
          let corner = k;
          for (let q = 0; q < 3; q++) if (mesh.faces[f * 3 + q] === v && mesh.faces[f * 3 + k] !== v) corner = q;
          const o = (row[f] + corner) * 3;
          direction(input.normalToLocal, n.vertexNormals[(e + k) * 3], n.vertexNormals[(e + k) * 3 + 1], n.vertexNormals[(e + k) * 3 + 2], out, o);
        }
      }
    } else {
      const perVertex = new Float32Array(mesh.numVertex * 3).fill(NaN);
      for (let e = 0; e < count; e++) {
        const v = n.vertexNormalVertex[e];
        if (v >= 0 && v < mesh.numVertex) direction(input.normalToLocal, n.vertexNormals[e * 3], n.vertexNormals[e * 3 + 1], n.vertexNormals[e * 3 + 2], perVertex, v * 3);
      }
      for (let c = 0; c < corners; c++) out.set(perVertex.subarray(cornerVertex[c] * 3, cornerVertex[c] * 3 + 3), c * 3);
    }
    let missing = 0;
    for (let i = 0; i < out.length; i += 3) if (!Number.isFinite(out[i]) || !Number.isFinite(out[i + 1]) || !Number.isFinite(out[i + 2])) missing++;
    if (!missing) return out;
    sink.warn('ASE_BAD_NORMALS', `object '${name}': ${missing} corners have no usable file normal; normals rebuilt from smoothing groups`);
  }
  const smoothing = new Uint32Array(keep.length);
  keep.forEach((f, i) => (smoothing[i] = mesh.smoothing[f]));
  const rebuilt = cornerNormals(positions, cornerVertex, smoothing);
  // Faces are counter-clockwise in world space; a mirroring node flips them in local space.
  if (input.mirrored) for (let i = 0; i < rebuilt.length; i++) rebuilt[i] = -rebuilt[i];
  return rebuilt;
}

/** `*MESH_ANIMATION` frames as position deltas per source vertex (node-local scene axes). */
function morphTargets(input: MeshBuildInput, base: Float32Array): Float32Array[] {
  const out: Float32Array[] = [];
  const tmp = new Float32Array(3);
  for (const frame of input.frames) {
    if (frame.numVertex !== input.mesh.numVertex) {
      input.sink.warn('ASE_MORPH_TOPOLOGY', `object '${input.name}': *MESH_ANIMATION frame at tick ${frame.timeValue} has ${frame.numVertex} vertices, the mesh ${input.mesh.numVertex}; frame skipped`);
      continue;
    }
    const delta = new Float32Array(base.length);
    for (let v = 0; v < frame.numVertex; v++) {
      point(input.toLocal, frame.vertices[v * 3], frame.vertices[v * 3 + 1], frame.vertices[v * 3 + 2], tmp, 0);
      delta[v * 3] = tmp[0] - base[v * 3];
      delta[v * 3 + 1] = tmp[1] - base[v * 3 + 1];
      delta[v * 3 + 2] = tmp[2] - base[v * 3 + 2];
    }
    out.push(delta);
  }
  return out;
}

/** JOINTS_0/WEIGHTS_0 per source vertex from `*MESH_WEIGHTS`. */
function skinOf(input: MeshBuildInput): { joints: Uint16Array; weights: Float32Array } | undefined {
  const w = input.mesh.weights;
  const map = input.boneJoints;
  if (!w || !map) return undefined;
  const nv = input.mesh.numVertex;
  let influences = 1;
  for (const v of w.vertices) influences = Math.max(influences, v.bones.length);
  influences = Math.min(influences, 64);
  const joints = new Int32Array(nv * influences);
  const weights = new Float32Array(nv * influences);
  let unweighted = nv, badBones = 0;
  const seen = new Uint8Array(nv);
  for (const v of w.vertices) {
    if (v.index < 0 || v.index >= nv) continue;
    if (!seen[v.index]) unweighted--;
    seen[v.index] = 1;
    for (let k = 0; k < Math.min(influences, v.bones.length); k++) {
      const b = v.bones[k];
      const j = b >= 0 && b < map.length ? map[b] : -1;
      if (j < 0) {
        badBones++;
        continue;
      }
      joints[v.index * influences + k] = j;
      weights[v.index * influences + k] = Number.isFinite(v.weights[k]) ? v.weights[k] : 0;
    }
  }
  if (unweighted) input.sink.warn('ASE_SKIN_UNWEIGHTED', `object '${input.name}': ${unweighted} vertices have no bone weights; bound to the first joint`);
  if (badBones) input.sink.warn('ASE_SKIN_BONE', `object '${input.name}': ${badBones} weights name unknown bones; dropped`);
  return packSkinWeights(nv, influences, joints, weights);
}
