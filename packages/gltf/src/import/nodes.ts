// The node hierarchy: one scene node per glTF node, in glTF order (so indices in extras, such as
// colliders' nodes, stay valid), with its name, transform, extras and children.
import { isTRS, sceneNode, type Node, type Quat, type Vec3 } from '@relic3d/core';
import { clipDefs } from './clip-defs.js';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteTuple, textOf } from './values.js';

/** One scene node per glTF node, with its local transform; links come after (linkNodes). */
export function createNodes(ctx: ImportContext): void {
  // Nodes a translation/rotation/scale channel drives take TRS (glTF forbids animating a matrix).
  const animated = new Set<number>();
  for (const clip of clipDefs(ctx)) {
    for (const channel of clip.channels) if (channel.node !== undefined && channel.path !== 'weights') animated.add(channel.node);
  }
  let fixed = 0;
  ctx.gltfNodes.forEach((g, i) => {
    const node: Node = { name: textOf(g.getName()) || `node_${i}`, parent: -1, children: [] };
    // glTF-Transform decomposes a node matrix into TRS; a sheared one (invalid glTF, but written)
    // is kept as the file gives it, so the world transforms stay exact.
    const matrix = finiteTuple(ctx.source?.json.nodes?.[i]?.matrix, 16);
    if (matrix && !animated.has(i) && !isTRS(matrix)) {
      node.matrix = matrix;
      ctx.warn('GLTF_MATRIX_SHEARED', `node '${node.name}' has a matrix that is not translation · rotation · scale; kept as the node's matrix`);
    } else {
      const t = finiteTuple(g.getTranslation(), 3);
      const r = finiteTuple(g.getRotation(), 4);
      const s = finiteTuple(g.getScale(), 3);
      if (!t || !r || !s || r.every((x) => x === 0)) fixed++;
      if (t && (t[0] !== 0 || t[1] !== 0 || t[2] !== 0)) node.translation = t as Vec3;
      if (r && r.some((x) => x !== 0) && (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1)) node.rotation = r as Quat;
      if (s && (s[0] !== 1 || s[1] !== 1 || s[2] !== 1)) node.scale = s as Vec3;
    }
    const raw = g.getExtras();
    // A relic3d file may mark bones outside every skin (`extras.joint`): glTF has no field for them.
    if (ctx.relic3d && (raw as { joint?: unknown })?.joint === true) node.joint = true;
    const extras = extrasWithout(raw, ...(ctx.relic3d ? ['joint'] : []));
    if (extras) node.extras = extras;
    // One literal for every node of every scene (core's sceneNode): code reading nodes sees one map.
    ctx.scene.nodes.push(sceneNode(node));
  });
  if (fixed) ctx.warn('GLTF_NODE_FIXED', `${fixed} nodes had a translation, rotation or scale that is not finite numbers (or a zero rotation); the default is used`);
}

/** Parent and children links as glTF gives them; a Document built with a parent cycle loses the closing link. */
export function linkNodes(ctx: ImportContext): void {
  const nodes = ctx.scene.nodes;
  ctx.gltfNodes.forEach((g, i) => {
    for (const child of g.listChildren()) {
      const c = ctx.nodes.get(child);
      if (c === undefined || nodes[c].parent !== -1 || c === i) continue;
      nodes[c].parent = i;
      nodes[i].children.push(c);
    }
  });
  // Cycles (only a Document built by hand has them; files are checked before reading).
  const state = new Uint8Array(nodes.length);
  for (let start = 0; start < nodes.length; start++) {
    const path: number[] = [];
    let i = start;
    while (i >= 0 && state[i] === 0) {
      state[i] = 1;
      path.push(i);
      i = nodes[i].parent;
    }
    if (i >= 0 && state[i] === 1) {
      const parent = nodes[i].parent;
      nodes[parent].children = nodes[parent].children.filter((c) => c !== i);
      nodes[i].parent = -1;
      ctx.warn('GLTF_NODE_CYCLE', `node '${nodes[i].name}' is its own ancestor; it is made a root`);
    }
    for (const p of path) state[p] = 2;
  }
}

/**
 * Roots: the default scene's (or the first scene's) nodes in order, then every other node without
 * a parent (nodes of other scenes, or in none), which glTF viewers would not show (a warning).
 */
export function collectRoots(ctx: ImportContext): void {
  const { scene, root } = ctx;
  const main = root.getDefaultScene() ?? root.listScenes()[0];
  const roots: number[] = [];
  const seen = new Set<number>();
  for (const g of main?.listChildren() ?? []) {
    let i = ctx.nodes.get(g);
    // A root that became an LOD level gives its place to the group's host.
    if (i !== undefined) i = ctx.hostOf.get(i) ?? i;
    if (i !== undefined && scene.nodes[i].parent === -1 && !seen.has(i)) {
      roots.push(i);
      seen.add(i);
    }
  }
  const outside: string[] = [];
  scene.nodes.forEach((node, i) => {
    if (node.parent !== -1 || seen.has(i)) return;
    roots.push(i);
    outside.push(node.name);
  });
  if (outside.length && main) {
    ctx.warn(
      'GLTF_NODE_OUTSIDE_SCENE',
      `${outside.length} nodes are not in the ${root.getDefaultScene() ? 'default' : 'first'} scene (${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}); kept as roots`,
    );
  }
  scene.roots = roots;
}
