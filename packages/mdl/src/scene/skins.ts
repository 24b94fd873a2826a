import { addNode, math, type Extras, type ParseOptions, type Primitive, type Skin } from '@relic3d/core';
import type { UnpackedSkin } from '@relic3d/kernels';
import { unpackByteWeightColumns, unpackByteWeights } from '../read/skin-weights.js';
import { G3D_LAYOUT, ULTRA_LAYOUT } from '../read/layout.js';
import type { MdlBone, MdlFile, MdlMesh } from '../file.js';
import { mirrorQuat, mirrorVec3 } from './axes.js';
import type { BuildContext } from './context.js';

/** The skeleton of one MDL node: joint nodes in depth-first BONE order. */
export interface Skeleton {
  joints: number[];
  /** Inverse of each bone's rest matrix relative to the model node (converted frame). */
  inverseBind: Float32Array;
  /** Scene node of the MDL node that owns the bones. */
  modelNode: number;
  /** Skin indices: bones only, and bones + the model node (for unweighted vertices). */
  skin?: number;
  skinWithModelJoint?: number;
}

/** Placeholder joint for vertices without weights, replaced once the skin is known. */
export const MODEL_JOINT = 0xffff;

/** Joint nodes for the BONE tree under `modelNode`, with their inverse rest matrices. */
export function buildSkeleton(ctx: BuildContext, roots: MdlBone[], modelNode: number): Skeleton {
  const joints: number[] = [];
  const matrices: number[] = [];
  const identity = math.identity(new Float64Array(16));
  const visit = (bone: MdlBone, parentNode: number, parentMatrix: ArrayLike<number>) => {
    const translation = mirrorVec3(bone.position);
    const stored = mirrorQuat(bone.rotation);
    const rotation = math.quatNormalize(stored);
    const scale: [number, number, number] = [...bone.scale];
    const length = Math.hypot(...stored);
    const extras: Extras | undefined = Math.abs(length - 1) > 1e-3 ? { storedRotation: bone.rotation } : undefined;
    if (extras) ctx.sink.warn('MDL_ROTATION_NOT_UNIT', `bone '${bone.name}' rotation has length ${length}; normalised`, bone.offset);
    const node = addNode(ctx.scene, { name: bone.name, translation, rotation, scale, joint: true, ...(extras && { extras }) }, parentNode);
    joints.push(node);
    const model = math.multiply(parentMatrix, math.fromTRS(translation, rotation, scale, new Float64Array(16)), new Float64Array(16));
    const inverse = math.invert(model, new Float64Array(16));
    if (!inverse) ctx.sink.warn('MDL_SINGULAR_BONE', `bone '${bone.name}' has a singular rest matrix; identity used`, bone.offset);
    for (let i = 0; i < 16; i++) matrices.push(inverse ? inverse[i] : identity[i]);
    for (const child of bone.children) visit(child, node, model);
  };
  for (const root of roots) visit(root, modelNode, identity);
  return { joints, inverseBind: Float32Array.from(matrices), modelNode };
}

/** The skeleton's scene skin, with or without the model node as an extra last joint (made once each). */
export function skinFor(ctx: BuildContext, skeleton: Skeleton, withModelJoint: boolean): number {
  const key = withModelJoint ? 'skinWithModelJoint' : 'skin';
  if (skeleton[key] !== undefined) return skeleton[key]!;
  const joints = withModelJoint ? [...skeleton.joints, skeleton.modelNode] : [...skeleton.joints];
  const inverseBindMatrices = new Float32Array(joints.length * 16);
  inverseBindMatrices.set(skeleton.inverseBind);
  if (withModelJoint) math.identity(inverseBindMatrices.subarray(skeleton.joints.length * 16));
  const skin: Skin = { name: ctx.scene.nodes[skeleton.modelNode].name, joints, inverseBindMatrices, skeleton: skeleton.joints[0] };
  if (withModelJoint) skin.extras = { modelJoint: skeleton.joints.length };
  skeleton[key] = ctx.scene.skins.length;
  ctx.scene.skins.push(skin);
  return skeleton[key]!;
}

/** True when the mesh stores bone weights we may use (Ultra: only when bytes 60–95 are used). */
export function hasWeights(mesh: MdlMesh, variant: MdlFile['variant']): boolean {
  if (variant === 'ultra' && !mesh.vertices.tailUsed) return false;
  const weights = mesh.vertices.boneWeights;
  for (let i = 0; i < weights.length; i++) if (weights[i] !== 0) return true;
  return false;
}

/**
 * JOINTS_0/WEIGHTS_0 of one mesh on the skeleton. Vertices without weights follow the model node:
 * they get `MODEL_JOINT`, replaced by the skin's extra joint once the LOD's skin is known.
 * Returns whether there were any.
 */
export function skinAttributes(ctx: BuildContext, mesh: MdlMesh, skeleton: Skeleton, attributes: Primitive['attributes']): boolean {
  const packed = unpackMdlWeights(mesh, ctx.file.variant, skeleton.joints.length, ctx.options);
  if (packed.badIds) ctx.sink.warn('MDL_BAD_BONE_ID', `mesh '${mesh.name}': ${packed.badIds} weights name bones past the ${skeleton.joints.length} of the skeleton; dropped`, mesh.offset);
  let unweighted = false;
  if (packed.unskinned) {
    unweighted = true;
    for (let i = 0; i < mesh.vertexCount; i++) {
      if (packed.weights[i * 4] !== 0) continue;
      packed.joints[i * 4] = MODEL_JOINT;
      packed.weights[i * 4] = 1;
    }
  }
  attributes.JOINTS_0 = packed.joints;
  attributes.WEIGHTS_0 = packed.weights;
  return unweighted;
}

/** Points the placeholder joint of unweighted vertices at the model node, the skin's last joint. */
export function bindToModelJoint(primitives: Primitive[], modelJoint: number): void {
  for (const p of primitives) {
    const joints = p.attributes.JOINTS_0!;
    for (let i = 0; i < joints.length; i++) if (joints[i] === MODEL_JOINT) joints[i] = modelJoint;
  }
}

/**
 * JOINTS_0/WEIGHTS_0 from the stored bone ids and byte weights (bytes / 255, top 4, renormalised)
 * through the kernels' byte-weight unpacker, reading the vertex records in place (the decoded
 * columns when a file came without them). Weights that name a bone past the skeleton are dropped
 * (and counted). Vertices without a usable weight come back with all-zero weights (`unskinned`
 * counts them).
 */
function unpackMdlWeights(mesh: MdlMesh, variant: MdlFile['variant'], boneCount: number, options: Pick<ParseOptions, 'kernels'>): UnpackedSkin & { badIds: number } {
  const { vertexData, vertexStride, vertexCount } = mesh;
  const offsets = variant === 'ultra' ? ULTRA_LAYOUT : G3D_LAYOUT;
  const skin = vertexData.byteLength >= vertexCount * vertexStride
    ? unpackByteWeights(vertexData, vertexStride, vertexCount, offsets.boneIds.offset, offsets.boneWeights.offset, { kernels: options.kernels, jointCount: boneCount })
    : unpackByteWeightColumns(mesh.vertices.boneIds, mesh.vertices.boneWeights, vertexCount, boneCount, { kernels: options.kernels });
  // A non-zero byte weight on an id past the skeleton: the slots the kernel skipped.
  return { ...skin, badIds: skin.dropped ?? 0 };
}
