import { addNode, compactIndices, zeroNonFinite, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import { gather } from '@relic3d/kernels';
import type { LodFile, LodMesh, LodParseOptions } from '../file.js';
import type { Axis } from './axes.js';
import type { BuildContext } from './context.js';
import type { MaterialTable } from './material-table.js';
import { generateNormals, type GeneratedNormals } from './normals.js';
import { skinOfPositions } from './vertex-skin.js';
import { weldCorners } from './weld.js';

export interface BuiltMesh {
  mesh: Mesh;
  skinned: boolean;
  /** Per primitive: the file position index of each render vertex (for morph targets). */
  positionOfVertex: Uint32Array[];
}

export interface MeshContext {
  axis: Axis;
  materials: MaterialTable;
  sink: WarningSink;
  /** Bones in SKL1 (0 without a skeleton). */
  boneCount: number;
  kernels?: LodParseOptions['kernels'];
}

/** The node of each MSH1, in file order, and what was built for it. */
export interface MeshNodes {
  nodes: number[];
  built: (BuiltMesh | undefined)[];
}

/** One node per MSH1 (in file order), holding its mesh when it has primitives, skinned by `skin`. */
export function buildMeshes(file: LodFile, { scene, axis, sink }: BuildContext, materials: MaterialTable, skin: number | undefined, kernels: LodParseOptions['kernels']): MeshNodes {
  const meshes: MeshNodes = { nodes: [], built: [] };
  const boneCount = file.skeleton?.bones.length ?? 0;
  file.meshes.forEach((raw) => {
    const built = buildMesh(raw, { axis, materials, sink, boneCount, kernels });
    meshes.built.push(built);
    const node = addNode(scene, { name: raw.name, extras: { visible: raw.visible } });
    meshes.nodes.push(node);
    if (built.mesh.primitives.length) {
      scene.nodes[node].mesh = scene.meshes.length;
      scene.meshes.push(built.mesh);
      if (built.skinned && skin !== undefined) scene.nodes[node].skin = skin;
    }
  });
  return meshes;
}

/**
 * One MSH1 → a Mesh with one primitive per non-empty face group. The separate position, normal and
 * UV index lists are un-welded into indexed vertices. Missing normals are generated: smoothing
 * masks where FaceType 2 stores them, smooth per position for skinned meshes (as GLScene does),
 * flat per face otherwise.
 */
export function buildMesh(raw: LodMesh, ctx: MeshContext): BuiltMesh {
  const { axis, sink } = ctx;
  // Attributes are gathered from the raw arrays and converted afterwards (the axis map and the V
  // flip act per element), so no converted copy of the whole arrays is made.
  const flipV = (uv: Float32Array) => {
    for (let i = 1; i < uv.length; i += 2) uv[i] = 1 - uv[i]; // OpenGL bottom-left → glTF top-left
    return uv;
  };
  const skin = skinOfPositions(raw, ctx);
  const normalCount = raw.normals.length / 3;

  let generated: GeneratedNormals | undefined;

  const primitives: Primitive[] = [];
  const positionOfVertex: Uint32Array[] = [];
  let notFinite = 0;
  const emptyGroups: string[] = [];
  raw.faceGroups.forEach((g, gi) => {
    const corners = g.vertexIndices.length;
    if (corners === 0) {
      emptyGroups.push(g.name);
      return;
    }
    const storedNormals = normalCount > 0 && g.normalIndices.length === corners;
    if (!storedNormals && g.normalIndices.length > 0) {
      sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${g.normalIndices.length} normal indices for ${corners} corners; normals generated`);
    }
    const sets = g.texCoordIndices.map((list, s) => {
      const ok = list.length === corners && (raw.texCoords[s]?.length ?? 0) > 0;
      if (!ok && list.length > 0) sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${list.length} UV indices of set ${s + 1} for ${corners} corners; set dropped`);
      return ok;
    });
    const normals = storedNormals ? undefined : (generated ??= generateNormals(raw, axis, skin !== undefined));
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
    primitives.push(primitive);
    positionOfVertex.push(posIndex);
  });
  if (notFinite) sink.warn('LOD_NOT_FINITE', `mesh '${raw.name}': ${notFinite} non-finite vertex values (NaN or infinity) were set to 0`);
  const mesh: Mesh = {
    name: raw.name,
    primitives,
    extras: {
      meshMode: raw.meshMode,
      isSkeletonExists: raw.isSkeletonExists,
      visible: raw.visible,
      positionCount: raw.positions.length / 3,
      normalCount,
      texCoordCounts: raw.texCoords.map((t) => t.length / 2),
      ...(raw.texCoordLayout ? { texCoordLayout: raw.texCoordLayout } : {}),
      weightType: raw.weightType,
      ...(raw.weights ? { bonesPerVertex: raw.weights.bonesPerVertex } : {}),
      ...(emptyGroups.length ? { emptyFaceGroups: emptyGroups } : {}),
    },
  };
  return { mesh, skinned: skin !== undefined, positionOfVertex };
}
