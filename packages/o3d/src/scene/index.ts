/**
 * Raw structures → core Scene (docs/formats/o3d.md §5). The Direct3D → glTF conversion happens
 * here (axes.ts). The file and its companions are only read.
 */
import { addNode, baseNameOf, createScene, type AnimationChannel, type Scene, type WarningSink } from '@relic3d/core';
import type { O3dFile, O3dParseOptions } from '../file.js';
import type { O3dCompanions } from '../read/companions.js';
import { attributeExtras, clipFps, planAni, planMotion, reportSkipped, type ClipPlan } from './animation.js';
import { convertBox, convertVec3 } from './axes.js';
import { clip, clipChannels } from './channels.js';
import { addCollider } from './colliders.js';
import type { BuildContext } from './context.js';
import { reportNotFinite, scrubTransforms } from './finite.js';
import { followChannels } from './followers.js';
import { addObjects } from './objects.js';
import { vouchFinite } from './scrub-once.js';
import { addSkeletonNodes, readSkeleton } from './skeleton.js';

export function buildO3dScene(file: O3dFile, companions: O3dCompanions, options: Pick<O3dParseOptions, 'kernels'>, sink: WarningSink): Scene {
  const scene = createScene('o3d', file.version);
  const ctx: BuildContext = {
    scene,
    file,
    companions,
    sink,
    kernels: options.kernels,
    root: -1,
    skinIndex: -1,
    warned: new Set(),
    followers: new Map(),
    finiteValues: new Set(),
    notFinite: new Map(),
    skipped: [],
    materialKeys: new Map(),
    textureKeys: new Map(),
  };
  const name = baseNameOf(file.name).replace(/\.[^.]*$/, '');
  scene.name = name;
  const fps = clipFps(ctx, file.perSlerp, file.frameCount, 'the O3D');
  scene.extras = sceneExtras(file, fps);

  ctx.root = addNode(scene, { name });
  const skeleton = (ctx.skeleton = readSkeleton(ctx));
  // Clips first: a bone whose local matrix some clip cannot give as TRS gets a shear node.
  const embedded = skeleton?.source === 'embedded' && file.skeleton?.motion && file.frameCount > 0 ? planMotion(ctx, 'embedded', file.skeleton.motion, file.frameCount, file.perSlerp, fps, {}) : undefined;
  const plans: ClipPlan[] = [];
  for (const motion of companions.motions) {
    const plan = planAni(ctx, motion.name, motion.ani);
    if (plan) plans.push(plan);
  }
  reportSkipped(ctx);
  if (skeleton) addSkeletonNodes(ctx, skeleton);

  const tmChannels = addObjects(ctx, name, fps);
  if (file.collision) addCollider(ctx, file.collision);

  // The O3D's own clip: embedded bone motion and per-object TM keys share its frame count.
  const embeddedChannels: AnimationChannel[] = [...tmChannels];
  if (embedded) embeddedChannels.push(...clipChannels(ctx, embedded));
  if (embeddedChannels.length && file.frameCount > 0) {
    scene.animations.push(clip('embedded', embeddedChannels, file.frameCount, fps, file.perSlerp, {}));
  }
  for (const plan of plans) scene.animations.push(clip(plan.name, clipChannels(ctx, plan), plan.frameCount, plan.fps, plan.perSlerp, plan.extras));
  followChannels(ctx);
  scrubTransforms(ctx);
  reportNotFinite(ctx);
  vouchFinite(scene, sink, ctx.finiteValues);
  return scene;
}

/** The header's facts, in scene space. */
function sceneExtras(file: O3dFile, fps: number): Record<string, unknown> {
  const box = convertBox(file.bboxMin, file.bboxMax);
  const extras: Record<string, unknown> = {
    name: file.name,
    id: file.id,
    forces: file.forces.map(convertVec3),
    scrollU: file.scrollU,
    scrollV: file.scrollV,
    bboxMin: box.min,
    bboxMax: box.max,
    perSlerp: file.perSlerp,
    frameCount: file.frameCount,
    fps,
    events: file.events.map(convertVec3),
    lodFlag: file.lodFlag,
    poolSize: file.poolSize,
  };
  if (file.attributes) extras.attributes = attributeExtras(file.attributes);
  if (file.attributeCount !== undefined) extras.attributeCount = file.attributeCount;
  return extras;
}
