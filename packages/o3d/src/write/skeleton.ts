/**
 * The model's one skeleton: every joint of every skin and every node marked `joint` (or with the
 * reader's `extras.boneIndex`), parents first (docs/formats/o3d.md §3, §5.5).
 * A bone's parent is its nearest ancestor that is a joint too; nodes between joints (shear nodes,
 * armature nodes) fold into the bones' matrices, which are taken from world matrices.
 */
import { math, type Scene, type Skin } from '@relic3d/core';
import type { WriteContext } from './context.js';
import { BONE_NAME_FIELD, fitName } from './names.js';

export interface Bones {
  /** Scene node of each bone. */
  nodes: number[];
  parents: number[];
  names: string[];
  /** Inverse bind matrix of each bone (scene space, column-major). */
  inverses: Float64Array[];
  /** Scene node → bone, for joints and the reader's LOD followers of joints. */
  byNode: Map<number, number>;
  /** Nodes that only carry a bone's shear (the reader's `<bone> (shear)` nodes and their followers). */
  shearNodes: Set<number>;
}

export function collectBones(ctx: WriteContext): Bones | undefined {
  const { scene } = ctx;
  const n = scene.nodes.length;
  const joints: number[] = [];
  const seen = new Set<number>();
  for (const skin of scene.skins) for (const j of skin.joints) if (j >= 0 && j < n && !seen.has(j)) (seen.add(j), joints.push(j));
  // Joints no skin uses still carry objects (a skeleton whose meshes are all attached to bones);
  // the reader marks its bones with `extras.boneIndex`, which survives where the joint flag may not.
  const marked = scene.nodes.map((node, j) => j).filter((j) => scene.nodes[j].joint || typeof scene.nodes[j].extras?.boneIndex === 'number');
  marked.sort((a, b) => boneIndexOf(scene, a) - boneIndexOf(scene, b) || a - b);
  for (const j of marked) if (!seen.has(j)) (seen.add(j), joints.push(j));
  if (!joints.length) return undefined;

  const jointAncestor = (node: number): number => {
    let p = scene.nodes[node].parent;
    for (let guard = 0; p >= 0 && p < n && guard < n; guard++, p = scene.nodes[p].parent) if (seen.has(p)) return p;
    return -1;
  };
  // Skin order, each bone moved after its parent when it comes first.
  const order: number[] = [];
  const placed = new Set<number>();
  const place = (j: number, depth: number) => {
    if (placed.has(j) || depth > n) return;
    const p = jointAncestor(j);
    if (p >= 0) place(p, depth + 1);
    placed.add(j);
    order.push(j);
  };
  for (const j of joints) place(j, 0);

  const byNode = new Map<number, number>();
  order.forEach((node, i) => byNode.set(node, i));
  const names = order.map((node, i) => fitName(ctx, scene.nodes[node].name || `Bone${i}`, BONE_NAME_FIELD, `bone name`));
  const inverses = order.map((node) => inverseBind(ctx, node));
  const bones: Bones = { nodes: order, parents: order.map((node) => byNode.get(jointAncestor(node)) ?? -1), names, inverses, byNode, shearNodes: new Set() };
  addFollowers(scene, bones);
  return bones;
}

const boneIndexOf = (scene: Scene, node: number) => {
  const index = scene.nodes[node].extras?.boneIndex;
  return typeof index === 'number' ? index : Infinity;
};

/** The first skin's inverse bind matrix of a joint (other skins' are met by bindCorrections). */
function inverseBind(ctx: WriteContext, node: number): Float64Array {
  for (const skin of ctx.scene.skins) {
    const j = skin.joints.indexOf(node);
    if (j >= 0 && skin.inverseBindMatrices.length >= j * 16 + 16) return Float64Array.from(skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16));
  }
  return Float64Array.from(math.invert(ctx.rest.subarray(node * 16, node * 16 + 16), new Float64Array(16)) ?? math.identity(new Float64Array(16)));
}

/**
 * An O3D bone has one inverse bind matrix. A skin that binds a bone with another one (its mesh
 * bound in another space) gets its vertices moved by `inverse(bone's) · skin's` per bone, so the
 * skinned result is the same: exact when a vertex's bones agree (the usual case, one space per
 * mesh), else blended by the weights. Undefined when the skin binds every bone as the skeleton does.
 */
export function bindCorrections(bones: Bones, skin: Skin): (Float64Array | undefined)[] | undefined {
  const out: (Float64Array | undefined)[] = new Array(bones.nodes.length);
  let any = false;
  // Loops, not callbacks: closures made per call were compiled again after every full GC.
  for (let j = 0; j < skin.joints.length; j++) {
    const bone = bones.byNode.get(skin.joints[j]);
    if (bone === undefined || skin.inverseBindMatrices.length < j * 16 + 16) continue;
    const own = skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16);
    const written = bones.inverses[bone];
    if (!differs(written, own)) continue;
    const inverse = math.invert(written, new Float64Array(16));
    if (!inverse) continue;
    out[bone] = math.multiply(inverse, own, new Float64Array(16)) as Float64Array;
    any = true;
  }
  return any ? out : undefined;
}

/** Whether two inverse bind matrices differ by more than float noise. */
function differs(written: Float64Array, own: Float32Array): boolean {
  for (let k = 0; k < 16; k++) if (Math.abs(written[k] - own[k]) > 1e-6 * Math.max(1, Math.abs(written[k]))) return true;
  return false;
}

/**
 * The reader's LOD followers (copies of a bone's chain inside each LOD level, `extras.followsBone`)
 * stand for their bones; the reader's shear nodes (`extras.shearOf`) and their followers are part
 * of the bone below them.
 */
function addFollowers(scene: Scene, bones: Bones): void {
  const byBoneIndex = new Map<number, number>();
  bones.nodes.forEach((node, i) => {
    const index = scene.nodes[node].extras?.boneIndex;
    if (typeof index === 'number') byBoneIndex.set(index, i);
  });
  scene.nodes.forEach((node, i) => {
    const follows = node.extras?.followsBone;
    if (typeof follows === 'number' && byBoneIndex.has(follows) && !bones.byNode.has(i)) bones.byNode.set(i, byBoneIndex.get(follows)!);
    if (typeof node.extras?.shearOf === 'number' || typeof node.extras?.followsShearOf === 'number') bones.shearNodes.add(i);
  });
}
