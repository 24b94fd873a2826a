import { compactIndices, type Primitive } from '@relic3d/core';
import { gatherPoints, gatherSkin, gatherTexCoords } from './attributes.js';
import type { LodFaceGroup, LodMesh } from '../file.js';
import { axisFor } from './axes.js';
import type { MeshContext } from './meshes.js';
import type { GeneratedNormals } from './normals.js';
import type { VertexSkin } from './vertex-skin.js';
import { weldCorners } from './weld.js';

/** What the face groups of one mesh share. */
export interface MeshShared {
  skin: VertexSkin | undefined;
  /** Generated once per mesh, on first need. */
  generatedNormals(): GeneratedNormals;
}

/** Generated normals are already in scene axes. */
const IDENTITY = axisFor('y');

export interface BuiltPrimitive {
  primitive: Primitive;
  /** The file position index of each render vertex. */
  positionOfVertex: Uint32Array;
  /** Non-finite vertex values set to 0. */
  notFinite: number;
}

/**
 * One non-empty face group → a primitive: its separate position, normal and UV index lists are
 * un-welded into indexed vertices. Attributes are gathered from the raw arrays, converted and
 * checked for non-finite values in one pass (./attributes.ts).
 */
export function buildPrimitive(raw: LodMesh, g: LodFaceGroup, gi: number, ctx: MeshContext, shared: MeshShared): BuiltPrimitive {
  const { axis, sink } = ctx;
  const { skin } = shared;
  const corners = g.vertexIndices.length;
  const normalCount = raw.normals.length / 3;
  let notFinite = 0;
  const storedNormals = normalCount > 0 && g.normalIndices.length === corners;
  if (!storedNormals && g.normalIndices.length > 0) {
    sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${g.normalIndices.length} normal indices for ${corners} corners; normals generated`);
  }
  const sets = g.texCoordIndices.map((list, s) => {
    const ok = list.length === corners && (raw.texCoords[s]?.length ?? 0) > 0;
    if (!ok && list.length > 0) sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${list.length} UV indices of set ${s + 1} for ${corners} corners; set dropped`);
    return ok;
  });
  const normals = storedNormals ? undefined : shared.generatedNormals();
  const bits = normals?.bits;
  const base = normals ? normals.groupCorner[gi] : 0;
  const none = new Uint32Array(0);
  const welded = weldCorners(
    {
      position: g.vertexIndices,
      positionCount: raw.positions.length / 3,
      normal: storedNormals ? g.normalIndices : none,
      normalBits: bits ?? none,
      bitsBase: base,
      uv0: sets[0] ? g.texCoordIndices[0] : none,
      uv1: sets[1] ? g.texCoordIndices[1] : none,
    },
    ctx.kernels,
  );
  const { indices, firstCorner, vertexCount, position: posIndex } = welded;
  const position = gatherPoints(raw.positions, posIndex, vertexCount, axis);
  notFinite += position.notFinite;
  const primitive: Primitive = {
    attributes: { POSITION: position.values },
    // compactIndices would copy a u32 list once more.
    indices: vertexCount <= 0xffff ? compactIndices(indices, vertexCount) : indices,
    mode: 'TRIANGLES',
    extras: {
      faceGroup: g.name,
      faceType: g.faceType,
      visible: g.visible,
      materialNames: g.materialNames,
      normals: storedNormals ? 'stored' : g.smoothData?.length ? 'smoothing groups' : skin ? 'smooth' : 'flat',
      indexWidths: g.indexWidths,
    },
  };
  const normal = storedNormals
    ? gatherPoints(raw.normals, welded.normal, vertexCount, axis)
    : gatherPoints(new Float32Array(bits!.buffer, (base * 3) * 4, corners * 3), firstCorner, vertexCount, IDENTITY);
  primitive.attributes.NORMAL = normal.values;
  notFinite += normal.notFinite;
  for (const s of [0, 1] as const) {
    if (!sets[s]) continue;
    const uv = gatherTexCoords(raw.texCoords[s], s ? welded.uv1 : welded.uv0, vertexCount);
    primitive.attributes[s ? 'TEXCOORD_1' : 'TEXCOORD_0'] = uv.values;
    notFinite += uv.notFinite;
  }
  if (skin) {
    const gathered = gatherSkin(skin.joints, skin.weights, posIndex, vertexCount);
    primitive.attributes.JOINTS_0 = gathered.joints;
    primitive.attributes.WEIGHTS_0 = gathered.weights;
  }
  const material = ctx.materials.resolve(g.materialNames[0], g.materialNames[1]);
  if (material !== undefined) primitive.material = material;
  return { primitive, positionOfVertex: posIndex, notFinite };
}
