import { addNode, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import type { LodFile, LodMesh, LodParseOptions } from '../file.js';
import type { Axis } from './axes.js';
import type { BuildContext } from './context.js';
import type { MaterialTable } from './material-table.js';
import { generateNormals, type GeneratedNormals } from './normals.js';
import { buildPrimitive, type MeshShared } from './primitives.js';
import { skinOfPositions } from './vertex-skin.js';

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
 * One MSH1 → a Mesh with one primitive per non-empty face group. Missing normals are generated:
 * smoothing masks where FaceType 2 stores them, smooth per position for skinned meshes (as GLScene
 * does), flat per face otherwise.
 */
export function buildMesh(raw: LodMesh, ctx: MeshContext): BuiltMesh {
  const skin = skinOfPositions(raw, ctx);
  let generated: GeneratedNormals | undefined;
  const shared: MeshShared = { skin, generatedNormals: () => (generated ??= generateNormals(raw, ctx.axis, skin !== undefined)) };
  const primitives: Primitive[] = [];
  const positionOfVertex: Uint32Array[] = [];
  let notFinite = 0;
  const emptyGroups: string[] = [];
  raw.faceGroups.forEach((g, gi) => {
    if (g.vertexIndices.length === 0) {
      emptyGroups.push(g.name);
      return;
    }
    const built = buildPrimitive(raw, g, gi, ctx, shared);
    notFinite += built.notFinite;
    primitives.push(built.primitive);
    positionOfVertex.push(built.positionOfVertex);
  });
  if (notFinite) ctx.sink.warn('LOD_NOT_FINITE', `mesh '${raw.name}': ${notFinite} non-finite vertex values (NaN or infinity) were set to 0`);
  const mesh: Mesh = {
    name: raw.name,
    primitives,
    extras: {
      meshMode: raw.meshMode,
      isSkeletonExists: raw.isSkeletonExists,
      visible: raw.visible,
      positionCount: raw.positions.length / 3,
      normalCount: raw.normals.length / 3,
      texCoordCounts: raw.texCoords.map((t) => t.length / 2),
      ...(raw.texCoordLayout ? { texCoordLayout: raw.texCoordLayout } : {}),
      weightType: raw.weightType,
      ...(raw.weights ? { bonesPerVertex: raw.weights.bonesPerVertex } : {}),
      ...(emptyGroups.length ? { emptyFaceGroups: emptyGroups } : {}),
    },
  };
  return { mesh, skinned: skin !== undefined, positionOfVertex };
}
