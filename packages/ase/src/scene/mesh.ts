import { compactIndices, zeroNonFinite, type Attributes, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import { unweld, type KernelMode } from '@relic3d/kernels';
import type { AseMapChannel, AseMesh } from '../file.js';
import { transformPoint, type M4 } from './axes.js';
import { cornerNormalsOf } from './normals.js';
import { skinOf } from './skin.js';

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
  /** `'js'` forces the TypeScript kernels; otherwise WASM once `ready()` has resolved. */
  kernels?: KernelMode;
  /** Input offset of the object's keyword, for warnings. */
  offset?: number;
  sink: WarningSink;
}

/** An absent texture or colour corner. */
const NONE = 0xffffffff;

/** Un-welds one `*MESH` into primitives (one per material) with node-local attributes. */
export function buildMesh(input: MeshBuildInput): Mesh | undefined {
  const { mesh, sink, name } = input;
  const kernelOptions = { kernels: input.kernels };
  const nv = mesh.numVertex;
  const faceCount = mesh.numFaces;
  const faces = mesh.faces;

  // Valid faces only: every corner must name an existing vertex.
  const keepAll = new Int32Array(faceCount);
  let kept = 0;
  for (let f = 0; f < faceCount; f++) {
    const a = faces[f * 3], b = faces[f * 3 + 1], c = faces[f * 3 + 2];
    if (a >= 0 && a < nv && b >= 0 && b < nv && c >= 0 && c < nv) keepAll[kept++] = f;
  }
  if (kept < faceCount) sink.warn('ASE_BAD_FACE', `object '${name}': ${faceCount - kept} faces name vertices outside 0..${nv - 1}; dropped`, input.offset);
  if (!kept) return undefined;
  const keep = kept === faceCount ? keepAll : keepAll.subarray(0, kept);

  // Node-local positions (scene axes).
  const positions = new Float32Array(nv * 3);
  for (let v = 0; v < nv; v++) transformPoint(input.toLocal, mesh.vertices[v * 3], mesh.vertices[v * 3 + 1], mesh.vertices[v * 3 + 2], positions, v * 3);

  const corners = kept * 3;
  const cornerVertex = new Uint32Array(corners);
  for (let i = 0; i < kept; i++) {
    const f = keep[i] * 3;
    cornerVertex[i * 3] = faces[f];
    cornerVertex[i * 3 + 1] = faces[f + 1];
    cornerVertex[i * 3 + 2] = faces[f + 2];
  }

  const normals = cornerNormalsOf(input, keep, positions, cornerVertex);

  // Texture channels: map channel 1 → TEXCOORD_0, k ≥ 2 in ascending order after it.
  const channels = [...mesh.channels].sort((a, b) => a.channel - b.channel);
  if (channels.length > 4) sink.warn('ASE_TOO_MANY_CHANNELS', `object '${name}': ${channels.length} mapping channels; the first 4 are kept`, input.offset);
  const uvChannels = channels.slice(0, 4);
  const cornerUV = uvChannels.map((ch) => {
    const out = new Uint32Array(corners).fill(NONE);
    const tfaces = ch.tfaces;
    const nt = ch.tverts.length / 3, nf = tfaces.length / 3;
    let bad = 0;
    for (let i = 0; i < kept; i++) {
      const f = keep[i];
      if (f >= nf) continue;
      for (let k = 0; k < 3; k++) {
        const t = tfaces[f * 3 + k];
        if (t >= 0 && t < nt) out[i * 3 + k] = t;
        else bad++;
      }
    }
    if (bad) sink.warn('ASE_BAD_INDEX', `object '${name}': ${bad} texture corners of channel ${ch.channel} name missing texture vertices`, input.offset);
    return out;
  });
  let cornerColor: Uint32Array | undefined;
  if (mesh.cverts && mesh.cfaces && mesh.cverts.length) {
    const out = (cornerColor = new Uint32Array(corners).fill(NONE));
    const cfaces = mesh.cfaces;
    const nc = mesh.cverts.length / 3, nf = cfaces.length / 3;
    for (let i = 0; i < kept; i++) {
      const f = keep[i];
      if (f >= nf) continue;
      for (let k = 0; k < 3; k++) {
        const c = cfaces[f * 3 + k];
        if (c >= 0 && c < nc) out[i * 3 + k] = c;
      }
    }
  }

  // One primitive per material, in order of first use: a counting sort of the kept faces.
  const materialOfId = new Map<number, number>();
  const groupOfMaterial = new Map<number, number>();
  const groupMaterials: number[] = [];
  const groupIds: Set<number>[] = [];
  const groupOfFace = new Int32Array(kept);
  const groupSize: number[] = [];
  let lastId = NaN, lastGroup = 0;
  for (let i = 0; i < kept; i++) {
    const id = mesh.mtlIds[keep[i]];
    let g = lastGroup;
    if (id !== lastId) {
      let mat = materialOfId.get(id);
      if (mat === undefined) materialOfId.set(id, (mat = input.materialOf(id) ?? -1));
      let found = groupOfMaterial.get(mat);
      if (found === undefined) {
        groupOfMaterial.set(mat, (found = groupMaterials.length));
        groupMaterials.push(mat);
        groupIds.push(new Set());
        groupSize.push(0);
      }
      groupIds[found].add(id);
      g = lastGroup = found;
      lastId = id;
    }
    groupSize[g]++;
    groupOfFace[i] = g;
  }
  const groupStart = new Int32Array(groupMaterials.length + 1);
  for (let g = 0; g < groupMaterials.length; g++) groupStart[g + 1] = groupStart[g] + groupSize[g];
  const faceOrder = new Int32Array(kept);
  const fill = groupStart.slice(0, groupMaterials.length);
  for (let i = 0; i < kept; i++) faceOrder[fill[groupOfFace[i]]++] = i;

  const targets = morphTargets(input, positions);
  const skin = skinOf(input, kernelOptions);
  const uvCount = uvChannels.length;
  const keyWidth = 1 + uvCount + 1 + 3;
  const normalBits = new Uint32Array(normals.buffer, normals.byteOffset, normals.length);
  const primitives: Primitive[] = [];
  for (let g = 0; g < groupMaterials.length; g++) {
    const material = groupMaterials[g];
    const first = groupStart[g], faceN = groupStart[g + 1] - first;
    const n = faceN * 3;
    // Corner key: vertex, texture vertex per channel, colour vertex, normal bits.
    const cornerOf = new Uint32Array(n);
    for (let j = 0; j < faceN; j++) {
      const c = faceOrder[first + j] * 3;
      cornerOf[j * 3] = c;
      cornerOf[j * 3 + 1] = c + 1;
      cornerOf[j * 3 + 2] = c + 2;
    }
    const keys = cornerKeys(cornerOf, keyWidth, cornerVertex, cornerUV, cornerColor, normalBits);
    const { indices, firstCorner, vertexCount } = unweld(keys, keyWidth, n, kernelOptions);
    const position = new Float32Array(vertexCount * 3);
    const normal = new Float32Array(vertexCount * 3);
    const uvs = uvChannels.map(() => new Float32Array(vertexCount * 2));
    const colors = cornerColor ? new Float32Array(vertexCount * 4) : undefined;
    const sourceVertex = new Uint32Array(vertexCount);
    gatherCorners(cornerOf, firstCorner, vertexCount, cornerVertex, positions, normals, sourceVertex, position, normal);
    for (let u = 0; u < uvCount; u++) gatherUV(uvChannels[u], cornerUV[u], cornerOf, firstCorner, uvs[u], vertexCount);
    if (colors) {
      const cverts = mesh.cverts!;
      for (let v = 0; v < vertexCount; v++) {
        const k = cornerColor![cornerOf[firstCorner[v]]];
        if (k !== NONE) {
          colors[v * 4] = cverts[k * 3];
          colors[v * 4 + 1] = cverts[k * 3 + 1];
          colors[v * 4 + 2] = cverts[k * 3 + 2];
        } else colors[v * 4] = colors[v * 4 + 1] = colors[v * 4 + 2] = 1;
        colors[v * 4 + 3] = 1;
      }
    }
    const attributes: Attributes = { POSITION: position, NORMAL: normal };
    for (let u = 0; u < uvCount; u++) attributes[`TEXCOORD_${u}` as 'TEXCOORD_0'] = uvs[u];
    if (colors) attributes.COLOR_0 = colors;
    if (skin) {
      const joints = new Uint16Array(vertexCount * 4), weights = new Float32Array(vertexCount * 4);
      for (let v = 0; v < vertexCount; v++) {
        const s = sourceVertex[v] * 4;
        for (let k = 0; k < 4; k++) {
          joints[v * 4 + k] = skin.joints[s + k];
          weights[v * 4 + k] = skin.weights[s + k];
        }
      }
      attributes.JOINTS_0 = joints;
      attributes.WEIGHTS_0 = weights;
    }
    sanitize(attributes, input);
    // The *MESH_MTLID values merged into this primitive (ids that resolve to the same material).
    const primitive: Primitive = { attributes, indices: compactIndices(indices, vertexCount), extras: { mtlIds: [...groupIds[g]].sort((a, b) => a - b) } };
    if (material >= 0) primitive.material = material;
    if (targets.length) {
      primitive.targets = targets.map((t) => {
        const delta = new Float32Array(vertexCount * 3);
        for (let v = 0; v < vertexCount; v++) {
          const s = sourceVertex[v] * 3;
          for (let k = 0; k < 3; k++) {
            const x = t[s + k];
            delta[v * 3 + k] = Number.isFinite(x) ? x : 0;
          }
        }
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

/**
 * The key of every corner, one row per corner written in order (not a strided pass per column):
 * vertex, texture vertex per channel, colour vertex (NONE when the mesh has none), normal bits.
 */
function cornerKeys(cornerOf: Uint32Array, width: number, cornerVertex: Uint32Array, cornerUV: Uint32Array[], cornerColor: Uint32Array | undefined, normalBits: Uint32Array): Uint32Array {
  const n = cornerOf.length, uvCount = cornerUV.length;
  const keys = new Uint32Array(n * width);
  const uv0 = uvCount === 1 ? cornerUV[0] : undefined;
  for (let i = 0, o = 0; i < n; i++) {
    const c = cornerOf[i];
    keys[o++] = cornerVertex[c];
    if (uv0) keys[o++] = uv0[c];
    else for (let u = 0; u < uvCount; u++) keys[o++] = cornerUV[u][c];
    keys[o++] = cornerColor ? cornerColor[c] : NONE;
    keys[o++] = normalBits[c * 3];
    keys[o++] = normalBits[c * 3 + 1];
    keys[o++] = normalBits[c * 3 + 2];
  }
  return keys;
}

/** Position (by source vertex) and normal (by corner) of every new vertex. */
function gatherCorners(
  cornerOf: Uint32Array, firstCorner: Uint32Array, vertexCount: number, cornerVertex: Uint32Array,
  positions: Float32Array, normals: Float32Array, sourceVertex: Uint32Array, position: Float32Array, normal: Float32Array,
): void {
  for (let v = 0; v < vertexCount; v++) {
    const c = cornerOf[firstCorner[v]];
    const p = cornerVertex[c];
    sourceVertex[v] = p;
    position[v * 3] = positions[p * 3];
    position[v * 3 + 1] = positions[p * 3 + 1];
    position[v * 3 + 2] = positions[p * 3 + 2];
    normal[v * 3] = normals[c * 3];
    normal[v * 3 + 1] = normals[c * 3 + 1];
    normal[v * 3 + 2] = normals[c * 3 + 2];
  }
}

/** TEXCOORD values of the new vertices: `(u, 1 − v)`, Max's V runs up and glTF's down. */
function gatherUV(ch: AseMapChannel, cornerUV: Uint32Array, cornerOf: Uint32Array, firstCorner: Uint32Array, out: Float32Array, vertexCount: number): void {
  const tverts = ch.tverts;
  for (let v = 0; v < vertexCount; v++) {
    const t = cornerUV[cornerOf[firstCorner[v]]];
    if (t !== NONE) {
      out[v * 2] = tverts[t * 3];
      out[v * 2 + 1] = 1 - tverts[t * 3 + 1];
    }
  }
}

/** Non-finite attribute values (NaN from `1.#QNAN`, overflow to float) become 0, with a warning. */
function sanitize(attributes: Attributes, input: MeshBuildInput): void {
  let bad = 0;
  for (const data of Object.values(attributes)) if (data instanceof Float32Array) bad += zeroNonFinite(data);
  if (bad) input.sink.warn('ASE_BAD_NUMBER', `object '${input.name}': ${bad} non-finite vertex values replaced by 0`, input.offset);
}


/** `*MESH_ANIMATION` frames as position deltas per source vertex (node-local scene axes). */
function morphTargets(input: MeshBuildInput, base: Float32Array): Float32Array[] {
  const out: Float32Array[] = [];
  const tmp = new Float32Array(3);
  for (const frame of input.frames) {
    if (frame.numVertex !== input.mesh.numVertex) {
      input.sink.warn('ASE_MORPH_TOPOLOGY', `object '${input.name}': *MESH_ANIMATION frame at tick ${frame.timeValue} has ${frame.numVertex} vertices, the mesh ${input.mesh.numVertex}; frame skipped`, input.offset);
      continue;
    }
    const delta = new Float32Array(base.length);
    for (let v = 0; v < frame.numVertex; v++) {
      transformPoint(input.toLocal, frame.vertices[v * 3], frame.vertices[v * 3 + 1], frame.vertices[v * 3 + 2], tmp, 0);
      delta[v * 3] = tmp[0] - base[v * 3];
      delta[v * 3 + 1] = tmp[1] - base[v * 3 + 1];
      delta[v * 3 + 2] = tmp[2] - base[v * 3 + 2];
    }
    out.push(delta);
  }
  return out;
}
