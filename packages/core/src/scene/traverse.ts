import { fromTRS, identity, multiply } from '../math/matrix.js';
import type { Node, Scene } from './types.js';

/** The node's local matrix (its `matrix`, else its TRS). */
export function localMatrix(node: Node, out: Float32Array = new Float32Array(16)): Float32Array {
  if (node.matrix) {
    out.set(node.matrix);
    return out;
  }
  if (!node.translation && !node.rotation && !node.scale) return identity(out) as Float32Array;
  return fromTRS(node.translation, node.rotation, node.scale, out) as Float32Array;
}

/** Node indices ordered so that every parent comes before its children. Cycles are not followed. */
export function topologicalOrder(scene: Scene): number[] {
  const order: number[] = [];
  const seen = new Uint8Array(scene.nodes.length);
  const stack: number[] = [];
  const starts = scene.nodes.map((n, i) => (n.parent < 0 || n.parent >= scene.nodes.length ? i : -1)).filter((i) => i >= 0);
  for (const start of starts) {
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      if (seen[i]) continue;
      seen[i] = 1;
      order.push(i);
      const children = scene.nodes[i].children;
      for (let c = children.length - 1; c >= 0; c--) {
        const child = children[c];
        if (child >= 0 && child < scene.nodes.length && !seen[child]) stack.push(child);
      }
    }
  }
  return order;
}

/**
 * World matrices of every node, 16 floats each, column-major.
 * `locals` overrides the local matrices (for a sampled pose).
 */
export function computeWorldMatrices(scene: Scene, locals?: Float32Array): Float32Array {
  const n = scene.nodes.length;
  const world = new Float32Array(n * 16);
  const local = new Float32Array(16);
  for (const i of topologicalOrder(scene)) {
    const node = scene.nodes[i];
    const l = locals ? locals.subarray(i * 16, i * 16 + 16) : localMatrix(node, local);
    const out = world.subarray(i * 16, i * 16 + 16);
    if (node.parent >= 0 && node.parent < n) multiply(world.subarray(node.parent * 16, node.parent * 16 + 16), l, out);
    else out.set(l);
  }
  return world;
}

/**
 * World matrices in doubles, 16 per node, from each node's local matrix as `localOf` makes it
 * (writers bake transforms with them, each with its own rest-pose rule). A node in a cycle stays
 * the identity.
 */
export function computeWorldMatrices64(scene: Scene, localOf: (node: Node, out: Float64Array<ArrayBuffer>) => unknown): Float64Array<ArrayBuffer> {
  const n = scene.nodes.length;
  const world = new Float64Array(n * 16);
  for (let i = 0; i < n; i++) world[i * 16] = world[i * 16 + 5] = world[i * 16 + 10] = world[i * 16 + 15] = 1;
  const local = new Float64Array(16);
  for (const i of topologicalOrder(scene)) {
    const node = scene.nodes[i];
    localOf(node, local);
    const out = world.subarray(i * 16, i * 16 + 16);
    if (node.parent >= 0 && node.parent < n) multiply(world.subarray(node.parent * 16, node.parent * 16 + 16), local, out);
    else out.set(local);
  }
  return world;
}

