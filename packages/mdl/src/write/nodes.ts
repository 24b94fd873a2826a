import type { Extras, Vec3, Vec4 } from '@relic3d/core';
import { animationRecords } from './animation.js';
import { fileTRS } from './axes.js';
import { colliderParts } from './colliders.js';
import { numberArray, type WriteContext } from './context.js';
import type { MaterialFiles } from './materials.js';
import { meshRecord } from './meshes.js';
import type { NodeRecord } from './records.js';
import { boneRecords } from './skeleton.js';
import type { NodePlan, StructurePlan } from './structure.js';
import { skinBinding, type SkinBinding } from './weights.js';

/** In every v301/v302 file (docs/formats/mdl.md §2.2); meaning unknown. */
const NODE_FLOATS: Vec3 = [16, 32, 64];

/** The NODE records of the plan, the top one with the skeleton and the clips. */
export function nodeRecords(ctx: WriteContext, structure: StructurePlan, materials: MaterialFiles): NodeRecord {
  const bindings = new Map<number, SkinBinding>();
  const binding = (skin: number) => {
    let b = bindings.get(skin);
    if (!b) bindings.set(skin, (b = skinBinding(ctx, skin, structure.topNode, structure.skeleton)));
    return b;
  };
  const build = (plan: NodePlan): NodeRecord => {
    const extras = plan.source >= 0 ? (ctx.scene.nodes[plan.source].extras ?? {}) : {};
    if (extras.colliderData instanceof Uint8Array) {
      ctx.sink.warn('MDL_WRITE_COLLIDER_DATA_DROPPED', `node '${plan.name}': ${extras.colliderData.length} bytes of collider data the reader could not read (an unknown shape) were not written`);
    }
    const { position, rotation, scale } = fileTRS(plan.trs);
    return {
      name: plan.name,
      ...properties(extras),
      position,
      rotation,
      scale,
      color: (numberArray(extras.color, 4) as Vec4 | undefined) ?? [1, 1, 1, 1],
      unknownNodeFloats: (numberArray(extras.unknownNodeFloats, 3) as Vec3 | undefined) ?? [...NODE_FLOATS],
      lods: plan.levels.map((level) => ({
        viewDistance: level.distance,
        meshes: level.items.map((item) => {
          const material = ctx.scene.meshes[item.mesh].primitives[item.primitive].material;
          return meshRecord(ctx, item, item.skin !== undefined ? binding(item.skin) : undefined, materials.path(material));
        }),
      })),
      bones: [],
      attachBone: plan.attachBone,
      animations: [],
      parts: colliderParts(ctx, plan),
      children: plan.children.map(build),
    };
  };
  const top = build(structure.top);
  top.bones = boneRecords(structure.skeleton);
  if (top.bones.length) top.animations = animationRecords(ctx, structure.skeleton);
  else if (ctx.scene.animations.length) {
    ctx.sink.warn('MDL_WRITE_ANIMATION_DROPPED', `${ctx.scene.animations.length} clips animate nothing Ultra MDL can hold (bones); not written`);
  }
  return top;
}

/** Engine/user properties as the reader kept them: the raw text, else the parsed JSON again. */
function properties(extras: Extras): { engineProperties: string; userProperties: string } {
  const text = (raw: unknown, parsed: unknown) => (typeof raw === 'string' ? raw : parsed !== undefined ? (JSON.stringify(parsed) ?? '') : '');
  return { engineProperties: text(extras.engineProperties, extras.engine), userProperties: text(extras.userProperties, extras.user) };
}
