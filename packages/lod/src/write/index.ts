import { WarningSink, checkDrawnCopies, checkNameTypes, codePageEncoder, outputBaseName, writeBudget, type FormatWriter, type Scene, type WriteResult } from '@relic3d/core';
import { FORMAT_ID, SIGNATURE, type LodLightScheme } from '../file.js';
import { buildAnimations, type BoneAnimation } from './animation.js';
import { writeAxisFor } from './axes.js';
import { LodWriter } from './chunks.js';
import { planColliders, type ColliderPlan } from './colliders.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext, type WriteLodOptions } from './context.js';
import { writeInfo, writeScreenshot, writeUnknownChunks } from './info.js';
import { planLights, writeLightSchemes } from './lights.js';
import { writeMaterialLibrary, writeShaderLibrary, writeTextureLibrary, planMaterials, type MaterialPlan } from './materials.js';
import { writeMesh } from './mesh-chunk.js';
import { planMeshes, type PlannedMeshes } from './meshes.js';
import { writeMorphs } from './morphs.js';
import { writeColliderSets, writePhysics } from './physics.js';
import { buildRig, type Rig } from './rig.js';
import { writeAnimations, writeSkeleton } from './skeleton.js';

export type { WriteLodOptions } from './context.js';

/** Bytes a written vertex and triangle take while gathered, welded and written (positions, normals, UVs, their indices). */
const BYTES_PER_VERTEX = 128;
const BYTES_PER_TRIANGLE = 48;

/** What the format has no place for at all: said once each. */
function warnUnwritable(ctx: WriteContext): void {
  const { scene, sink } = ctx;
  if (scene.cameras.length) sink.warn('LOD_WRITE_CAMERAS', `${scene.cameras.length} camera(s) not written: LOD files hold no cameras`);
  const lods = scene.nodes.filter((n) => n.lods?.length).length;
  if (lods) sink.warn('LOD_WRITE_LOD_LEVELS', `${lods} node(s) have levels of detail: a LOD file has no levels (despite its name), so the most detailed is written as plain meshes`);
}

/** What the chunks are written from. */
interface ChunkPlan {
  rig: Rig;
  materials: MaterialPlan;
  meshes: PlannedMeshes;
  animations: BoneAnimation[];
  colliders: ColliderPlan;
  lights: LodLightScheme[];
}

/** Every chunk of the file into `w`, in GLScene's order. */
function writeChunks(w: LodWriter, ctx: WriteContext, { rig, materials, meshes, animations, colliders, lights }: ChunkPlan): void {
  const { scene } = ctx;
  w.bytes(Uint8Array.from(SIGNATURE, (c) => c.charCodeAt(0)));
  w.begin('LOD1', 0);
  // GLScene reads exactly Count children of LOD1, in this order (SKL1 before MSL1, ANS1 and CLL1).
  let children = 0;
  const add = (when: boolean, write: () => void) => {
    if (!when) return;
    write();
    children++;
  };
  children += Number(writeInfo(w, ctx));
  add(materials.library.length > 0, () => writeMaterialLibrary(w, materials));
  add(materials.embedded.length > 0, () => writeTextureLibrary(w, materials.embedded));
  add(materials.shaders.length > 0, () => writeShaderLibrary(w, materials));
  add(rig.bones.length > 0, () => writeSkeleton(w, rig, rig.bones.map((n) => scene.nodes[n].name)));
  add(meshes.meshes.length > 0, () => {
    w.begin('MSL1', meshes.meshes.length);
    for (const mesh of meshes.meshes) writeMesh(w, mesh, rig.bones.length);
    w.end();
  });
  add(animations.length > 0, () => writeAnimations(w, animations));
  children += writeMorphs(w, ctx, meshes.meshes, meshes.nodes);
  children += Number(writePhysics(w, ctx, colliders));
  add(lights.length > 0, () => writeLightSchemes(w, lights));
  add(colliders.sets.some((s) => s.colliders.length), () => writeColliderSets(w, colliders));
  children += Number(writeScreenshot(w, ctx));
  children += writeUnknownChunks(w, ctx);
  w.setCount(children).end();
}

/**
 * Writes a scene as a LODka3D `.lod` file (the chunks GLScene's and Xtreme3D's reader and the
 * LODka 3D editor read) plus its images as files beside it. The scene is in glTF conventions and
 * is converted at this edge; it is not changed.
 */
export function writeLod(scene: Scene, options: WriteLodOptions = {}): WriteResult {
  checkNameTypes(FORMAT_ID, scene);
  // An MSH1 per drawing node: a mesh drawn by many nodes is written (and welded) once for each.
  const budget = writeBudget(scene);
  checkDrawnCopies(FORMAT_ID, scene, BYTES_PER_VERTEX, BYTES_PER_TRIANGLE, budget);
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const base = outputBaseName(scene, options);
  const axis = writeAxisFor(options.upAxis ?? readUpAxis(scene));
  const ctx: WriteContext = {
    scene,
    options,
    sink,
    axis,
    encoder: codePageEncoder(options.codePage ?? 'windows-1251'),
    base,
    files: {},
    fromLod: readFromLod(scene),
    restage: restageFor(scene, axis),
    budget,
  };
  warnUnwritable(ctx);
  const rig = buildRig(scene, sink);
  const materials = planMaterials(ctx);
  const meshes = planMeshes(ctx, rig, materials);
  const animations = buildAnimations(ctx, rig);
  const colliders = planColliders(ctx, rig);
  const lights = planLights(ctx, rig);
  if (!meshes.meshes.some((m) => m.groups.some((g) => g.position.length))) sink.warn('LOD_WRITE_EMPTY', 'the scene draws no triangles');
  const plan: ChunkPlan = { rig, materials, meshes, animations, colliders, lights };

  // The chunks are serialised twice: counted (silent, refusing an over-size chunk before any output
  // exists), then written into one buffer of exactly that size.
  const counted = LodWriter.counting(ctx.encoder);
  writeChunks(counted, { ...ctx, sink: new WarningSink(FORMAT_ID), files: {} }, plan);
  const w = LodWriter.planned(counted.length, ctx.encoder, sink);
  writeChunks(w, ctx, plan);
  if (w.notFinite) sink.warn('LOD_WRITE_NOT_FINITE', `${w.notFinite} non-finite values (NaN or infinity) in bone keys, lights, colliders or materials were written as 0`);
  return { files: { [`${base}.lod`]: w.finish(), ...ctx.files }, warnings: sink.list };
}

/** The LODka3D writer as plain data (the loaders.gl writer shape). */
export const lodWriter: FormatWriter<WriteLodOptions> = {
  id: 'lod',
  name: 'LODka3D',
  extension: '.lod',
  write: writeLod,
};
