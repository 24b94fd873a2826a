import { WriteError, type Node } from '@relic3d/core';
import { LIMITS } from '../file.js';
import { IDENTITY_TRS, isIdentity, nodeTRS, relativeMatrix, type TRS, type WriteContext } from './context.js';
import { planSkeleton, type SkeletonPlan } from './skeleton.js';

/** One primitive to write as an MDL mesh. */
export interface MeshItem {
  node: number;
  mesh: number;
  primitive: number;
  /** Rigid transform into the NODE's space, when the primitive's node is not the NODE itself. */
  transform?: Float64Array;
  /** The skin whose joints place the vertices (relative to the top node). */
  skin?: number;
  /** A bone every vertex follows whole: an animated part inside one of the top node's LOD levels. */
  rigidBone?: number;
  /** The primitive's node sits under a LOD level node and was merged into the level. */
  merged?: boolean;
}

export interface LevelPlan {
  distance: number;
  items: MeshItem[];
}

/** One NODE record to be. */
export interface NodePlan {
  /** Scene node, −1 for an added top node. */
  source: number;
  name: string;
  trs: TRS;
  attachBone: number;
  levels: LevelPlan[];
  colliders: { index: number; transform?: Float64Array }[];
  children: NodePlan[];
}

export interface StructurePlan {
  top: NodePlan;
  /** Scene node of the top NODE, −1 when the writer added one. */
  topNode: number;
  skeleton: SkeletonPlan;
}

/**
 * How the scene's nodes become MDL records. The file has one top NODE, and only it may hold bones,
 * animations and skinned meshes (docs/formats/mdl.md §5.7), so:
 * - the top NODE is the scene's single root when that root is neither a joint nor animated,
 *   else an added node holding every root;
 * - skin joints and every animated node become BONEs of the top NODE (an animated node keeps its
 *   motion as a bone; Ultra animates bones only);
 * - other nodes become NODEs; a NODE under a bone hangs from it (`ATCH`), and a bone with a mesh,
 *   LODs or colliders gets a NODE of its own name hanging from it, at its origin;
 * - a node's LOD levels become its `LOD_`s; the nodes under a level are baked into it;
 * - skinned primitives move to the top NODE (vertices in its space).
 */
export function planStructure(ctx: WriteContext): StructurePlan {
  const { scene } = ctx;
  const nodes = scene.nodes;
  checkDepth(nodes);
  const valid = (i: number | undefined): i is number => i !== undefined && Number.isInteger(i) && i >= 0 && i < nodes.length;
  const animated = new Set<number>();
  for (const clip of scene.animations) {
    for (const c of clip.channels) if (c.path !== 'weights' && valid(c.node) && c.times.length > 0) animated.add(c.node);
  }
  const roots = nodes.map((n, i) => (n.parent < 0 || n.parent >= nodes.length ? i : -1)).filter((i) => i >= 0);
  const single = roots.length === 1 ? roots[0] : -1;
  const topNode = single >= 0 && !nodes[single].joint && !animated.has(single) ? single : -1;

  const bones = new Set<number>();
  for (const skin of scene.skins) for (const j of skin.joints) if (valid(j)) bones.add(j);
  nodes.forEach((n, i) => n.joint && bones.add(i));
  const promoted = [...animated].filter((i) => !bones.has(i) && i !== topNode);
  for (const i of promoted) bones.add(i);
  bones.delete(topNode);
  if (promoted.length) {
    const names = promoted.slice(0, 5).map((i) => `'${nodes[i].name}'`).join(', ');
    ctx.sink.warn('MDL_WRITE_NODES_AS_BONES', `${promoted.length} animated nodes that are not joints (${names}${promoted.length > 5 ? ', …' : ''}) were written as bones: Ultra MDL animates bones only`);
  }
  const starts = topNode >= 0 ? nodes[topNode].children : roots;
  const skeleton = planSkeleton(ctx, topNode, starts, (i) => bones.has(i));

  // LOD level nodes, by the holder that lists them (a level must be the holder's child).
  const levelOf = new Map<number, { holder: number; level: number }>();
  nodes.forEach((n, holder) => n.lods?.forEach((l, level) => valid(l.node) && nodes[l.node].parent === holder && levelOf.set(l.node, { holder, level })));
  const colliderTargets = new Set(scene.colliders.map((c) => c.node).filter(valid));
  const planOf = new Map<number, NodePlan>();
  const ownerOf = new Map<number, number>(); // node inside a LOD level → its holder
  const merged = new Set<number>(); // holders whose levels had mesh nodes below the level node

  const newPlan = (source: number, trs: TRS, attachBone: number): NodePlan => {
    const plan: NodePlan = { source, name: source >= 0 ? nodes[source].name : '', trs, attachBone, levels: [], colliders: [], children: [] };
    if (source >= 0) planOf.set(source, plan);
    return plan;
  };
  const top = newPlan(topNode, topNode >= 0 ? nodeTRS(ctx, topNode) : { ...IDENTITY_TRS }, -1);
  if (topNode < 0) top.name = scene.name ?? '';
  const topLevel = (k: number): LevelPlan => {
    while (top.levels.length <= k) top.levels.push({ distance: 0, items: [] });
    return top.levels[k];
  };

  const addMesh = (n: number, holder: number, plan: NodePlan, level: LevelPlan, k: number, bone = -1) => {
    const node = nodes[n];
    const mesh = node.mesh !== undefined ? scene.meshes[node.mesh] : undefined;
    if (!mesh) return;
    const between = n !== holder ? relativeMatrix(ctx, holder, n) : undefined;
    const transform = between && !isIdentity(between) ? between : undefined;
    let moved = false;
    mesh.primitives.forEach((p, primitive) => {
      const skinned = valid(node.skin) && scene.skins[node.skin!] !== undefined && p.attributes.JOINTS_0 !== undefined && p.attributes.WEIGHTS_0 !== undefined;
      const item: MeshItem = { node: n, mesh: node.mesh!, primitive, ...(transform && !skinned && { transform }), ...(skinned && { skin: node.skin }) };
      if (!skinned && bone >= 0) item.rigidBone = skeleton.boneOf.get(bone);
      if (n !== holder && !levelOf.has(n)) item.merged = true;
      if (skinned && plan !== top) {
        const from = k > 0 ? ` (LOD level ${k} of '${nodes[holder].name}', now drawn at every level)` : '';
        if (!moved) ctx.sink.warn('MDL_WRITE_SKINNED_MOVED', `the skinned mesh of node '${node.name}'${from} was written into the top node, the only one that may be skinned; the node stays, without it`);
        moved = true;
        topLevel(0).items.push(item);
      } else level.items.push(item);
    });
  };

  /**
   * The nodes under a LOD level, baked into the holder's level. Animated parts (bones) under a level
   * of the top node stay in that level, skinned whole to their bone; under another node's level they
   * can only hang from their bone outside the LODs (warned).
   */
  const collect = (n: number, holder: number, plan: NodePlan, level: LevelPlan, k: number, bone: number) => {
    if (bones.has(n)) {
      if (plan !== top) {
        ctx.sink.warn('MDL_WRITE_LOD_PART_UNLEVELLED', `node '${nodes[n].name}' moves inside LOD level ${k} of '${nodes[holder].name}'; only the top node's levels can hold moving parts, so it is drawn at every level`);
        return visit(n, top, -1);
      }
      bone = n;
    }
    ownerOf.set(n, holder);
    if (nodes[n].mesh !== undefined && !levelOf.has(n)) merged.add(holder);
    addMesh(n, holder, plan, level, k, bone);
    for (const child of nodes[n].children) {
      const nested = levelOf.get(child);
      if (nested && nested.holder === n && nested.level > 0) continue; // nested LODs: their first level only
      collect(child, holder, plan, level, k, bone);
    }
  };

  const fillLevels = (i: number, plan: NodePlan) => {
    const node = nodes[i];
    if (node.lods?.length) {
      node.lods.forEach((lod, k) => {
        const level: LevelPlan = { distance: lodDistance(ctx, node, k), items: [] };
        plan.levels.push(level);
        if (k === 0) addMesh(i, i, plan, level, 0);
        if (levelOf.get(lod.node)?.holder === i) collect(lod.node, i, plan, level, k, -1);
      });
    } else if (node.mesh !== undefined) {
      const level: LevelPlan = { distance: 0, items: [] };
      addMesh(i, i, plan, level, 0);
      // Empty when every primitive was skinned and moved to the top node.
      if (level.items.length) plan.levels.push(level);
    }
  };

  const visit = (i: number, parent: NodePlan, parentBone: number): void => {
    if (levelOf.has(i)) return; // written by its holder
    const node = nodes[i];
    if (bones.has(i)) {
      if (node.mesh !== undefined || node.lods?.length || colliderTargets.has(i)) {
        const carrier = newPlan(i, { ...IDENTITY_TRS }, skeleton.boneOf.get(i)!);
        top.children.push(carrier);
        fillLevels(i, carrier);
      }
      for (const child of node.children) visit(child, top, i);
      return;
    }
    const plan = newPlan(i, nodeTRS(ctx, i), parentBone >= 0 ? skeleton.boneOf.get(parentBone)! : -1);
    parent.children.push(plan);
    fillLevels(i, plan);
    for (const child of node.children) visit(child, plan, -1);
  };

  if (topNode >= 0) fillLevels(topNode, top);
  for (const start of starts) visit(start, top, -1);

  scene.colliders.forEach((c, index) => {
    const n = valid(c.node) ? c.node : -1;
    const direct = planOf.get(n);
    if (direct) return direct.colliders.push({ index });
    const holder = ownerOf.get(n);
    const plan = holder !== undefined ? planOf.get(holder)! : top;
    const between = relativeMatrix(ctx, holder ?? topNode, n);
    plan.colliders.push({ index, ...(!isIdentity(between) && { transform: between }) });
  });
  for (const holder of merged) {
    ctx.sink.warn('MDL_WRITE_LOD_NODES_MERGED', `the mesh nodes under the LOD levels of '${nodes[holder].name}' were merged into their levels (an MDL level holds meshes, not nodes); their names stay as mesh names`);
  }
  const cameras = nodes.filter((n) => n.camera !== undefined).length;
  const lights = nodes.filter((n) => n.light !== undefined).length;
  if (cameras) ctx.sink.warn('MDL_WRITE_CAMERA_DROPPED', `${cameras} cameras were not written: Ultra MDL holds no cameras (their nodes are kept)`);
  if (lights) ctx.sink.warn('MDL_WRITE_LIGHT_DROPPED', `${lights} lights were not written: Ultra MDL holds no lights (their nodes are kept)`);
  return { top, topNode, skeleton };
}

/**
 * The reader stops at nodes or bones nested deeper than LIMITS.depth (a guard against crafted
 * files); one level is kept for a top node the writer may add.
 */
function checkDepth(nodes: Node[]): void {
  const depth = new Int32Array(nodes.length).fill(-1);
  let deepest = 0, where = '';
  for (let i = 0; i < nodes.length; i++) {
    const chain: number[] = [];
    let at = i;
    while (at >= 0 && at < nodes.length && depth[at] < 0 && chain.length <= nodes.length) {
      chain.push(at);
      at = nodes[at].parent;
    }
    let d = at >= 0 && at < nodes.length ? depth[at] : -1;
    for (let k = chain.length - 1; k >= 0; k--) depth[chain[k]] = ++d;
    if (depth[i] > deepest) [deepest, where] = [depth[i], nodes[i].name];
  }
  const max = LIMITS.depth - 1;
  if (deepest > max) throw new WriteError({ format: 'mdl', code: 'OVER_LIMIT', limit: 'levels of nesting', value: deepest, max, where: `node '${where}'` });
}

/** A level's distance: the scene's, else the reader's `viewDistance`, else 0 (warned past level 0). */
function lodDistance(ctx: WriteContext, holder: Node, k: number): number {
  const lod = holder.lods![k];
  if (typeof lod.distance === 'number' && Number.isFinite(lod.distance)) return lod.distance;
  const stored = ctx.scene.nodes[lod.node]?.extras?.viewDistance;
  if (typeof stored === 'number' && Number.isFinite(stored)) return stored;
  if (k > 0) ctx.sink.warn('MDL_WRITE_LOD_DISTANCE', `node '${holder.name}' LOD level ${k} has no view distance (screen coverage only); 0 written`);
  return 0;
}
