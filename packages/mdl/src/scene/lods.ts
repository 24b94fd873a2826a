import { addNode } from '@relic3d/core';
import type { MdlNode } from '../file.js';
import type { BuildContext } from './context.js';
import { buildLodMesh } from './meshes.js';
import type { Skeleton } from './skins.js';

/** One child node per LOD, carrying that level's mesh, listed in the node's `lods` by view distance. */
export function buildLods(ctx: BuildContext, node: MdlNode, index: number, skeleton: Skeleton | undefined): void {
  const { scene } = ctx;
  const lods = node.lods.map((lod, k) => {
    const lodNode = addNode(scene, { name: `${node.name || 'node'} LOD${k}`, extras: { viewDistance: lod.viewDistance } }, index);
    if (lod.meshes.length) buildLodMesh(ctx, node, lod.meshes, lodNode, skeleton);
    return { node: lodNode, distance: lod.viewDistance };
  });
  if (lods.length) scene.nodes[index].lods = lods;
}
