import { compactIndices, zeroNonFinite, type Primitive } from '@relic3d/core';
import { gather } from '@relic3d/kernels';
import type { LodFaceGroup, LodMesh } from '../file.js';
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

export interface BuiltPrimitive {
  primitive: Primitive;
  /** The file position index of each render vertex. */
  positionOfVertex: Uint32Array;
  /** Non-finite vertex values set to 0. */
  notFinite: number;
}

/** OpenGL bottom-left → glTF top-left, in place (on a gathered copy). */
function flipV(uv: Float32Array): Float32Array {
  for (let i = 1; i < uv.length; i += 2) uv[i] = 1 - uv[i];
  return uv;
}

/**
 * One non-empty face group → a primitive: its separate position, normal and UV index lists are
 * un-welded into indexed vertices. Attributes are gathered from the raw arrays and converted
 * afterwards (the axis map and the V flip act per element), so no converted copy of the whole
 * arrays is made.
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
  const primitive: Primitive = {
    attributes: { POSITION: axis.points(gather(raw.positions, 3, posIndex)) },
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
  if (storedNormals) primitive.attributes.NORMAL = axis.points(gather(raw.normals, 3, welded.normal));
  else {
    const corner = new Float32Array(bits!.buffer, (base * 3) * 4, corners * 3);
    primitive.attributes.NORMAL = gather(corner, 3, firstCorner, vertexCount);
  }
  if (sets[0]) primitive.attributes.TEXCOORD_0 = flipV(gather(raw.texCoords[0], 2, welded.uv0));
  if (sets[1]) primitive.attributes.TEXCOORD_1 = flipV(gather(raw.texCoords[1], 2, welded.uv1));
  for (const name of ['POSITION', 'NORMAL', 'TEXCOORD_0', 'TEXCOORD_1'] as const) {
    const values = primitive.attributes[name];
    if (values instanceof Float32Array) notFinite += zeroNonFinite(values);
  }
  if (skin) {
    primitive.attributes.JOINTS_0 = gather(skin.joints, 4, posIndex);
    primitive.attributes.WEIGHTS_0 = gather(skin.weights, 4, posIndex);
  }
  const material = ctx.materials.resolve(g.materialNames[0], g.materialNames[1]);
  if (material !== undefined) primitive.material = material;
  return { primitive, positionOfVertex: posIndex, notFinite };
}
