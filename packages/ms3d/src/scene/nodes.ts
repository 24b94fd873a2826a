import { sceneNode, type Extras, type Node } from '@relic3d/core';
import type { Ms3dFile } from '../file.js';
import { bindOf } from './bind-pose.js';

/**
 * Node 0 is the mesh (when there is one), then one node per joint in file order, at `jointBase + j`.
 * Children are linked later (see linkNodes), after the skin may add its rigid joint.
 */
export function buildNodes(file: Ms3dFile, parents: Int32Array, hasMesh: boolean, name: string | undefined): { nodes: Node[]; jointBase: number } {
  const jointBase = hasMesh ? 1 : 0;
  const nodes: Node[] = [];
  if (hasMesh) nodes.push(sceneNode({ name: name ?? 'ms3d' }));
  const jointComments = new Map<number, string>();
  for (const c of file.comments?.joints ?? []) jointComments.set(c.index, c.text);
  file.joints.forEach((joint, j) => {
    const bind = bindOf(joint);
    const extras: Extras = { flags: joint.flags, parentName: joint.parentName, bindEuler: joint.rotation.slice() };
    const colors = file.jointExtra?.colors;
    if (colors) extras.color = [colors[j * 3], colors[j * 3 + 1], colors[j * 3 + 2]];
    if (jointComments.has(j)) extras.comment = jointComments.get(j);
    // core's sceneNode: one hidden class for the nodes of every format (issue 25).
    nodes.push(sceneNode({ name: joint.name, translation: bind.position, rotation: bind.rotation, joint: true, extras }, parents[j] >= 0 ? jointBase + parents[j] : -1));
  });
  return { nodes, jointBase };
}

/** Fills each node's `children` from the parents, and `roots` with the parentless nodes, in node order. */
export function linkNodes(nodes: Node[], roots: number[]): void {
  nodes.forEach((node, i) => (node.parent >= 0 ? nodes[node.parent].children.push(i) : roots.push(i)));
}
