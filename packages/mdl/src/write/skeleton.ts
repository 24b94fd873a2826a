import { math } from '@relic3d/core';
import { IDENTITY_TRS, isIdentity, localMatrix64, matrixTRS, nodeTRS, relativeMatrix, type TRS, type WriteContext } from './context.js';
import { fileTRS } from './axes.js';
import type { BoneRecord } from './records.js';

/** One BONE: a scene node (or the root the writer adds) in depth-first order. */
export interface BonePlan {
  /** Scene node, −1 for an added root. */
  node: number;
  name: string;
  /** Parent bone id, −1 for the root. */
  parent: number;
  /**
   * The static transform from the parent bone (or the top node) to this node's scene parent, when
   * nodes that are not bones sit in between: folded into the bone's local transform.
   */
  fold?: Float64Array;
  /** Local rest transform relative to the parent bone (or the top node), glTF frame. */
  rest: TRS;
  /** The node's own local transform (`rest` before the fold); keys of unanimated channels take it. */
  local: TRS;
}

export interface SkeletonPlan {
  bones: BonePlan[];
  /** Bone id of each bone's scene node. */
  boneOf: Map<number, number>;
}

/**
 * The bones under the top node, in the depth-first order of the scene, which is the order the
 * reader numbers them in (docs/formats/mdl.md §5.7). The spec allows one root bone: several roots
 * get an added identity root, with a warning.
 */
export function planSkeleton(ctx: WriteContext, top: number, starts: number[], isBone: (node: number) => boolean): SkeletonPlan {
  const { scene } = ctx;
  const bones: BonePlan[] = [];
  const walk = (node: number, parentBone: number, anchor: number) => {
    let nextParent = parentBone, nextAnchor = anchor;
    if (isBone(node)) {
      const sceneParent = scene.nodes[node].parent;
      const between = sceneParent !== anchor ? relativeMatrix(ctx, anchor, sceneParent) : undefined;
      const fold = between && !isIdentity(between) ? between : undefined;
      const name = scene.nodes[node].name;
      const local = nodeTRS(ctx, node);
      const rest = fold ? matrixTRS(ctx, math.multiply(fold, localMatrix64(scene.nodes[node]), new Float64Array(16)), `bone '${name}'`) : local;
      bones.push({ node, name, parent: parentBone, ...(fold && { fold }), rest, local });
      nextParent = bones.length - 1;
      nextAnchor = node;
    }
    for (const child of scene.nodes[node].children) walk(child, nextParent, nextAnchor);
  };
  for (const start of starts) walk(start, -1, top);

  const roots = bones.filter((b) => b.parent === -1).length;
  if (roots > 1) {
    const taken = new Set(bones.map((b) => b.name));
    let name = 'root';
    for (let k = 2; taken.has(name); k++) name = `root${k}`;
    ctx.sink.warn('MDL_WRITE_ROOT_BONE_ADDED', `the skeleton has ${roots} root bones and the format allows one; bone '${name}' was added as their parent`);
    for (const b of bones) b.parent += 1;
    bones.unshift({ node: -1, name, parent: -1, rest: { ...IDENTITY_TRS }, local: { ...IDENTITY_TRS } });
  }
  const boneOf = new Map<number, number>();
  bones.forEach((b, id) => b.node >= 0 && boneOf.set(b.node, id));
  return { bones, boneOf };
}

/** The BONE tree of the plan, in the file's frame. */
export function boneRecords(plan: SkeletonPlan): BoneRecord[] {
  const records = plan.bones.map((b): BoneRecord => {
    const { position, rotation, scale } = fileTRS(b.rest);
    return { name: b.name, position, rotation, scale, children: [] };
  });
  const roots: BoneRecord[] = [];
  plan.bones.forEach((b, id) => (b.parent >= 0 ? records[b.parent].children : roots).push(records[id]));
  return roots;
}
