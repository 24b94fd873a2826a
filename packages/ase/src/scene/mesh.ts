import { compactIndices, zeroNonFinite, type Attributes, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import { unweldByVertex, type KernelMode } from '@relic3d/kernels';
import type { AseMapChannel, AseMesh } from '../file.js';
import { transformPoint, type M4 } from './axes.js';
import { cornerKeys, scanFaces } from './corners.js';
import { gatherColors, gatherPositionsNormals, gatherSkin, gatherUVs, transformPoints } from './mesh-loops.js';
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

/** Un-welds one `*MESH` into primitives (one per material) with node-local attributes. */
export function buildMesh(input: MeshBuildInput): Mesh | undefined {
  const { mesh, sink, name } = input;
  const kernelOptions = { kernels: input.kernels };
  const nv = mesh.numVertex;
  const faceCount = mesh.numFaces;

  // Texture channels: map channel 1 → TEXCOORD_0, k ≥ 2 in ascending order after it.
  const channels = [...mesh.channels].sort((a, b) => a.channel - b.channel);
  const uvChannels = channels.slice(0, 4);
  // Valid faces only: every corner must name an existing vertex.
  const { keep, idSlot, ids, slotFaces, badUV } = scanFaces(mesh, uvChannels);
  const kept = keep.length;
  if (kept < faceCount) sink.warn('ASE_BAD_FACE', `object '${name}': ${faceCount - kept} faces name vertices outside 0..${nv - 1}; dropped`, input.offset);
  if (!kept) return undefined;

  // Node-local positions (scene axes).
  const positions = new Float32Array(nv * 3);
  transformPoints(input.toLocal, mesh.vertices, nv, positions);

  const normals = cornerNormalsOf(input, keep, positions);
  if (channels.length > 4) sink.warn('ASE_TOO_MANY_CHANNELS', `object '${name}': ${channels.length} mapping channels; the first 4 are kept`, input.offset);
  badUV.forEach((bad, u) => {
    if (bad) sink.warn('ASE_BAD_INDEX', `object '${name}': ${bad} texture corners of channel ${uvChannels[u].channel} name missing texture vertices`, input.offset);
  });

  // One primitive per material, in order of first use: a counting sort of the kept faces.
  const groupOfMaterial = new Map<number, number>();
  const groupMaterials: number[] = [];
  const groupIds: Set<number>[] = [];
  const groupOfSlot = new Int32Array(ids.length);
  ids.forEach((id, slot) => {
    const mat = input.materialOf(id) ?? -1;
    let found = groupOfMaterial.get(mat);
    if (found === undefined) {
      groupOfMaterial.set(mat, (found = groupMaterials.length));
      groupMaterials.push(mat);
      groupIds.push(new Set());
    }
    groupIds[found].add(id);
    groupOfSlot[slot] = found;
  });
  const groupCount = groupMaterials.length;
  const groupStart = new Int32Array(groupCount + 1);
  for (let slot = 0; slot < ids.length; slot++) groupStart[groupOfSlot[slot] + 1] += slotFaces[slot];
  for (let g = 0; g < groupCount; g++) groupStart[g + 1] += groupStart[g];
  // One primitive (the common case): the kept order is the primitive's order.
  let faceOrder: Int32Array | undefined;
  if (groupCount > 1) {
    faceOrder = new Int32Array(kept);
    const fill = groupStart.slice(0, groupCount);
    for (let i = 0; i < kept; i++) faceOrder[fill[groupOfSlot[idSlot[i]]]++] = i;
  }
  const corners = cornerKeys(mesh, keep, faceOrder, uvChannels, normals);
  const targets = morphTargets(input, positions);
  const skin = skinOf(input, kernelOptions);
  const primitives: Primitive[] = [];
  for (let g = 0; g < groupMaterials.length; g++) {
    const material = groupMaterials[g];
    const first = groupStart[g] * 3, n = groupStart[g + 1] * 3 - first;
    const vertex = corners.vertex.subarray(first, first + n);
    const keys = corners.keys.subarray(first * corners.width, (first + n) * corners.width);
    // Chained per source vertex (kept faces name only vertices below nv): no hash table.
    const { indices, firstCorner, vertexCount } = unweldByVertex(vertex, nv, keys, corners.width, kernelOptions);
    const sourceVertex = new Uint32Array(vertexCount);
    const attributes = gatherAttributes(mesh, uvChannels, vertex, keys, corners.width, firstCorner, vertexCount, positions, sourceVertex);
    if (skin) {
      const joints = new Uint16Array(vertexCount * 4), weights = new Float32Array(vertexCount * 4);
      gatherSkin(sourceVertex, vertexCount, skin.joints, skin.weights, joints, weights);
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
 * The attributes of a primitive's new vertices, from each one's first corner: position by source
 * vertex, texture coordinates `(u, 1 − v)` (Max's V runs up, glTF's down) and colour by the key's
 * indices, the normal from the key's bits.
 */
function gatherAttributes(
  mesh: AseMesh, uvChannels: AseMapChannel[], vertex: Uint32Array, keys: Uint32Array, width: number,
  firstCorner: Uint32Array, vertexCount: number, positions: Float32Array, sourceVertex: Uint32Array,
): Attributes {
  const position = new Float32Array(vertexCount * 3);
  const normal = new Float32Array(vertexCount * 3);
  const keyFloats = new Float32Array(keys.buffer, keys.byteOffset, keys.length);
  gatherPositionsNormals(vertex, keyFloats, width, firstCorner, vertexCount, positions, sourceVertex, position, normal);
  const attributes: Attributes = { POSITION: position, NORMAL: normal };
  const uvCount = uvChannels.length;
  for (let u = 0; u < uvCount; u++) {
    const out = new Float32Array(vertexCount * 2);
    gatherUVs(keys, width, u, firstCorner, vertexCount, uvChannels[u].tverts, out);
    attributes[`TEXCOORD_${u}` as 'TEXCOORD_0'] = out;
  }
  if (mesh.cverts && mesh.cfaces && mesh.cverts.length) {
    const colors = new Float32Array(vertexCount * 4);
    gatherColors(keys, width, uvCount, firstCorner, vertexCount, mesh.cverts, colors);
    attributes.COLOR_0 = colors;
  }
  return attributes;
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
