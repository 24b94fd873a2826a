// MSFT_lod: the node holding the extension is level 0 and its `ids` the coarser levels. In the
// scene every level is a child of one host node: the top level's parent (what toGltf writes: the
// coarser levels hang off the extension only), or a node made for the group when the top is a root.
import { sceneNode, type LodLevel, type Node } from '@relic3d/core';
import { MSFT_LOD, type Lod } from '../extensions/msft-lod.js';
import type { ImportContext } from './context.js';
import { extrasWithout } from './values.js';

/** Turns every MSFT_lod group into `lods` on its host; screen coverage and distances from extras. */
export function readLods(ctx: ImportContext): void {
  const nodes = ctx.scene.nodes;
  const isLevel = new Set<number>();
  ctx.gltfNodes.forEach((g, top) => {
    const lod = g.getExtension<Lod>(MSFT_LOD);
    if (!lod) return;
    const topNode = nodes[top];
    const { coverage, distances } = takeLevelExtras(topNode);
    if (isLevel.has(top)) {
      ctx.warn('GLTF_LOD_IGNORED', `node '${topNode.name}' is a level of another LOD group; its own MSFT_lod is ignored`);
      return;
    }
    let host = topNode.parent;
    if (host === -1 || nodes[host].lods) host = hostFor(ctx, top);
    const levels: LodLevel[] = [{ node: top }];
    isLevel.add(top);
    for (const level of lod.listLods()) {
      const n = ctx.nodes.get(level);
      if (n === undefined) continue;
      if (isLevel.has(n) || nodes[n].parent !== -1 && nodes[n].parent !== host || isAncestor(nodes, n, host)) {
        ctx.warn('GLTF_LOD_IGNORED', `node '${nodes[n].name}' cannot be a level of '${topNode.name}' (it is placed elsewhere in the hierarchy or another group's level); left as it is`);
        continue;
      }
      if (nodes[n].parent === -1) {
        nodes[n].parent = host;
        nodes[host].children.push(n);
      }
      isLevel.add(n);
      levels.push({ node: n });
    }
    setLevelValues(levels, coverage, distances);
    nodes[host].lods = levels;
  });
  if (ctx.relic3d) readSingleLevels(ctx, isLevel);
}

/**
 * A relic3d file may name the host of a one-level group on the level (`extras.lodHost`, no
 * MSFT_lod: there is nothing to choose between): the level's parent hosts it again.
 */
function readSingleLevels(ctx: ImportContext, isLevel: Set<number>): void {
  const nodes = ctx.scene.nodes;
  nodes.forEach((node, i) => {
    const host = node.parent;
    const named = (node.extras as { lodHost?: unknown } | undefined)?.lodHost;
    if (isLevel.has(i) || typeof named !== 'string' || host === -1 || nodes[host].lods || nodes[host].name !== named) return;
    const { coverage, distances } = takeLevelExtras(node);
    const levels: LodLevel[] = [{ node: i }];
    setLevelValues(levels, coverage, distances);
    nodes[host].lods = levels;
  });
}

/** Takes a top level's LOD extras (toGltf's `lodHost`, `lodDistances`, `MSFT_screencoverage`) off its node. */
function takeLevelExtras(node: Node): { coverage: unknown[]; distances: unknown[] } {
  const extras = (node.extras ?? {}) as Record<string, unknown>;
  const coverage = Array.isArray(extras.MSFT_screencoverage) ? extras.MSFT_screencoverage : [];
  const distances = Array.isArray(extras.lodDistances) ? extras.lodDistances : [];
  const rest = extrasWithout(node.extras, 'MSFT_screencoverage', 'lodDistances', 'lodHost');
  if (rest) node.extras = rest;
  else delete node.extras;
  return { coverage, distances };
}

function setLevelValues(levels: LodLevel[], coverage: unknown[], distances: unknown[]): void {
  levels.forEach((level, k) => {
    const c = coverage[k];
    const d = distances[k];
    if (typeof c === 'number' && Number.isFinite(c)) level.screenCoverage = c;
    if (typeof d === 'number' && Number.isFinite(d)) level.distance = d;
  });
}

/** A new node in the top level's place, to hold the group's levels. */
function hostFor(ctx: ImportContext, top: number): number {
  const nodes = ctx.scene.nodes;
  const topNode = nodes[top];
  const host = nodes.length;
  const node = sceneNode({ name: `${topNode.name} LOD`, parent: topNode.parent, children: [top] });
  nodes.push(node);
  if (topNode.parent !== -1) {
    const siblings = nodes[topNode.parent].children;
    siblings[siblings.indexOf(top)] = host;
  } else ctx.hostOf.set(top, host);
  topNode.parent = host;
  return host;
}

function isAncestor(nodes: Node[], candidate: number, of: number): boolean {
  for (let i = of, steps = 0; i !== -1 && steps <= nodes.length; i = nodes[i].parent, steps++) if (i === candidate) return true;
  return false;
}
