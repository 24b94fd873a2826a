import { math, sceneNode, zeroNonFinite, type Node, type Skin, type WarningSink } from '@relic3d/core';
import type { Ms3dFile, Ms3dParseOptions } from '../file.js';
import { globalBindMatrices } from './bind-pose.js';
import { vertexSkin, type VertexSkin } from './vertex-skin.js';

/** Vertices whose boneId names a joint. */
function boundVertexCount(file: Ms3dFile): number {
  const boneIds = file.vertices.boneIds;
  const jointCount = file.joints.length;
  let bound = 0;
  for (let v = 0; v < boneIds.length; v++) if (boneIds[v] >= 0 && boneIds[v] < jointCount) bound++;
  return bound;
}

/**
 * The mesh's skin when it has one: the joints' inverse global binds, plus a rigid identity joint
 * (a node appended to `nodes`) for vertices with boneId -1; and the joint and weight of each file
 * vertex. Undefined when no vertex names a joint.
 */
export function buildSkin(
  file: Ms3dFile,
  parents: Int32Array,
  nodes: Node[],
  jointBase: number,
  name: string | undefined,
  sink: WarningSink,
  options: Ms3dParseOptions,
): { skin: Skin; vertices: VertexSkin } | undefined {
  const jointCount = file.joints.length;
  const boundVertices = boundVertexCount(file);
  if (jointCount === 0 || boundVertices === 0) return undefined;
  const rigidNeeded = boundVertices < file.vertices.boneIds.length;
  const rigidJoint = jointCount;
  const vertices = vertexSkin(file, rigidJoint, sink, options.kernels);
  const jointNodes = file.joints.map((_, j) => jointBase + j);
  if (rigidNeeded) {
    jointNodes.push(nodes.length);
    nodes.push(sceneNode({ name: 'ms3d rigid', joint: true, extras: { ms3dRigid: true } }));
  }
  const globals = globalBindMatrices(file.joints, parents);
  const inverseBindMatrices = new Float32Array(jointNodes.length * 16);
  for (let j = 0; j < jointNodes.length; j++) {
    if (j >= jointCount || !math.invertAt(globals, j * 16, inverseBindMatrices, j * 16)) math.identity(inverseBindMatrices.subarray(j * 16, j * 16 + 16));
  }
  if (zeroNonFinite(inverseBindMatrices)) sink.warn('MS3D_NOT_FINITE', 'non-finite inverse bind matrices were zeroed');
  const skin: Skin = { name: name ?? 'ms3d', joints: jointNodes, inverseBindMatrices, extras: { rigidVertices: vertices.rigidCount } };
  const roots = jointNodes.filter((n) => nodes[n].parent < 0);
  if (roots.length === 1) skin.skeleton = roots[0];
  return { skin, vertices };
}
