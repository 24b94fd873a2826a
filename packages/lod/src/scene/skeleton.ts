import { addNode, math, type FiniteScrub, type Quat, type Vec3 } from '@relic3d/core';
import type { LodFile } from '../file.js';
import { FRAME_ENTRY_FLOATS } from '../read/layout.js';
import type { Axis } from './axes.js';
import type { BuildContext } from './context.js';

/** The joint nodes, in SKL1 order, and by BoneID. */
export interface Bones {
  nodes: number[];
  nodeById: Map<number, number>;
}

/** Local TRS of a GLScene frame entry: L = T(p) · Rz · Ry · Rx (Euler radians), in scene space. */
export function boneLocal(axis: Axis, data: Float32Array, at: number, finite: FiniteScrub): { translation: Vec3; rotation: Quat } {
  const q = math.quatFromEulerXYZ(finite.value(data[at + 3]), finite.value(data[at + 4]), finite.value(data[at + 5]));
  return {
    translation: finite.vec(axis.point(data[at], data[at + 1], data[at + 2])),
    rotation: math.quatNormalize(axis.quat(q)),
  };
}

/** SKL1 bones → joint nodes, posed by frame 0 of the first animation (GLScene's bind pose). */
export function buildBones(file: LodFile, { scene, axis, sink, finite }: BuildContext): Bones {
  const bones: Bones = { nodes: [], nodeById: new Map() };
  const bind = file.animations[0];
  (file.skeleton?.bones ?? []).forEach((bone, i) => {
    const parent = bone.parentId === -1 ? -1 : (bones.nodeById.get(bone.parentId) ?? -2);
    if (parent === -2) sink.warn('LOD_BONE_PARENT', `bone '${bone.name}' names parent ${bone.parentId}, which was not read before it; made a root`);
    const node = addNode(scene, { name: bone.name, joint: true, extras: { boneId: bone.id, parentId: bone.parentId } }, Math.max(-1, parent));
    if (bind && bind.frameCount > 0) {
      if (bone.id >= 0 && bone.id < bind.boneCount) Object.assign(scene.nodes[node], boneLocal(axis, bind.bonesRotPos, bone.id * FRAME_ENTRY_FLOATS, finite));
      else sink.warn('LOD_BONE_ID', `bone '${bone.name}' has BoneID ${bone.id}, outside the ${bind.boneCount} frame entries`);
    }
    if (bones.nodeById.has(bone.id)) sink.warn('LOD_BONE_ID', `BoneID ${bone.id} is used twice (bone ${i})`);
    else bones.nodeById.set(bone.id, node);
    bones.nodes.push(node);
  });
  return bones;
}

/** One skin over every joint node, with inverse bind matrices of the bind pose. */
export function buildSkin({ scene }: BuildContext, joints: number[]): number | undefined {
  if (!joints.length) return undefined;
  const world = new Float32Array(scene.nodes.length * 16);
  const local = new Float32Array(16);
  const inverseBindMatrices = new Float32Array(joints.length * 16);
  // Bones are added parents-first, so one pass computes the bind-pose world matrices.
  for (const node of joints) {
    const n = scene.nodes[node];
    math.fromTRS(n.translation, n.rotation, n.scale, local);
    const out = world.subarray(node * 16, node * 16 + 16);
    if (n.parent >= 0) math.multiply(world.subarray(n.parent * 16, n.parent * 16 + 16), local, out);
    else out.set(local);
  }
  joints.forEach((node, j) => {
    const inv = math.invert(world.subarray(node * 16, node * 16 + 16)) ?? math.identity();
    inverseBindMatrices.set(inv, j * 16);
  });
  const roots = joints.filter((n) => scene.nodes[n].parent === -1);
  scene.skins.push({ name: 'skeleton', joints: [...joints], inverseBindMatrices, ...(roots.length === 1 ? { skeleton: roots[0] } : {}) });
  return scene.skins.length - 1;
}
