// The node hierarchy: every scene node becomes one glTF node, written as T·R·S (transforms.ts
// plans how sheared matrices are carried down), under its parent unless the parent chain loops.
import { math } from '@relic3d/core';
import { angleOf, distanceFromIdentity } from './affine.js';
import { selectedClips } from './animations.js';
import type { ExportContext } from './context.js';
import { linkLodLevels } from './lod.js';
import { finiteVector, unitQuaternion } from './sanitize.js';
import type { Json } from './output.js';
import { planTransforms, type Local, type NodePlan } from './transforms.js';

const percent = (x: number): string => `${(x * 100).toPrecision(3)}%`;

/** One glTF node per scene node, with the T·R·S its transform plan gives (non-finite values replaced). */
export function createNodes(ctx: ExportContext): void {
  ctx.cyclic = nodesOnParentCycles(ctx);
  const locals: Local[] = ctx.scene.nodes.map((node, i) => {
    const label = `node '${node.name || i}'`;
    if (node.matrix) {
      if (Array.prototype.some.call(node.matrix, (x: number) => !Number.isFinite(x)) || node.matrix.length !== 16) {
        ctx.warn('GLTF_NODE_FIXED', `${label} has a matrix with non-finite values; the identity is written`);
        return { matrix: math.identity() };
      }
      return { matrix: node.matrix };
    }
    let fixed = false;
    const local: Local = {};
    // Defaults are left unset (the writer leaves them out either way).
    const t = node.translation;
    if (t && (t[0] !== 0 || t[1] !== 0 || t[2] !== 0)) {
      const finite = finiteVector(t, 0);
      fixed ||= finite.fixed;
      local.translation = finite.value;
    }
    const r = node.rotation;
    if (r && (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1)) {
      if (!Number.isFinite(r[0] + r[1] + r[2] + r[3])) fixed = true;
      // Made unit once, when written; a zero or non-finite one is the identity.
      const length = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
      local.rotation = length > 1e-12 && Number.isFinite(length) ? r : [0, 0, 0, 1];
    }
    const sc = node.scale;
    if (sc && (sc[0] !== 1 || sc[1] !== 1 || sc[2] !== 1)) {
      const finite = finiteVector(sc, 1);
      fixed ||= finite.fixed;
      local.scale = finite.value;
    }
    if (fixed) ctx.warn('GLTF_NODE_FIXED', `${label}: non-finite translation, rotation or scale values replaced`);
    return local;
  });
  // Nodes a clip drives take TRS only; the others may carry a sheared matrix down exactly.
  const animated = new Set<number>();
  for (const clip of selectedClips(ctx)) for (const ch of clip.channels) if (ch.path !== 'weights') animated.add(ch.node);
  ctx.parents = writtenParents(ctx);
  ctx.plan = planTransforms(locals, ctx.parents, (i) => animated.has(i));

  const skinJoints = new Set(ctx.scene.skins.flatMap((skin) => skin.joints));
  ctx.scene.nodes.forEach((node, i) => {
    const g: Json = { name: node.name || `node_${i}` };
    const label = `node '${node.name || i}'`;
    const plan = ctx.plan.nodes[i];
    if (plan.translation) setVector(g, 'translation', finiteVector(plan.translation, 0).value, [0, 0, 0]);
    // Kept: hand-built scenes need it, and builders' quaternions change in their last bits (as the recorded .glb files hold them).
    if (plan.rotation) setVector(g, 'rotation', unitQuaternion(plan.rotation), [0, 0, 0, 1]);
    if (plan.scale) setVector(g, 'scale', finiteVector(plan.scale, 1).value, [1, 1, 1]);
    if (plan.sheared) warnSheared(ctx, i, plan);
    if (node.weights?.length && node.weights.some((w) => !Number.isFinite(w))) {
      ctx.warn('GLTF_NODE_FIXED', `${label}: non-finite morph weights replaced by 0`);
    }
    const extras = ctx.extras(node.extras);
    // glTF knows joints only through skins; a bone no skin lists is marked so fromGltf keeps it a joint.
    if (node.joint && !skinJoints.has(i)) g.extras = { ...extras, joint: true };
    else if (extras) g.extras = extras;
    ctx.addNode(g);
  });
}

/** Sets a TRS part unless it is the default (glTF leaves defaults out). */
function setVector(g: Json, key: string, value: number[], fallback: number[]): void {
  if (value.some((x, k) => x !== fallback[k])) g[key] = value;
}

/** Per node, the scene node it is written under, or -1 (the links linkHierarchy makes, LOD levels included). */
function writtenParents(ctx: ExportContext): number[] {
  const parents = new Array<number>(ctx.scene.nodes.length).fill(-1);
  ctx.scene.nodes.forEach((node, i) => {
    for (const child of node.children) if (ctx.scene.nodes[child]?.parent === i && !ctx.cyclic.has(child)) parents[child] = i;
  });
  return parents;
}

/** Says where a sheared matrix went (GLTF_MATRIX_SPLIT, exact; GLTF_MATRIX_NOT_TRS, not). */
function warnSheared(ctx: ExportContext, i: number, plan: NodePlan): void {
  const node = ctx.scene.nodes[i];
  const label = `node '${node.name || i}'`;
  const off = `${percent(plan.residual ?? 0)} off T·R·S`;
  const into: string[] = [];
  const skin = node.skin !== undefined ? ctx.scene.skins[node.skin] : undefined;
  const mesh = node.mesh !== undefined && !ctx.hiddenByLod.has(i) ? ctx.scene.meshes[node.mesh] : undefined;
  // Skinned primitives follow the joints alone.
  if (mesh?.primitives.some((p) => !(skin?.joints.length && p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0))) into.push('its mesh');
  if (node.children.some((c) => ctx.parents[c] === i)) into.push('its children');
  if (ctx.scene.skins.some((skin) => skin.joints.includes(i))) into.push('its inverse bind matrices');
  const where = into.length ? `, baked into ${into.join(', ')}` : '';
  const also = node.camera !== undefined || node.light !== undefined ? `; its ${node.camera !== undefined ? 'camera' : 'light'} follows the T·R·S part` : '';
  if (plan.sheared === 'split') {
    const angle = angleOf(plan.carry!.rotation!);
    ctx.warn(
      'GLTF_MATRIX_SPLIT',
      `${label} has a sheared matrix (${off}), which a glTF node cannot hold: written as T·R·S with the remaining ${angle.toFixed(3)}° rotation${where}; world transforms are exact${also}`,
    );
    return;
  }
  if (plan.lost) {
    ctx.warn('GLTF_MATRIX_NOT_TRS', `${label} is animated and has a sheared, singular matrix (${off}); glTF animates T·R·S only, so the shear is lost`);
    return;
  }
  const moved = percent(distanceFromIdentity(plan.carry!.linear));
  ctx.warn(
    'GLTF_MATRIX_NOT_TRS',
    `${label} is animated and has a sheared matrix (${off}); glTF animates T·R·S only. Written as the T·R·S its clips start from, the remainder${where}: the rest pose is exact; while a clip plays the glTF keeps the remainder, which the scene's pose drops (points move by up to ${moved} of their distance from the node)${also}`,
  );
}

/** Nodes whose parent chain loops (never in a valid scene): written without a parent. */
function nodesOnParentCycles(ctx: ExportContext): Set<number> {
  const nodes = ctx.scene.nodes;
  const state = new Uint8Array(nodes.length); // 0 unseen, 1 on the current path, 2 done
  const cyclic = new Set<number>();
  for (let start = 0; start < nodes.length; start++) {
    const path: number[] = [];
    let i = start;
    while (i >= 0 && i < nodes.length && state[i] === 0) {
      state[i] = 1;
      path.push(i);
      i = nodes[i].parent;
    }
    if (i >= 0 && i < nodes.length && state[i] === 1) cyclic.add(i);
    for (const p of path) state[p] = 2;
  }
  if (cyclic.size) ctx.warn('GLTF_NODE_CYCLE', `${cyclic.size} nodes are their own ancestors; each is written without its parent`);
  return cyclic;
}

/** Every node under its written parent (or the parent's remainder node); scene roots in the scene. */
export function linkHierarchy(ctx: ExportContext): void {
  const lodChildren = linkLodLevels(ctx);
  ctx.scene.nodes.forEach((node, i) => {
    for (const child of node.children) {
      if (lodChildren.has(child) || ctx.cyclic.has(child)) continue;
      if (ctx.scene.nodes[child] && ctx.scene.nodes[child].parent === i && !ctx.parentOf.has(child)) {
        ctx.addChild(ctx.plan.nodes[child].underRemainder ? remainderNode(ctx, i) : i, child);
      }
    }
  });
  const inScene = new Set<number>();
  for (const root of ctx.scene.roots) {
    if (ctx.scene.nodes[root] && ctx.scene.nodes[root].parent === -1 && !inScene.has(root)) {
      ctx.sceneRoots.push(root);
      inScene.add(root);
    }
  }
}

/**
 * The node between scene node `i` and its animated children when `i`'s carry is not a rotation:
 * that carry as T·R·S (its Vᵀ turns the children's channels).
 */
function remainderNode(ctx: ExportContext, i: number): number {
  let g = ctx.remainderNodes.get(i);
  if (g === undefined) {
    const split = ctx.plan.remainders.get(i)!;
    const def: Json = { name: `${ctx.json.nodes[i].name as string} (remainder)` };
    setVector(def, 'rotation', unitQuaternion(split.rotation), [0, 0, 0, 1]);
    setVector(def, 'scale', finiteVector(split.scale, 1).value, [1, 1, 1]);
    g = ctx.addNode(def);
    ctx.addChild(i, g);
    ctx.remainderNodes.set(i, g);
  }
  return g;
}
