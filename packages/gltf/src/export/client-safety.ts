// Fixes at our glTF edge for models that are valid but hurt clients (each with a warning, each
// measured against Blender in tooling/blender): skinned meshes placed under other nodes, and node
// chains deeper than a client recurses. Key times far outside a clip: keys-in-clip.ts.
import { math } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { MSFT_LOD } from '../extensions/msft-lod.js';
import type { Json } from './output.js';

/**
 * Deepest node chain written. Blender 3.4 walks the hierarchy recursively under Python's 1000-frame
 * limit: its exporter fails (RecursionError) from depth 330 (325 exports) and its importer from 975
 * (970 imports), measured with a mesh at the chain's tip (tooling/blender/test/hard-models.suite.ts
 * pins 300, 940, 990 and 1200). 256 stays under both, leaves room for other recursive clients, and
 * is 20× the deepest corpus model (13).
 */
export const MAX_NODE_DEPTH = 256;

/** Runs after the hierarchy, skins and animations are written. */
export function makeClientSafe(ctx: ExportContext): void {
  if (ctx.options.clientSafe === false) return;
  skinnedMeshesToRoot(ctx);
  flattenDeepChains(ctx);
}

const childrenOf = (node: Json) => (node.children as number[] | undefined) ?? [];

function detach(ctx: ExportContext, child: number): void {
  const parent = ctx.parentOf.get(child);
  if (parent === undefined) return;
  const node = ctx.json.nodes[parent];
  const kept = childrenOf(node).filter((c) => c !== child);
  // Unset, not deleted (JSON.stringify leaves it out): a delete turns the node into a dictionary, ~600 B more each.
  node.children = kept.length ? kept : undefined;
  ctx.parentOf.delete(child);
}

/** Nodes in an MSFT_lod group (a level and everything under it): a level must stay where the group puts it. */
function lodMembers(ctx: ExportContext): Set<number> {
  const members = new Set<number>();
  const stack: number[] = [];
  ctx.json.nodes.forEach((node, i) => {
    const lod = (node.extensions as Record<string, { ids?: number[] }> | undefined)?.[MSFT_LOD];
    if (lod) stack.push(i, ...(lod.ids ?? []));
  });
  while (stack.length) {
    const i = stack.pop()!;
    if (members.has(i) || !ctx.json.nodes[i]) continue;
    members.add(i);
    stack.push(...childrenOf(ctx.json.nodes[i]));
  }
  return members;
}

/**
 * glTF ignores a skinned mesh node's transform and places it by its joints alone; the validator
 * warns when such a node is not a root (NODE_SKINNED_MESH_NON_ROOT), and clients that honour the
 * parent (or must reparent it, as Blender does) can misplace it. A childless one moves to the
 * scene root; one with children leaves its mesh and skin to a new root node of the same name.
 */
function skinnedMeshesToRoot(ctx: ExportContext): void {
  const lods = lodMembers(ctx);
  let moved = 0, split = 0, kept = 0;
  const count = ctx.json.nodes.length;
  for (let i = 0; i < count; i++) {
    const node = ctx.json.nodes[i];
    if (node.skin === undefined || node.mesh === undefined || !ctx.parentOf.has(i)) continue;
    if (lods.has(i)) {
      kept++;
      continue;
    }
    if (!childrenOf(node).length) {
      detach(ctx, i);
      ctx.sceneRoots.push(i);
      moved++;
      continue;
    }
    const drawn: Json = { name: node.name, mesh: node.mesh, skin: node.skin };
    if (node.weights) drawn.weights = node.weights;
    delete node.mesh;
    delete node.skin;
    delete node.weights;
    const root = ctx.addNode(drawn);
    ctx.sceneRoots.push(root);
    // Morph weights follow the mesh.
    for (const animation of ctx.json.animations) {
      for (const channel of animation.channels as { target: { node: number; path: string } }[]) {
        if (channel.target.node === i && channel.target.path === 'weights') channel.target.node = root;
      }
    }
    split++;
  }
  if (moved || split) {
    const what = [moved ? `${moved} moved to the scene root` : '', split ? `${split} with children left their mesh and skin to a new root node of the same name` : ''].filter(Boolean).join('; ');
    ctx.warn('GLTF_SKINNED_MESH_MOVED', `skinned mesh nodes under other nodes (glTF ignores those nodes' transforms for them, NODE_SKINNED_MESH_NON_ROOT): ${what}`);
  }
  if (kept) ctx.warn('GLTF_SKINNED_MESH_NON_ROOT', `${kept} skinned mesh nodes are levels of detail (MSFT_lod) and stay under their group`);
}

/** A node's T·R·S in doubles, into `out`: a folded chain multiplies hundreds of them. */
function localMatrix(node: Json, out: Float64Array): Float64Array {
  const t = (node.translation as number[] | undefined) ?? [0, 0, 0];
  const r = (node.rotation as number[] | undefined) ?? [0, 0, 0, 1];
  const s = (node.scale as number[] | undefined) ?? [1, 1, 1];
  return math.fromTRS(t, r, s, out) as Float64Array;
}

/** Whether `m` is T·R·S (no shear) within float noise: `back` is rebuilt from its decomposition. */
function isTRS(m: Float64Array, back: ArrayLike<number>): boolean {
  for (let k = 0; k < 16; k++) if (Math.abs(m[k] - back[k]) > 1e-5 * Math.max(1, Math.abs(m[k]))) return false;
  return true;
}

/**
 * Chains deeper than MAX_NODE_DEPTH are folded: every node below the limit hangs from its ancestor
 * one level above the limit (the anchor), carrying the transforms of the links it skipped, so world
 * transforms are unchanged. A node whose skipped links or itself a clip moves, or whose carried
 * transform has shear (not T·R·S), is left in place. Each node is folded when the walk meets it
 * (its parent and the anchor are walked already), so a node's carried matrix lives only while its
 * children wait: a 50,000-node chain allocated 1.5 KB per node, 78 MB, before.
 */
function flattenDeepChains(ctx: ExportContext): void {
  const animated = new Set<number>();
  for (const animation of ctx.json.animations) {
    for (const channel of animation.channels as { target: { node: number; path: string } }[]) if (channel.target.path !== 'weights') animated.add(channel.target.node);
  }
  const anchorDepth = MAX_NODE_DEPTH - 1;
  let left = 0;
  let flattened = 0;
  const local = new Float64Array(16);
  const back = new Float64Array(16);
  // Iterative walk (this fix exists because recursion fails): node, depth (roots 1), anchor, the
  // parent's transform relative to the anchor, and whether a clip moves a link below the anchor.
  type Visit = [number, number, number, Float64Array | null, boolean];
  const stack: Visit[] = ctx.sceneRoots.map((r): Visit => [r, 1, -1, null, false]);
  const seen = new Set<number>();
  while (stack.length) {
    const [i, d, anchor, parentCarried, movedAbove] = stack.pop()!;
    const node = ctx.json.nodes[i];
    if (!node || seen.has(i)) continue;
    seen.add(i);
    let carried: Float64Array | null = null;
    let moving = movedAbove;
    if (d === anchorDepth) {
      for (const c of childrenOf(node)) stack.push([c, d + 1, i, null, false]);
      continue;
    }
    if (d > anchorDepth) {
      carried = parentCarried ? (math.multiply(parentCarried, localMatrix(node, local), new Float64Array(16)) as Float64Array) : localMatrix(node, new Float64Array(16));
      moving ||= animated.has(i);
      if (d > MAX_NODE_DEPTH) {
        if (moving) left++;
        else if (foldNode(ctx, i, anchor, carried, back)) flattened++;
        else left++;
      }
    }
    for (const c of childrenOf(node)) stack.push([c, d + 1, anchor, carried, moving]);
  }
  if (flattened) {
    ctx.warn('GLTF_CHAIN_FLATTENED', `node chains deeper than ${MAX_NODE_DEPTH} (clients such as Blender recurse over them): ${flattened} nodes below that depth now hang from their ancestor at depth ${anchorDepth}, with the transforms they skipped; world transforms are unchanged`);
  }
  if (left) ctx.warn('GLTF_CHAIN_TOO_DEEP', `${left} nodes below depth ${MAX_NODE_DEPTH} hang from animated or sheared links and were left in place; clients that recurse over the hierarchy may fail on them`);
}

/** Node `i` hangs from `anchor` with the transform it carried there; false (left in place) when that has shear. */
function foldNode(ctx: ExportContext, i: number, anchor: number, carried: Float64Array, back: Float64Array): boolean {
  const trs = math.decompose(carried);
  const { translation: t, rotation: r, scale: s } = trs;
  if (!isTRS(carried, math.fromTRS(t, r, s, back))) return false;
  detach(ctx, i);
  const node = ctx.json.nodes[i];
  // Literals, not spreads: a spread array keeps spare capacity, held by every folded node.
  node.translation = [t[0], t[1], t[2]];
  node.rotation = [r[0], r[1], r[2], r[3]];
  node.scale = [s[0], s[1], s[2]];
  ctx.addChild(anchor, i);
  return true;
}
