import { addNode, math, type Extras } from '@relic3d/core';
import type { MdlNode } from '../file.js';
import { buildAnimation } from './animation.js';
import { mirrorQuat, mirrorVec3 } from './axes.js';
import { buildCollider } from './colliders.js';
import type { BuildContext } from './context.js';
import { buildLods } from './lods.js';
import { buildSkeleton, type Skeleton } from './skins.js';

/**
 * A NODE as a scene node under `parent`, then its skeleton, LODs, colliders, animations and child
 * nodes (a child with an attach bone hangs under that joint). Returns the node's index.
 */
export function buildNode(ctx: BuildContext, node: MdlNode, parent: number, isTop: boolean): number {
  const { scene, sink } = ctx;
  const extras = nodeExtras(ctx, node);
  let rotation = mirrorQuat(node.rotation);
  const length = Math.hypot(...rotation);
  if (Math.abs(length - 1) > 1e-3) {
    sink.warn('MDL_ROTATION_NOT_UNIT', `node '${node.name}' rotation has length ${length}; normalised`, node.offset);
    extras.storedRotation = node.rotation;
    rotation = math.quatNormalize(rotation);
  }
  const index = addNode(
    scene,
    { name: node.name, translation: mirrorVec3(node.position), rotation, scale: [...node.scale], extras },
    parent,
  );

  let skeleton: Skeleton | undefined;
  if (node.bones.length) {
    if (!isTop) sink.warn('MDL_BONES_IN_CHILD', `node '${node.name}' has bones; the spec allows them only on the top-level node`, node.offset);
    skeleton = buildSkeleton(ctx, node.bones, index);
    if (isTop) ctx.topSkeleton = skeleton;
  }

  buildLods(ctx, node, index, isTop ? skeleton : undefined);

  node.collision.parts.forEach((part, k) => {
    const collider = buildCollider(part, index, `${node.name || 'node'} collider ${k}`);
    if (collider) scene.colliders.push(collider);
  });
  if (node.collision.raw) scene.nodes[index].extras!.colliderData = node.collision.raw;

  if (node.animations.length) {
    if (skeleton) for (const anim of node.animations) scene.animations.push(buildAnimation(ctx, anim, skeleton, node.name));
    else sink.warn('MDL_ANIMATION_WITHOUT_BONES', `node '${node.name}' has ${node.animations.length} animations but no bones; ignored`, node.offset);
  }

  for (const child of node.children) {
    let childParent = index;
    if (child.attachBone >= 0) {
      const joints = ctx.topSkeleton?.joints;
      if (joints && child.attachBone < joints.length) childParent = joints[child.attachBone];
      else sink.warn('MDL_BAD_ATTACH_BONE', `node '${child.name}' is attached to bone ${child.attachBone}, which does not exist`, child.offset);
    }
    buildNode(ctx, child, childParent, false);
  }
  return index;
}

/** Colour, engine/user properties (raw text, and parsed when JSON), v301+ floats, attach bone. */
function nodeExtras(ctx: BuildContext, node: MdlNode): Extras {
  const extras: Extras = { color: node.color };
  if (node.engineProperties) {
    extras.engineProperties = node.engineProperties;
    const json = parseJson(ctx, node.engineProperties, `engine properties of node '${node.name}'`, node.offset);
    if (json !== undefined) extras.engine = json;
  }
  if (node.userProperties) {
    extras.userProperties = node.userProperties;
    const json = parseJson(ctx, node.userProperties, `user properties of node '${node.name}'`, node.offset);
    if (json !== undefined) extras.user = json;
  }
  if (node.unknownNodeFloats) extras.unknownNodeFloats = node.unknownNodeFloats;
  if (node.attachBone !== -1) extras.attachBone = node.attachBone;
  return extras;
}

function parseJson(ctx: BuildContext, text: string, what: string, offset: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which stays in extras and out of the warning.
    ctx.sink.warn('MDL_BAD_JSON', `${what} are not valid JSON (${text.length} characters); the raw text is kept`, offset);
    return undefined;
  }
}
