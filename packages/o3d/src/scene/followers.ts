/**
 * With LOD groups, an object attached to a bone must stay inside its level's subtree (or every
 * level would show it). It hangs on a copy, inside the level, of the bone's chain from the
 * skeleton root: the copies take the bones' rest transforms and, in every clip, the bones' own
 * channels, so the copy moves exactly as the bone at any time (followChannels).
 */
import { addNode, type AnimationChannel, type Quat, type Vec3 } from '@relic3d/core';
import type { BuildContext } from './context.js';

/** The node, inside LOD level `group`, that follows bone `bone`. */
export function follower(ctx: BuildContext, bone: number, group: number, groupNode: number): number {
  return followerOf(ctx, ctx.skeleton!.nodes[bone], group, groupNode);
}

function followerOf(ctx: BuildContext, original: number, group: number, groupNode: number): number {
  let copies = ctx.followers.get(group);
  if (!copies) ctx.followers.set(group, (copies = new Map()));
  const known = copies.get(original);
  if (known !== undefined) return known;
  const source = ctx.scene.nodes[original];
  const parent = source.parent === ctx.root ? groupNode : followerOf(ctx, source.parent, group, groupNode);
  const node = addNode(
    ctx.scene,
    {
      name: `${source.name} (LOD${group} follower)`,
      ...(source.translation ? { translation: [...source.translation] as Vec3 } : {}),
      ...(source.rotation ? { rotation: [...source.rotation] as Quat } : {}),
      ...(source.scale ? { scale: [...source.scale] as Vec3 } : {}),
      extras: { ...(source.joint ? { followsBone: source.extras?.boneIndex } : { followsShearOf: source.extras?.shearOf }) },
    },
    parent,
  );
  copies.set(original, node);
  return node;
}

/** Every channel of a followed skeleton node, once more for each copy (the key arrays are shared). */
export function followChannels(ctx: BuildContext): void {
  if (!ctx.followers.size) return;
  const copiesOf = new Map<number, number[]>();
  for (const copies of ctx.followers.values()) for (const [original, copy] of copies) copiesOf.set(original, [...(copiesOf.get(original) ?? []), copy]);
  for (const animation of ctx.scene.animations) {
    const added: AnimationChannel[] = [];
    for (const channel of animation.channels) for (const copy of copiesOf.get(channel.node) ?? []) added.push({ ...channel, node: copy });
    animation.channels.push(...added);
  }
}
