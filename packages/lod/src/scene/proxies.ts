import { addNode, math } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { BuildContext } from './context.js';
import type { MeshNodes } from './meshes.js';

/** PXI1 proxy trees → child nodes of the proxied mesh's node, instancing their source meshes. */
export function buildProxies(file: LodFile, { scene, axis, sink, finite }: BuildContext, meshes: MeshNodes): void {
  for (const proxy of file.proxies) {
    const host = meshes.nodes[proxy.meshIndex];
    if (host === undefined) {
      sink.warn('LOD_PROXY_MESH', `PXI1 stands in for mesh ${proxy.meshIndex}, which does not exist; placed at the root`);
    } else if (scene.nodes[host].mesh !== undefined && file.meshes[proxy.meshIndex].faceGroups.some((g) => g.vertexIndices.length > 0)) {
      sink.warn('LOD_PROXY_MESH', `PXI1 stands in for mesh ${proxy.meshIndex}, which is not empty`);
    }
    const parentOfProxy = host ?? addNode(scene, { name: `proxy ${proxy.meshIndex}` });
    const items: number[] = [];
    proxy.items.forEach((item, i) => {
      const parent = item.parentIndex >= 0 && item.parentIndex < i ? items[item.parentIndex] : parentOfProxy;
      if (item.parentIndex >= i) sink.warn('LOD_PROXY_PARENT', `proxy item ${i} names parent ${item.parentIndex}, not read before it; attached to the root`);
      const sourceNode = meshes.nodes[item.sourceMeshIndex];
      const mesh = item.sourceMeshIndex >= 0 && sourceNode !== undefined ? scene.nodes[sourceNode].mesh : undefined;
      const skin = item.sourceMeshIndex >= 0 && sourceNode !== undefined ? scene.nodes[sourceNode].skin : undefined;
      const node = addNode(
        scene,
        {
          name: item.name || `proxy item ${i}`,
          translation: finite.vec(axis.point(...item.position)),
          rotation: math.quatNormalize(axis.quat(finite.vec(Array.from(item.rotation)))),
          scale: finite.vec(axis.scale(item.scale)),
          ...(mesh !== undefined ? { mesh } : {}),
          ...(skin !== undefined ? { skin } : {}),
          extras: { proxyItem: i, sourceMeshIndex: item.sourceMeshIndex, visible: item.visible, expanded: item.expanded, reserved: item.reserved, ...(item.gap !== undefined ? { gap: item.gap } : {}) },
        },
        parent,
      );
      items.push(node);
    });
    scene.nodes[parentOfProxy].extras = { ...scene.nodes[parentOfProxy].extras, proxy: { recordSize: proxy.recordSize, items: proxy.items.length } };
  }
}
