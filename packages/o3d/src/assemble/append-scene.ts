/**
 * One scene appended into another (character assembly): nodes, meshes, materials, textures, skins
 * and the channels that move the appended nodes, every index shifted. Nodes given in `shared` (a
 * part's copy of the skeleton) are not copied: references to them go to the target's nodes.
 */
import { sceneNode, type AnimationChannel, type Scene } from '@relic3d/core';

export interface AppendPlan {
  /** Source node → target node, for nodes the target already has (skeleton bones). */
  shared: Map<number, number>;
  /** Source nodes left out with their subtrees (the source's model root, when re-parented). */
  skip: Set<number>;
  /** Where source roots (and children of skipped nodes) hang in the target. */
  parent: number;
}

/** Appends `source` into `target`; returns source node → target node. */
export function appendScene(target: Scene, source: Scene, plan: AppendPlan): Map<number, number> {
  const nodeMap = new Map(plan.shared);
  const copied: number[] = [];
  source.nodes.forEach((_, i) => {
    if (plan.shared.has(i) || plan.skip.has(i)) return;
    nodeMap.set(i, target.nodes.length + copied.length);
    copied.push(i);
  });
  const materialBase = target.materials.length, textureBase = target.textures.length, meshBase = target.meshes.length, skinBase = target.skins.length;
  target.textures.push(...source.textures);
  for (const m of source.materials) {
    const shift = <T extends { texture: number } | undefined>(ref: T): T => (ref ? { ...ref, texture: ref.texture + textureBase } : ref);
    target.materials.push({ ...m, baseColorTexture: shift(m.baseColorTexture), normalTexture: shift(m.normalTexture), emissiveTexture: shift(m.emissiveTexture), occlusionTexture: shift(m.occlusionTexture), metallicRoughnessTexture: shift(m.metallicRoughnessTexture) });
  }
  for (const mesh of source.meshes) target.meshes.push({ ...mesh, primitives: mesh.primitives.map((p) => (p.material === undefined ? p : { ...p, material: p.material + materialBase })) });
  for (const skin of source.skins) {
    target.skins.push({ ...skin, joints: skin.joints.map((j) => nodeMap.get(j) ?? j), ...(skin.skeleton !== undefined ? { skeleton: nodeMap.get(skin.skeleton) } : {}) });
  }
  for (const i of copied) {
    const node = source.nodes[i];
    const parent = node.parent >= 0 && nodeMap.has(node.parent) ? nodeMap.get(node.parent)! : plan.parent;
    const copy = sceneNode(node, parent, node.children.filter((c) => nodeMap.has(c) && !plan.shared.has(c)).map((c) => nodeMap.get(c)!));
    if (node.mesh !== undefined) copy.mesh = node.mesh + meshBase;
    if (node.skin !== undefined) copy.skin = node.skin + skinBase;
    if (node.lods) copy.lods = node.lods.map((l) => ({ ...l, node: nodeMap.get(l.node)! }));
    target.nodes.push(copy);
    if (parent >= 0) {
      // Children of a shared or outside node are linked from there.
      if (!(node.parent >= 0 && nodeMap.has(node.parent) && !plan.shared.has(node.parent))) target.nodes[parent].children.push(target.nodes.length - 1);
    } else target.roots.push(target.nodes.length - 1);
  }
  appendChannels(target, source, nodeMap, new Set(copied));
  return nodeMap;
}

/** Channels of the source's clips that move copied nodes, into the target's clips of the same name. */
function appendChannels(target: Scene, source: Scene, nodeMap: Map<number, number>, copied: Set<number>): void {
  for (const clip of source.animations) {
    const channels: AnimationChannel[] = clip.channels.filter((c) => copied.has(c.node)).map((c) => ({ ...c, node: nodeMap.get(c.node)! }));
    if (!channels.length) continue;
    const into = target.animations.find((a) => a.name === clip.name);
    if (into) {
      into.channels.push(...channels);
      into.duration = Math.max(into.duration, clip.duration);
    } else target.animations.push({ ...clip, channels });
  }
}
