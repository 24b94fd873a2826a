import { baseNameOf, createScene, type Scene, type WarningSink } from '@relic3d/core';
import { FORMAT_ID, type Ms3dFile, type Ms3dParseOptions } from '../file.js';
import { buildAnimation } from './animation.js';
import { clipRangesOf } from './clip-ranges.js';
import { emptyGroupExtras, sceneExtras } from './extras.js';
import { resolveParents } from './hierarchy.js';
import { convertMaterials } from './materials.js';
import { buildMesh } from './mesh.js';
import { buildNodes, linkNodes } from './nodes.js';
import { vouchFinite } from './scrub-once.js';
import { buildSkin } from './skin.js';
import { splitOrderedClip } from './split-ordered.js';
import type { VertexSkin } from './vertex-skin.js';

/** `models/Woman4.ms3d` → `Woman4`: names the scene, its mesh, skin and clip. */
function modelName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const last = baseNameOf(fileName);
  return last.replace(/\.[^.]*$/, '') || last;
}

/**
 * The stored structure → a core scene (docs/formats/ms3d.md §4-5). MS3D is already right-handed,
 * +Y up, CCW, top-left UVs. Reads `file`, never changes it.
 */
export function buildMs3dScene(file: Ms3dFile, options: Ms3dParseOptions, sink: WarningSink): Scene {
  const scene = createScene(FORMAT_ID, file.version);
  const name = modelName(options.fileName);
  if (name) scene.name = name;
  scene.extras = sceneExtras(file);
  convertMaterials(file, scene);

  const parents = resolveParents(file.joints, sink);
  const hasMesh = file.groups.some((g) => g.triangleIndices.length > 0);
  const { nodes, jointBase } = buildNodes(file, parents, hasMesh, name);

  let skin: VertexSkin | undefined;
  const built = hasMesh ? buildSkin(file, parents, nodes, jointBase, name, sink, options) : undefined;
  if (built) {
    skin = built.vertices;
    scene.skins.push(built.skin);
    nodes[0].skin = 0;
  }

  linkNodes(nodes, scene.roots);
  scene.nodes = nodes;

  if (hasMesh) {
    buildMesh(file, scene, skin, sink, options);
    scene.nodes[0].mesh = 0;
  } else if (file.groups.length) scene.extras.emptyGroups = file.groups.map((group, g) => emptyGroupExtras(file, group, g));

  const clip = buildAnimation(file, jointBase, name, options, sink);
  const ranges = clip ? clipRangesOf(file.comments?.model, file.animationFps) : [];
  if (clip && ranges.length) scene.animations.push(...splitOrderedClip(clip, ranges));
  else if (clip) scene.animations.push(clip);
  vouchFinite(scene, sink);
  return scene;
}
