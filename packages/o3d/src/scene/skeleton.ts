/**
 * The skeleton: the O3D's embedded bones, else the `.chr`'s, as joint nodes whose rest pose is the
 * bind pose, and the skin over them (docs/formats/o3d.md §5.3, §5.5).
 */
import { addNode, isTRS, math, splitAffine } from '@relic3d/core';
import { convertMatrix, convertVec3 } from './axes.js';
import type { BuildContext } from './context.js';
import { finiteMatrix } from './finite.js';
import { invert, multiply } from './pose.js';
import { trs } from './trs.js';

export interface Skeleton {
  source: 'embedded' | 'chr';
  names: string[];
  /** Parent bones as the skeleton stores them (a parent that does not precede its bone is -1). */
  parents: number[];
  /** Converted world matrices of the rest pose. */
  worlds: Float32Array[];
  /** Converted inverse bind matrices. */
  inverses: Float32Array[];
  /** Joint node per bone. */
  nodes: number[];
  /** Shear node above a joint whose rest pose or some clip's local matrix is not TRS (see pose.ts). */
  shear: (number | undefined)[];
  /** Bones that need a shear node. */
  split: Set<number>;
  /** Skeleton allows global indices (≤ 28 bones, sendVS). */
  sendVS: number;
  /** The `.chr` local TMs as stored (converted); the node transforms derive from the world TMs. */
  localTMs?: Float32Array[];
}

/** The model's skeleton (no nodes yet), its facts in `scene.extras.skeleton`; undefined without bones. */
export function readSkeleton(ctx: BuildContext): Skeleton | undefined {
  const { file, scene } = ctx;
  const chr = ctx.companions.chr;
  const converted = (m: Float32Array) => finiteMatrix(ctx, convertMatrix(m));
  let skeleton: Skeleton | undefined;
  if (file.skeleton) {
    const embedded = file.skeleton;
    const motionBones = embedded.motion?.bones;
    skeleton = {
      source: 'embedded',
      names: embedded.baseTMs.map((_, i) => motionBones?.[i]?.name || `Bone${i}`),
      parents: embedded.baseTMs.map((_, i) => motionBones?.[i]?.parentIndex ?? -1),
      worlds: embedded.baseTMs.map(converted),
      inverses: embedded.inverseTMs.map(converted),
      nodes: [],
      shear: [],
      split: new Set(),
      sendVS: embedded.sendVS,
    };
    if (chr) ctx.sink.warn('O3D_SKELETON_IGNORED', 'the O3D embeds its own skeleton; the .chr skeleton is not used');
  } else if (chr) {
    skeleton = {
      source: 'chr',
      names: chr.bones.map((b) => b.name),
      parents: chr.bones.map((b) => b.parentIndex),
      worlds: chr.bones.map((b) => converted(b.tm)),
      inverses: chr.bones.map((b) => converted(b.inverseTM)),
      nodes: [],
      shear: [],
      split: new Set(),
      sendVS: chr.sendVS,
      localTMs: chr.bones.map((b) => converted(b.localTM)),
    };
    const finite = (m: Float32Array) => Array.from(converted(m));
    scene.extras.skeleton = {
      version: chr.version,
      id: chr.id,
      sendVS: chr.sendVS,
      attachments: {
        rightHand: finite(chr.localRH),
        shield: finite(chr.localShield),
        knuckle: finite(chr.localKnuckle),
        ...(chr.localLH ? { leftHand: finite(chr.localLH) } : {}),
      },
      events: chr.events.map(convertVec3),
      eventParents: Array.from(chr.eventParents),
    };
  }
  if (!skeleton || !skeleton.names.length) return undefined;
  if (skeleton.source === 'embedded') scene.extras.skeleton = { embedded: true, sendVS: skeleton.sendVS, boneCount: skeleton.names.length };
  skeleton.parents.forEach((parent, i) => {
    if (parent !== -1 && !(parent >= 0 && parent < i)) {
      ctx.sink.warn('O3D_BONE_PARENT', `bone ${i} (${skeleton.names[i]}) has parent ${parent}, which does not precede it; made a root`);
      skeleton.parents[i] = -1;
    }
  });
  // A rest local that is not TRS (a sheared bone, or a bone under a non-uniform scale).
  skeleton.worlds.forEach((_, i) => {
    if (!isTRS(restLocal64(skeleton, i))) skeleton.split.add(i);
  });
  return skeleton;
}

/** Bone i's rest transform relative to its parent's rest world, in double precision. */
function restLocal64(skeleton: Skeleton, i: number): Float64Array {
  const parent = skeleton.parents[i];
  const inverse = parent >= 0 ? invert(skeleton.worlds[parent]) : undefined;
  return inverse ? multiply(inverse, skeleton.worlds[i]) : Float64Array.from(skeleton.worlds[i]);
}

/** Joint nodes under the root, in bone order; a split bone gets its shear node above the joint. */
export function addSkeletonNodes(ctx: BuildContext, skeleton: Skeleton): void {
  const { scene, root } = ctx;
  const parentWorldInverse = new Float32Array(16);
  const local = new Float32Array(16);
  for (let i = 0; i < skeleton.names.length; i++) {
    const parent = skeleton.parents[i];
    const extras = { boneIndex: i, ...(skeleton.localTMs ? { localTM: Array.from(skeleton.localTMs[i]) } : {}) };
    const above = parent >= 0 ? skeleton.nodes[parent] : root;
    if (skeleton.split.has(i)) {
      // The rest local as two exact nodes: shear (T · U · Σ) above the joint (Vᵀ).
      const split = splitAffine(restLocal64(skeleton, i));
      const shear = addNode(scene, { name: `${skeleton.names[i]} (shear)`, translation: split.translation, rotation: split.rotation, scale: split.scale, extras: { shearOf: i } }, above);
      skeleton.shear[i] = shear;
      skeleton.nodes.push(addNode(scene, { name: skeleton.names[i], joint: true, rotation: split.inner, extras }, shear));
      continue;
    }
    if (parent >= 0 && math.invert(skeleton.worlds[parent], parentWorldInverse)) {
      math.multiply(parentWorldInverse, skeleton.worlds[i], local);
    } else local.set(skeleton.worlds[i]);
    skeleton.nodes.push(addNode(scene, { name: skeleton.names[i], joint: true, ...trs(local), extras }, above));
  }
}

/** The skin over the skeleton's joints, made on first use. */
export function skinIndex(ctx: BuildContext): number {
  if (ctx.skinIndex >= 0) return ctx.skinIndex;
  const skeleton = ctx.skeleton!;
  const ibm = new Float32Array(skeleton.nodes.length * 16);
  skeleton.inverses.forEach((m, i) => ibm.set(m, i * 16));
  ctx.skinIndex = ctx.scene.skins.length;
  ctx.scene.skins.push({
    name: `${ctx.scene.name} skeleton`,
    joints: [...skeleton.nodes],
    inverseBindMatrices: ibm,
    skeleton: ctx.scene.roots[0],
    extras: { source: skeleton.source },
  });
  return ctx.skinIndex;
}
