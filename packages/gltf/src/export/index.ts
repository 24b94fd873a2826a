import type { Document } from '@gltf-transform/core';
import type { Scene } from '@relic3d/core';
import type { PositionBounds } from '../extensions/separate-vertex-buffers.js';
import type { ExportOptions } from '../options.js';
import { writeAnimations } from './animations.js';
import { ExportContext } from './context.js';
import { writeSceneExtras } from './extras.js';
import { hideUnchosenLevels } from './lod.js';
import { attachContent } from './node-content.js';
import { createNodes, linkHierarchy } from './nodes.js';
import { createSkins, ensureSkinRoots } from './skins.js';
import { writeTextures } from './textures.js';

export { GENERATOR } from './context.js';
export { DEFAULT_MAX_TEXTURE_BYTES } from './textures.js';

/**
 * Builds a glTF-Transform Document from a scene. Nothing in `scene` is modified; data glTF cannot
 * hold as is (non-unit normals, duplicate joints, out-of-range colours) is fixed on copies and
 * reported through `onWarning`.
 */
export async function toDocument(scene: Scene, options: ExportOptions = {}): Promise<Document> {
  return (await buildDocument(scene, options)).doc;
}

/** toDocument, plus the POSITION bounds found while checking the data (the writer needs them). */
export async function buildDocument(scene: Scene, options: ExportOptions = {}): Promise<{ doc: Document; positionBounds: PositionBounds }> {
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
  writeSceneExtras(ctx);
  // glTF forbids empty entities: no buffer without data, no scene without nodes.
  const { doc, buffer, gltfScene } = ctx;
  if (doc.getRoot().listAccessors().length === 0) buffer.dispose();
  if (gltfScene.listChildren().length === 0) {
    doc.getRoot().setExtras(gltfScene.getExtras());
    gltfScene.dispose();
  } else doc.getRoot().setDefaultScene(gltfScene);
  return { doc, positionBounds: ctx.positionBounds };
}
