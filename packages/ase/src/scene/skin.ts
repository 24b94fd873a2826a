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
  const influences = Math.min(maxInfluences(start, vertex.length), 64);
  const joints = new Int32Array(nv * influences);
  const weights = new Float32Array(nv * influences);
  const counts = new Int32Array(2);
  spreadWeights(vertex, start, bone, weight, map, nv, influences, joints, weights, counts);
  const unweighted = counts[0], badBones = counts[1];
  if (unweighted) input.sink.warn('ASE_SKIN_UNWEIGHTED', `object '${input.name}': ${unweighted} vertices have no bone weights; bound to the first joint`, input.offset);
  if (badBones) input.sink.warn('ASE_SKIN_BONE', `object '${input.name}': ${badBones} weights name unknown bones; dropped`, input.offset);
  return packSkinWeights(nv, influences, joints, weights, kernelOptions);
}

// The per-weight loops as leaves of typed arrays and numbers (run once per mesh: see mesh-loops.ts).

/** The most (bone, weight) pairs of one vertex, at least 1. */
function maxInfluences(start: Uint32Array, count: number): number {
  let most = 1;
  for (let i = 0; i < count; i++) most = Math.max(most, start[i + 1] - start[i]);
  return most;
}

/**
 * Each weighted vertex's first `influences` pairs to its slots in `joints`/`weights` (joint by `map`;
 * unknown bones dropped, non-finite weights 0). `counts`: vertices never weighted, pairs dropped.
 */
function spreadWeights(
  vertex: Int32Array, start: Uint32Array, bone: Int32Array, weight: Float32Array, map: Int32Array, nv: number, influences: number,
  joints: Int32Array, weights: Float32Array, counts: Int32Array,
): void {
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
  counts[0] = unweighted;
  counts[1] = badBones;
}
