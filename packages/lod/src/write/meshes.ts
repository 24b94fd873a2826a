// Drawn scene nodes → MSL1 meshes (one MSH1 per node, one face group per triangle primitive).
import { FINITE_SCENE } from '@relic3d/core';
import { record, type WriteContext } from './context.js';
import { gatherNode, newTally, type GatheredPrimitive, type GatherTally } from './geometry.js';
import type { MaterialPlan } from './materials.js';
import { NARROW_WEIGHTS_MAX_BONES } from './mesh-chunk.js';
import type { Rig } from './rig.js';
import { settleSceneSpace } from './scene-space.js';
import { weldMesh, type FileFaceGroup, type FileMesh } from './weld.js';

/** Normals the LOD reader generated (none stored): not written, so readers generate them again. */
const GENERATED_NORMALS = new Set(['smooth', 'flat']);

export interface PlannedMeshes {
  meshes: FileMesh[];
  /** Scene node of each mesh. */
  nodes: number[];
}

function groupOf(g: GatheredPrimitive, index: number, names: string[], sets: number): Omit<FileFaceGroup, 'position' | 'normal' | 'uv'> {
  const extras = record(g.primitive.extras);
  const materialNames = sets === 2 ? [names[0] ?? '', names[1] ?? ''] : [names[0] ?? ''];
  return {
    name: typeof extras?.faceGroup === 'string' ? extras.faceGroup : `Group${index}`,
    visible: extras?.visible !== false,
    faceType: extras?.faceType === 1 ? 1 : 2,
    materialNames,
  };
}

/** An MSH1 of a mesh node whose mesh drew nothing (kept for a scene read from a .lod: proxies and physics index meshes). */
function emptyMesh(name: string, extras: Record<string, unknown> | undefined, nodeExtras: Record<string, unknown>): FileMesh {
  const groups = (Array.isArray(extras?.emptyFaceGroups) ? extras.emptyFaceGroups : []).map((n) => ({ name: String(n), visible: true, faceType: 2 as const, materialNames: [''], position: new Uint32Array(0), normal: new Uint32Array(0), uv: [] }));
  return {
    name,
    visible: nodeExtras.visible !== false,
    isSkeletonExists: extras?.isSkeletonExists === true,
    mode: extras?.meshMode === 2 ? 2 : 3,
    positions: new Float32Array(0),
    normals: new Float32Array(0),
    uvSets: [],
    groups,
    morphTargets: 0,
    unusedVertices: 0,
  };
}

/** Keeps each position's heaviest bone: GLScene misreads 6-byte weight records (docs/formats/lod.md §5.2). */
function heaviestBone(mesh: FileMesh): void {
  const skin = mesh.skin;
  if (skin?.kind !== 'weights') return;
  mesh.skin = { kind: 'assoc', bones: Uint16Array.from({ length: skin.start.length - 1 }, (_, v) => skin.bones[skin.start[v]]) };
}

function warnTally(ctx: WriteContext, t: GatherTally): void {
  const { sink } = ctx;
  if (t.otherModes) sink.warn('LOD_WRITE_PRIMITIVE_MODE', `${t.otherModes} primitive(s) are not triangles (points or lines): face groups hold triangles only; not written`);
  if (t.droppedAttributes.size) sink.warn('LOD_WRITE_ATTRIBUTE_DROPPED', `LOD meshes hold positions, normals, two UV sets and bone weights; not written: ${[...t.droppedAttributes].join(', ')}`);
  if (t.notFinite) sink.warn('LOD_WRITE_NOT_FINITE', `${t.notFinite} non-finite vertex values (NaN or infinity) were written as 0`);
  if (t.unweighted) sink.warn('LOD_WRITE_UNWEIGHTED', `${t.unweighted} skinned vertices have no weight: bound to their skin's first joint`);
  if (t.badJoints) sink.warn('LOD_WRITE_BAD_JOINT', `${t.badJoints} influences name a joint their skin does not have; left out`);
}

/**
 * One MSH1 per drawn node, in node order. The first UV set is written when any primitive has
 * one and the second when any has TEXCOORD_1 or a lightmap material (mode 3); every face group
 * then indexes every set (GLScene reads one index per corner), missing ones pointing at (0, 0).
 */
export function planMeshes(ctx: WriteContext, rig: Rig, materials: MaterialPlan): PlannedMeshes {
  const { scene } = ctx;
  const tally = newTally();
  const out: PlannedMeshes = { meshes: [], nodes: [] };
  const drawnByNode = new Map(rig.drawn.map((d) => [d.node, d]));
  const knownFinite = (scene as { [FINITE_SCENE]?: unknown })[FINITE_SCENE] === true;
  let reduced = 0;
  let unused = 0;
  scene.nodes.forEach((node, i) => {
    const extras = record(node.extras);
    const meshExtras = node.mesh !== undefined ? record(scene.meshes[node.mesh]?.extras) : undefined;
    const drawn = drawnByNode.get(i);
    if (!drawn) {
      // A mesh node of a scene read from a .lod whose MSH1 drew nothing.
      if (ctx.fromLod && !scene.nodes[i].joint && typeof extras?.visible === 'boolean' && extras.proxyItem === undefined && node.light === undefined) {
        out.meshes.push(emptyMesh(node.name, meshExtras, extras));
        out.nodes.push(i);
      }
      return;
    }
    const prims = gatherNode(ctx, rig, drawn, tally);
    if (!prims.length) return;
    const fromScene = settleSceneSpace(prims, ctx.axis.up, tally, knownFinite);
    const names = prims.map((g) => materials.namesOf(g.primitive.material));
    const second = prims.some((g, k) => g.uv1 || names[k].length > 1);
    const sets = second ? 2 : prims.some((g) => g.uv0) ? 1 : 0;
    const mode = meshExtras?.meshMode === 2 && sets <= 1 ? 2 : 3;
    const hasNormals = prims.some((g) => g.normals);
    const kinds = prims.map((g) => String(record(g.primitive.extras)?.normals));
    const generated = kinds.every((k) => GENERATED_NORMALS.has(k));
    const bound = prims.some((g) => g.bones);
    const mesh = weldMesh(prims, {
      name: node.name,
      visible: typeof extras?.visible === 'boolean' ? extras.visible : meshExtras?.visible !== false,
      isSkeletonExists: typeof meshExtras?.isSkeletonExists === 'boolean' ? meshExtras.isSkeletonExists : bound,
      mode,
      normals: hasNormals && !generated,
      uvSets: sets,
      skinned: drawn.skin !== undefined,
      keepSmoothingSplits: hasNormals && generated && kinds.includes('smooth'),
      groups: prims.map((g, k) => groupOf(g, k, names[k], sets)),
    });
    if (fromScene) mesh.fromScene = fromScene;
    if (Array.isArray(meshExtras?.emptyFaceGroups)) mesh.groups.push(...emptyMesh('', meshExtras, {}).groups);
    if (rig.bones.length > NARROW_WEIGHTS_MAX_BONES && mesh.skin?.kind === 'weights') {
      heaviestBone(mesh);
      reduced++;
    }
    unused += mesh.unusedVertices;
    out.meshes.push(mesh);
    out.nodes.push(i);
  });
  if (unused) ctx.sink.warn('LOD_WRITE_UNUSED_VERTICES', `${unused} vertices no triangle uses are not written (face groups index only what triangles use)`);
  if (reduced) {
    ctx.sink.warn('LOD_WRITE_WEIGHTS_REDUCED', `the skeleton has ${rig.bones.length} bones, more than ${NARROW_WEIGHTS_MAX_BONES}: GLScene reads the 6-byte weight records of such skeletons wrongly, so ${reduced} mesh(es) keep one bone per vertex (the heaviest)`);
  }
  warnTally(ctx, tally);
  return out;
}
