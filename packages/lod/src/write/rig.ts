// Which scene nodes become SKL1 bones, and which bone each drawn mesh follows.
import { WriteError, computeWorldMatrices, hiddenLodNodes, math, topologicalOrder, type Quat, type Scene, type Vec3, type WarningSink } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';

/** BoneID and ParentID are Smallints (docs/formats/lod.md §4.1). */
export const MAX_BONES = 32767;

/** A drawn mesh node and how its vertices are bound. */
export interface DrawnNode {
  node: number;
  /** Skin index when the node is skinned (its primitives carry JOINTS_0/WEIGHTS_0). */
  skin?: number;
  /** The bone a rigid (non-skinned) mesh follows, when the file has a skeleton. */
  bone?: number;
}

/** Rigid part of a world matrix: the only transform a GLScene bone has (position + rotation). */
export interface Rigid {
  t: Vec3;
  q: Quat;
}

export interface Rig {
  /** Scene node of each bone, parents first; the BoneID is the index. */
  bones: number[];
  /** Bone index of each bone node. */
  boneOf: Map<number, number>;
  /** Parent bone index, or −1. */
  parents: number[];
  /** Rest world matrices of every node (scene space). */
  restWorld: Float32Array;
  /** Rigid rest transform of each bone: the skeleton's bind pose. */
  rest: Rigid[];
  drawn: DrawnNode[];
  /** Nodes that drive a TRS channel in some clip. */
  driven: Set<number>;
  /** Every node, parents first. */
  order: number[];
}

export function rigidOf(world: ArrayLike<number>): Rigid {
  const d = math.decompose(world);
  const q = math.quatNormalize(d.rotation);
  return { t: [d.translation[0], d.translation[1], d.translation[2]], q: Number.isFinite(q[3]) ? q : [0, 0, 0, 1] };
}

/** Drawn mesh nodes, parents first: a mesh with a triangle primitive, on LOD level 0. */
function drawnNodes(scene: Scene, order: number[]): number[] {
  const hidden = hiddenLodNodes(scene, 0);
  const out: number[] = [];
  for (const i of order) {
    const mesh = scene.nodes[i].mesh !== undefined ? scene.meshes[scene.nodes[i].mesh!] : undefined;
    if (!mesh || hidden.has(i)) continue;
    if (mesh.primitives.some((p) => (p.mode ?? 'TRIANGLES') === 'TRIANGLES' && (p.indices?.length ?? p.attributes.POSITION.length / 3) >= 3)) out.push(i);
  }
  return out;
}

function isSkinned(scene: Scene, node: number): number | undefined {
  const n = scene.nodes[node];
  const mesh = scene.meshes[n.mesh!];
  if (n.skin === undefined || !scene.skins[n.skin]) return undefined;
  return mesh.primitives.some((p) => p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0) ? n.skin : undefined;
}

/**
 * The skeleton: every skin joint and joint-flagged node; then each drawn rigid mesh follows the
 * nearest bone above it when nothing between them is animated, else becomes a bone itself. When
 * the file has a skeleton at all, every mesh is bound to a bone (GLScene makes every mesh of a
 * skeletal file a skeleton mesh, which needs bone data for each vertex).
 */
export function buildRig(scene: Scene, sink: WarningSink): Rig {
  const driven = new Set<number>();
  for (const clip of scene.animations) for (const c of clip.channels) if (c.path !== 'weights' && c.times.length && scene.nodes[c.node]) driven.add(c.node);
  const order = topologicalOrder(scene);
  const drawn: DrawnNode[] = drawnNodes(scene, order).map((node) => ({ node, skin: isSkinned(scene, node) }));
  const animated = (node: number) => {
    for (let n = node; n >= 0; n = scene.nodes[n].parent) if (driven.has(n)) return true;
    return false;
  };
  const boneSet = new Set<number>();
  for (const skin of scene.skins) for (const j of skin.joints) if (scene.nodes[j]) boneSet.add(j);
  scene.nodes.forEach((n, i) => n.joint && boneSet.add(i));
  const needed = boneSet.size > 0 || drawn.some((d) => d.skin !== undefined || animated(d.node));
  const restWorld = computeWorldMatrices(scene);
  const added: string[] = [];
  if (needed) {
    for (const d of drawn) {
      if (d.skin !== undefined) continue;
      let crossesDriven = false;
      let n = d.node;
      for (; n >= 0 && !boneSet.has(n); n = scene.nodes[n].parent) crossesDriven ||= driven.has(n);
      if (n >= 0 && !crossesDriven) d.bone = n;
      else {
        boneSet.add(d.node);
        d.bone = d.node;
        added.push(scene.nodes[d.node].name);
      }
    }
  }
  const bones = order.filter((i) => boneSet.has(i));
  if (bones.length > MAX_BONES) throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit: 'bones (BoneID is a Smallint)', value: bones.length, max: MAX_BONES });
  if (added.length) {
    sink.warn('LOD_WRITE_NODE_BONES', `${added.length} mesh node${added.length === 1 ? '' : 's'} written as bones of their own, so they follow their animation and every mesh of the skeletal file is bound: ${added.slice(0, 8).join(', ')}${added.length > 8 ? ', …' : ''}`);
  }
  const boneOf = new Map(bones.map((node, b) => [node, b]));
  const parents = bones.map((node) => {
    for (let p = scene.nodes[node].parent; p >= 0; p = scene.nodes[p].parent) if (boneOf.has(p)) return boneOf.get(p)!;
    return -1;
  });
  const rest = bones.map((node) => rigidOf(restWorld.subarray(node * 16, node * 16 + 16)));
  // Meshes are written in node order (the reader's own order for a scene read from a .lod).
  drawn.sort((a, b) => a.node - b.node);
  return { bones, boneOf, parents, restWorld, rest, drawn, driven, order };
}

/** A bone's local transform from its parent's rigid world and its own: q = q̄p·q, t = q̄p·(t − tp). */
export function localOf(parent: Rigid | undefined, own: Rigid): Rigid {
  if (!parent) return own;
  const inv: Quat = [-parent.q[0], -parent.q[1], -parent.q[2], parent.q[3]];
  const d: Vec3 = [own.t[0] - parent.t[0], own.t[1] - parent.t[1], own.t[2] - parent.t[2]];
  return { t: math.quatRotateVec3(inv, d), q: math.quatNormalize(math.quatMultiply(inv, own.q)) };
}
