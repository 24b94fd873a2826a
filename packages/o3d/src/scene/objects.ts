/**
 * The object groups (one, or three LOD levels under the root's `lods`) and their objects as nodes
 * (docs/formats/o3d.md §5.4), with the per-object TM keys of the O3D's own clip.
 */
import { addNode, isTRS, type AnimationChannel, type Node } from '@relic3d/core';
import { OBJECT_SKIN, PARENT_BONE, PARENT_OBJECT, type O3dObject } from '../file.js';
import { KEY_FLOATS } from '../read/layout.js';
import { convertBox, convertMatrix } from './axes.js';
import { keyChannels } from './channels.js';
import type { BuildContext } from './context.js';
import { finiteKeys, finiteMatrix } from './finite.js';
import { follower } from './followers.js';
import { addMesh } from './meshes.js';
import { UNIT_TOLERANCE, clientScaleError, percent } from './pose.js';
import { skinIndex } from './skeleton.js';
import { trs } from './trs.js';

/** Adds every group and object; returns the TM key channels of animated objects. */
export function addObjects(ctx: BuildContext, name: string, fps: number): AnimationChannel[] {
  const { file, scene, root } = ctx;
  const groupNodes = file.groups.map((_, g) => addNode(scene, { name: file.groups.length > 1 ? `${name} LOD${g}` : `${name} objects` }, root));
  if (groupNodes.length > 1) scene.nodes[root].lods = groupNodes.map((node) => ({ node }));

  const tmChannels: AnimationChannel[] = [];
  let nonUnitObjectKeys = 0, worstObjectScale = 0;
  file.groups.forEach((objects, g) => {
    const nodes: number[] = [];
    objects.forEach((object, i) => {
      const node = addObject(ctx, object, i, g, groupNodes[g], nodes);
      nodes.push(node);
      if (object.tmAnimation) {
        const keys = finiteKeys(ctx, object.tmAnimation, file.frameCount);
        for (const channel of keyChannels(node, keys, file.frameCount, fps)) {
          ctx.finiteValues.add(channel.values);
          tmChannels.push(channel);
        }
        // The keys replace the local TM (L = R · T, no scale): a scaled rest pose animates at 1.
        if (scene.nodes[node].scale) tmChannels.push({ node, path: 'scale', times: new Float32Array([0]), values: Float32Array.of(1, 1, 1), interpolation: 'LINEAR' });
        for (let k = 0; k < file.frameCount * KEY_FLOATS; k += KEY_FLOATS) {
          const s2 = keys[k] * keys[k] + keys[k + 1] * keys[k + 1] + keys[k + 2] * keys[k + 2] + keys[k + 3] * keys[k + 3];
          if (Math.abs(s2 - 1) > UNIT_TOLERANCE) {
            nonUnitObjectKeys++;
            worstObjectScale = Math.max(worstObjectScale, clientScaleError(keys, k));
          }
        }
      }
    });
  });
  if (nonUnitObjectKeys) {
    ctx.sink.warn(
      'O3D_NON_UNIT_QUATERNION',
      `${nonUnitObjectKeys} object TM keys have non-unit quaternions; the client draws those objects scaled by up to ${percent(worstObjectScale)}, glTF rotations are unit: the objects are drawn unscaled (off by up to ${percent(worstObjectScale)})`,
    );
  }
  return tmChannels;
}

function addObject(ctx: BuildContext, object: O3dObject, index: number, group: number, groupNode: number, groupObjects: number[]): number {
  const { scene, skeleton } = ctx;
  const skin = object.type === OBJECT_SKIN;
  const localTM = finiteMatrix(ctx, convertMatrix(object.localTM));
  const objectBox = convertBox(object.geometry.bboxMin, object.geometry.bboxMax);
  const extras: Record<string, unknown> = {
    id: object.id,
    typeRaw: object.typeRaw >>> 0,
    parentIndex: object.parentIndex,
    parentType: object.parentType,
    opacity: object.geometry.opacity,
    bump: object.geometry.bump,
    rigid: object.geometry.rigid,
    bboxMin: objectBox.min,
    bboxMax: objectBox.max,
    useBones: Array.from(object.useBones),
    vertexListCount: object.geometry.vertexList.length / 3,
    physiqueCount: object.geometry.physique.length,
    materialFlag: object.geometry.materialFlag,
    materialCount: object.geometry.materialCount,
  };
  if (object.light) {
    extras.light = true;
    extras.nightOnly = true;
    extras.blend = 'additive';
  }
  let parent = groupNode;
  // A light object's name ends in `light`, the authoring convention (docs/formats/o3d.md §12).
  const node: Partial<Node> & { name: string } = { name: `${scene.name} LOD${group} object ${index}${object.light ? ' light' : ''}` };
  if (skin) {
    // Skin objects are drawn with the model matrix only (docs/formats/o3d.md §5.4).
    extras.localTM = Array.from(localTM);
  } else {
    // A sheared local TM is kept whole; keys replace an animated object's (the client never shows it).
    if (object.tmAnimation || isTRS(localTM)) Object.assign(node, trs(localTM));
    else {
      node.matrix = Array.from(localTM);
      extras.sheared = true;
    }
    if (object.parentIndex !== -1) {
      if (object.parentType === PARENT_OBJECT && object.parentIndex >= 0 && object.parentIndex < index) {
        parent = groupObjects[object.parentIndex];
      } else if (object.parentType === PARENT_BONE && skeleton && object.parentIndex >= 0 && object.parentIndex < skeleton.nodes.length) {
        parent = ctx.file.groups.length > 1 ? follower(ctx, object.parentIndex, group, groupNode) : skeleton.nodes[object.parentIndex];
      } else {
        ctx.sink.warn(
          'O3D_OBJECT_PARENT',
          object.parentType === PARENT_BONE && !skeleton
            ? `object ${index} of group ${group} is attached to bone ${object.parentIndex}, but there is no skeleton (pass the .chr); placed in model space`
            : `object ${index} of group ${group} has parent ${object.parentIndex} of type ${object.parentType}, which cannot be resolved; placed in model space`,
        );
      }
    }
  }
  node.extras = extras;
  const mesh = addMesh(ctx, object, `${scene.name} LOD${group} mesh ${index}`);
  if (mesh !== undefined) {
    node.mesh = mesh.index;
    if (mesh.skinned) node.skin = skinIndex(ctx);
  }
  return addNode(scene, node, parent);
}
