import { WarningSink, checkDrawnCopies, checkNameTypes, codePageEncoder, outputBaseName, writeBudget, type FormatWriter, type Scene, type WriteResult } from '@relic3d/core';
import { FORMAT_ID, SIGNATURE } from '../file.js';
import { indexWidth } from '../read/face-groups.js';
import { buildAnimations, type BoneAnimation } from './animation.js';
import { writeAxisFor } from './axes.js';
import { LodWriter } from './chunks.js';
import { planColliders } from './colliders.js';
import { readFromLod, readUpAxis, restageFor, type WriteContext, type WriteLodOptions } from './context.js';
import { writeInfo, writeScreenshot, writeUnknownChunks } from './info.js';
import { planLights, writeLightSchemes } from './lights.js';
import { writeMaterialLibrary, writeShaderLibrary, writeTextureLibrary, planMaterials } from './materials.js';
import { writeMesh } from './mesh-chunk.js';
import { planMeshes } from './meshes.js';
import type { FileMesh } from './weld.js';
import { writeMorphs } from './morphs.js';
import { writeColliderSets, writePhysics } from './physics.js';
import { buildRig } from './rig.js';
import { writeAnimations, writeSkeleton } from './skeleton.js';

export type { WriteLodOptions } from './context.js';

/** Bytes a written vertex and triangle take while gathered, welded and written (positions, normals, UVs, their indices). */
const BYTES_PER_VERTEX = 128;
const BYTES_PER_TRIANGLE = 48;

/** An upper bound of the file's size, so the writer grows its buffer once at most. */
function estimatedSize(meshes: FileMesh[], animations: BoneAnimation[]): number {
  let bytes = 1 << 16;
  for (const m of meshes) {
    bytes += (m.positions.length + m.normals.length + m.uvSets.reduce((s, u) => s + u.length, 0)) * 4 + (m.morphFrames?.length ?? 0) * 4;
    bytes += m.skin ? m.skin.bones.length * 6 : 0;
    // Index lists at the width they are written with (mesh-chunk.ts), so the estimate stays within
    // the 1/8 slack at which `finish` returns the buffer itself instead of copying the file.
    const uvCount = (s: number) => (m.uvSets[s]?.length ?? 0) / 2;
    for (const g of m.groups) {
      const newThresholds = g.faceType === 2;
      bytes += 64 + g.position.length * indexWidth(m.positions.length / 3, newThresholds) + g.normal.length * indexWidth(m.normals.length / 3, newThresholds);
      g.uv.forEach((u, s) => (bytes += u.length * indexWidth(uvCount(s), m.mode === 3 || newThresholds)));
    }
  }
  for (const a of animations) bytes += 64 + a.data.length * 4;
  return Math.min(bytes, 0x7fffffff);
}

/** What the format has no place for at all: said once each. */
function warnUnwritable(ctx: WriteContext): void {
  const { scene, sink } = ctx;
  if (scene.cameras.length) sink.warn('LOD_WRITE_CAMERAS', `${scene.cameras.length} camera(s) not written: LOD files hold no cameras`);
  const lods = scene.nodes.filter((n) => n.lods?.length).length;
  if (lods) sink.warn('LOD_WRITE_LOD_LEVELS', `${lods} node(s) have levels of detail: a LOD file has no levels (despite its name), so the most detailed is written as plain meshes`);
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

  const w = new LodWriter(ctx.encoder, sink, estimatedSize(meshes.meshes, animations));
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
