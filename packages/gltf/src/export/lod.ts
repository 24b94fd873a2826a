// Levels of detail: one chosen level (`options.lod`), or every level linked with MSFT_lod.
import type { ExportContext } from './context.js';
import { toJSONValue } from './extras.js';
import { MSFT_LOD } from '../extensions/msft-lod.js';

/** With `options.lod`, every node under a level other than the chosen one loses its content. */
export function hideUnchosenLevels(ctx: ExportContext): void {
  if (ctx.options.lod === undefined) return;
  const wanted = Math.max(0, Math.floor(ctx.options.lod));
  for (const node of ctx.scene.nodes) {
    if (!node.lods?.length) continue;
    const keep = Math.min(wanted, node.lods.length - 1);
    node.lods.forEach((level, k) => {
      if (k !== keep) hideSubtree(ctx, level.node);
    });
  }
}

function hideSubtree(ctx: ExportContext, start: number): void {
  const stack = [start];
  while (stack.length) {
    const i = stack.pop()!;
    if (ctx.hiddenByLod.has(i) || !ctx.scene.nodes[i]) continue;
    ctx.hiddenByLod.add(i);
    stack.push(...ctx.scene.nodes[i].children);
  }
}

/**
 * Without `options.lod`, every LOD group is written with MSFT_lod: the host keeps level 0 as its
 * child, and the coarser levels hang off level 0's extension. Returns those coarser levels, which
 * are not written as children.
 */
export function linkLodLevels(ctx: ExportContext): Set<number> {
  const lodChildren = new Set<number>();
  if (ctx.options.lod !== undefined) return lodChildren;
  ctx.scene.nodes.forEach((node, i) => {
    const levels = (node.lods ?? []).filter((l) => node.children.includes(l.node) && ctx.json.nodes[l.node]);
    if (levels.length === 0) return;
    const top = ctx.json.nodes[levels[0].node];
    // A one-level group needs no MSFT_lod; its host is still named so fromGltf restores the group.
    if (levels.length > 1) {
      ctx.use(MSFT_LOD);
      const ids: number[] = [];
      for (const level of levels.slice(1)) {
        ids.push(level.node);
        lodChildren.add(level.node);
      }
      top.extensions = { ...(top.extensions as object | undefined), [MSFT_LOD]: { ids } };
    }
    const coverage = levels.map((l) => l.screenCoverage);
    const distances = levels.map((l) => l.distance);
    const lodExtras: Record<string, unknown> = { ...(top.extras as Record<string, unknown> | undefined) };
    if (coverage.every((c) => c !== undefined && Number.isFinite(c))) lodExtras.MSFT_screencoverage = coverage;
    if (distances.some((d) => d !== undefined)) lodExtras.lodDistances = toJSONValue(distances);
    lodExtras.lodHost = node.name || `node_${i}`;
    top.extras = lodExtras;
  });
  return lodChildren;
}
