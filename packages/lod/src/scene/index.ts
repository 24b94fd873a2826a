import { FiniteScrub, createScene, type Scene, type WarningSink } from '@relic3d/core';
import { FORMAT_ID, type LodFile, type LodParseOptions } from '../file.js';
import { buildAnimations } from './animation.js';
import { axisFor } from './axes.js';
import { buildColliders } from './colliders.js';
import type { BuildContext } from './context.js';
import { buildExtras } from './extras.js';
import { buildLights } from './lights.js';
import { buildMaterials } from './materials.js';
import { buildMeshes } from './meshes.js';
import { buildMorphs } from './morphs.js';
import { buildPhysics } from './physics.js';
import { buildProxies } from './proxies.js';
import { vouchFinite } from './scrub-once.js';
import { buildBones, buildSkin } from './skeleton.js';

/**
 * Raw structure → core Scene (glTF conventions; the axis conversion happens here). `file` is only
 * read: arrays are copied before anything converts them in place.
 */
export function buildLodScene(file: LodFile, options: LodParseOptions, sink: WarningSink): Scene {
  const scene = createScene(FORMAT_ID, file.version);
  const axis = axisFor(options.upAxis);
  if (options.fileName) scene.name = options.fileName.replace(/^.*[\\/]/, '').replace(/\.lod$/i, '');
  const ctx: BuildContext = { scene, axis, sink, finite: new FiniteScrub() };
  const materials = buildMaterials(file, scene, sink);
  const bones = buildBones(file, ctx);
  const skin = buildSkin(ctx, bones.nodes);
  const meshes = buildMeshes(file, ctx, materials, skin, options.kernels);
  buildAnimations(file, ctx, bones);
  buildMorphs(file, ctx, meshes);
  buildProxies(file, ctx, meshes);
  buildPhysics(file, ctx);
  buildLights(file, ctx);
  buildColliders(file, ctx, bones);
  if (ctx.finite.count) sink.warn('LOD_NOT_FINITE', `${ctx.finite.count} non-finite values (NaN, infinity or beyond float range) in transforms, keys, morph frames, lights, colliders or physics were set to 0`);
  buildExtras(file, scene, axis);
  vouchFinite(scene, sink);
  return scene;
}
