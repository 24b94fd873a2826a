import * as THREE from 'three';
import type { Scene } from '@relic3d/core';

/**
 * The deepest node chain built as a three.js hierarchy. three walks its tree recursively
 * (`updateMatrixWorld`, the renderer's projection, `traverse`), one stack frame per level, so a
 * chain of tens of thousands of nodes overflows the stack; a thousand levels leave ample room.
 */
export const MAX_DEPTH = 1000;

/** Each node's depth below its root through `parent` links; -1 for a node on or below a parent cycle. */
export function nodeDepths(scene: Scene): Int32Array {
  const n = scene.nodes.length;
  const UNKNOWN = -2, ON_PATH = -3;
  const depth = new Int32Array(n).fill(UNKNOWN);
  const path: number[] = [];
  for (let start = 0; start < n; start++) {
    if (depth[start] !== UNKNOWN) continue;
    path.length = 0;
    let i = start;
    let top: number; // depth of the last node on the path
    for (;;) {
      depth[i] = ON_PATH;
      path.push(i);
      const p = scene.nodes[i].parent;
      if (!(p >= 0 && p < n)) { top = 0; break; }
      if (depth[p] === ON_PATH) { top = -1; break; }
      if (depth[p] !== UNKNOWN) { top = depth[p] < 0 ? -1 : depth[p] + 1; break; }
      i = p;
    }
    for (let k = path.length - 1, d = top; k >= 0; k--, d = d < 0 ? -1 : d + 1) depth[path[k]] = d;
  }
  return depth;
}

export interface Flattening {
  /** Node → the ancestor it hangs from instead of its parent (at depth MAX_DEPTH − 1). */
  anchor: Map<number, number>;
  /** Node → its rest transform relative to that ancestor. */
  relative: Map<number, THREE.Matrix4>;
}

/**
 * Plans how nodes deeper than MAX_DEPTH hang from their ancestor at depth MAX_DEPTH − 1, with their
 * rest transform relative to it baked in. `keep(i)` says a node stays under its parent (a LOD
 * level, which its LOD object adopts); its descendants still get matrices relative to the ancestor.
 */
export function planFlattening(scene: Scene, depth: Int32Array, local: (i: number) => THREE.Matrix4, keep: (i: number) => boolean): Flattening | undefined {
  const deep: number[] = [];
  for (let i = 0; i < depth.length; i++) if (depth[i] >= MAX_DEPTH) deep.push(i);
  if (!deep.length) return undefined;
  // Parents before children: their depth is one less.
  deep.sort((a, b) => depth[a] - depth[b]);
  const anchorOf = new Map<number, number>();
  const relative = new Map<number, THREE.Matrix4>();
  const anchor = new Map<number, number>();
  for (const i of deep) {
    const parent = scene.nodes[i].parent;
    const fromParent = depth[i] === MAX_DEPTH;
    anchorOf.set(i, fromParent ? parent : anchorOf.get(parent)!);
    const m = local(i);
    relative.set(i, fromParent ? m : new THREE.Matrix4().multiplyMatrices(relative.get(parent)!, m));
    if (!keep(i)) anchor.set(i, anchorOf.get(i)!);
  }
  for (const i of [...relative.keys()]) if (!anchor.has(i)) relative.delete(i);
  return { anchor, relative };
}

/** Node names made unique and safe for animation track paths. */
export function uniqueNames(names: string[]): string[] {
  const used = new Map<string, number>();
  return names.map((raw, i) => {
    const base = THREE.PropertyBinding.sanitizeNodeName(raw || `node_${i}`) || `node_${i}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}_${seen}`;
  });
}
