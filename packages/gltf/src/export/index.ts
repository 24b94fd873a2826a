// Scene → glTF JSON and a planned binary buffer, one phase per concern over the ExportContext.
import type { Scene } from '@relic3d/core';
import type { ExportOptions } from '../options.js';
import { writeAnimations } from './animations.js';
import { ExportContext } from './context.js';
import { warnExtrasCut, writeSceneExtras } from './extras.js';
import { hideUnchosenLevels } from './lod.js';
import { makeClientSafe } from './client-safety.js';
import { attachContent } from './node-content.js';
import { createNodes, linkHierarchy } from './nodes.js';
import { createSkins, ensureSkinRoots } from './skins.js';
import { writeTextures } from './textures.js';

export { GENERATOR } from './context.js';
export { DEFAULT_MAX_TEXTURE_BYTES } from './textures.js';

/**
 * Builds the glTF JSON of a scene and plans its binary buffer (nothing is copied yet: io/ packs
 * it). Nothing in `scene` is modified; data glTF cannot hold as is (non-unit normals, duplicate
 * joints, out-of-range colours) is fixed on copies and reported through `onWarning`.
 */
export async function buildGltf(scene: Scene, options: ExportOptions = {}): Promise<ExportContext> {
  const ctx = new ExportContext(scene, options);
  // Each phase needs the ones before it: materials need the textures, skins the nodes, meshes
  // the skins (their joint counts), animations the meshes (morph target counts), skin roots the
  // whole hierarchy.
  await writeTextures(ctx);
  hideUnchosenLevels(ctx);
  createNodes(ctx);
  linkHierarchy(ctx);
  createSkins(ctx);
  attachContent(ctx);
  writeAnimations(ctx);
  ensureSkinRoots(ctx);
  makeClientSafe(ctx);
  writeSceneExtras(ctx);
  warnExtrasCut(ctx);
  // glTF forbids empty entities: no scene without nodes (its extras go on the document then).
  const { json } = ctx;
  const extras = ctx.sceneExtras.value;
  if (ctx.sceneRoots.length) {
    json.scenes.push({ name: scene.name ?? 'Scene', nodes: ctx.sceneRoots, ...(extras ? { extras } : {}) });
    json.scene = 0;
  } else if (extras) json.extras = extras;
  return ctx;
}
