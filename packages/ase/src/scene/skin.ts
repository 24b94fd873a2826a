import type { Scene, WarningSink } from '@relic3d/core';
import { packSkinWeights, type KernelMode } from '@relic3d/kernels';
import type { AseObject } from '../file.js';
import { IDENTITY, inv, mul } from './axes.js';
import type { MeshBuildInput } from './mesh.js';
import type { Matrices } from './nodes.js';

/** Joint list for `*MESH_WEIGHTS`: bone names resolve to nodes; creates the skin. */
export function boneJoints(scene: Scene, obj: AseObject, meshNode: number, byName: Map<string, number>, world: Matrices, sink: WarningSink): Int32Array | undefined {
  const names = obj.mesh!.weights!.boneNames;
  const map = new Int32Array(names.length).fill(-1);
  const joints: number[] = [];
  names.forEach((name, b) => {
    const node = byName.get(name);
    if (node === undefined) {
      sink.warn('ASE_SKIN_BONE', `object '${obj.name}': bone '${name}' is not a node`);
      return;
    }
    let j = joints.indexOf(node);
    if (j < 0) j = joints.push(node) - 1;
    map[b] = j;
  });
  if (!joints.length) return undefined;
  const ibm = new Float32Array(joints.length * 16);
  joints.forEach((node, j) => {
    // Vertices stay in the mesh node's space: inverseBind = G_joint⁻¹ · G_mesh.
    ibm.set(mul(inv(world.at(node)) ?? IDENTITY, world.at(meshNode)), j * 16);
    scene.nodes[node].joint = true;
  });
  scene.nodes[meshNode].skin = scene.skins.length;
  scene.skins.push({ name: obj.name, joints, inverseBindMatrices: ibm });
  return map;
}

/** JOINTS_0/WEIGHTS_0 per source vertex from `*MESH_WEIGHTS` (top 4, renormalised, by the kernel). */
export function skinOf(input: MeshBuildInput, kernelOptions: { kernels?: KernelMode }): { joints: Uint16Array; weights: Float32Array } | undefined {
  const w = input.mesh.weights;
  const map = input.boneJoints;
  if (!w || !map) return undefined;
  const nv = input.mesh.numVertex;
  const { vertex, start, bone, weight } = w;
  let influences = 1;
  for (let i = 0; i < vertex.length; i++) influences = Math.max(influences, start[i + 1] - start[i]);
  influences = Math.min(influences, 64);
  const joints = new Int32Array(nv * influences);
  const weights = new Float32Array(nv * influences);
  let unweighted = nv, badBones = 0;
  const seen = new Uint8Array(nv);
  for (let i = 0; i < vertex.length; i++) {
    const v = vertex[i];
    if (v < 0 || v >= nv) continue;
    if (!seen[v]) unweighted--;
    seen[v] = 1;
    const first = start[i], pairs = Math.min(influences, start[i + 1] - first);
    for (let k = 0; k < pairs; k++) {
      const b = bone[first + k];
      const j = b >= 0 && b < map.length ? map[b] : -1;
      if (j < 0) {
        badBones++;
        continue;
      }
      const x = weight[first + k];
      joints[v * influences + k] = j;
      weights[v * influences + k] = x - x === 0 ? x : 0;
    }
  }
  if (unweighted) input.sink.warn('ASE_SKIN_UNWEIGHTED', `object '${input.name}': ${unweighted} vertices have no bone weights; bound to the first joint`, input.offset);
  if (badBones) input.sink.warn('ASE_SKIN_BONE', `object '${input.name}': ${badBones} weights name unknown bones; dropped`, input.offset);
  return packSkinWeights(nv, influences, joints, weights, kernelOptions);
}
