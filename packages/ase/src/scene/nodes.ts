import { Y_UP_TO_Z_UP, Z_UP_TO_Y_UP, math, type Node, type Scene, type WarningSink } from '@relic3d/core';
import type { AseFile, AseNodeTM, AseObject } from '../file.js';
import { IDENTITY, rowsToMatrix, type M4 } from './axes.js';
import { nodeExtras } from './extras.js';

/**
 * Node frames. Every node's scene world matrix is G = C · W · Y, with W its `*NODE_TM` (Max axes,
 * column form) and Y a fixed rotation: C⁻¹ for meshes, helpers, shapes and groups (so the node's
 * local axes are the Y-up image of Max's), identity for cameras and lights (so their local −Z view
 * axis, Max's and glTF's alike, stays the view axis). Local matrices are G_parent⁻¹ · G.
 */
export interface Entry {
  obj: AseObject;
  node: number;
  tm?: AseNodeTM;
  /** Y = C⁻¹ (true) or identity (false). */
  yInverse: boolean;
  /** Group that contains the object, for members without a `*NODE_PARENT`. */
  group: number;
  /** Target node of a target camera/light. */
  target?: number;
  targetTm?: AseNodeTM;
}

/** One node per object (and per camera/light target), in file order (groups before their members). */
export function collectNodes(scene: Scene, file: AseFile): { entries: Entry[]; yInv: boolean[] } {
  const entries: Entry[] = [];
  const nodes: Node[] = scene.nodes;
  const yInv: boolean[] = [];
  const addNode = (name: string, extras: Record<string, unknown>, yInverse: boolean): number => {
    nodes.push({ name, parent: -1, children: [], extras });
    yInv.push(yInverse);
    return nodes.length - 1;
  };
  const visit = (obj: AseObject, group: number) => {
    const name = obj.name || obj.tms[0]?.name || `${obj.kind}${nodes.length}`;
    if (obj.kind === 'group') {
      const node = addNode(name, { kind: 'group', ...obj.extras }, true);
      entries.push({ obj, node, yInverse: true, group });
      for (const child of obj.children ?? []) visit(child, node);
      return;
    }
    const yInverse = obj.kind !== 'camera' && obj.kind !== 'light';
    const main = obj.tms.find((t) => t.name === name) ?? obj.tms.find((t) => !/\.target$/i.test(t.name)) ?? obj.tms[0];
    const entry: Entry = { obj, node: addNode(name, nodeExtras(obj, main), yInverse), tm: main, yInverse, group };
    const targetTm = obj.tms.find((t) => t !== main && /\.target$/i.test(t.name)) ?? obj.tms.find((t) => t !== main);
    if (targetTm && (obj.kind === 'camera' || obj.kind === 'light')) {
      entry.targetTm = targetTm;
      entry.target = addNode(targetTm.name || `${name}.Target`, { kind: 'target', of: name }, true);
    }
    entries.push(entry);
  };
  for (const obj of file.objects) visit(obj, -1);
  return { entries, yInv };
}

/** World matrices G of every node, in one array (views of it per node: no allocation per matrix). */
export function worldMatrices(nodes: Node[], entries: Entry[], sink: WarningSink): Matrices {
  const world = new Matrices(nodes.length);
  const scratch = new Float64Array(16);
  const setWorld = (node: number, tm: AseNodeTM | undefined, yInverse: boolean, what: string) => {
    let w = rowsToMatrix(tm?.rows);
    if (!math.invert(w, scratch)) {
      sink.warn('ASE_SINGULAR_TM', `${what}: *NODE_TM is singular; identity used`);
      w = IDENTITY.slice();
    }
    if (yInverse) math.multiply(math.multiply(Z_UP_TO_Y_UP, w, scratch), Y_UP_TO_Z_UP, world.at(node));
    else math.multiply(Z_UP_TO_Y_UP, w, world.at(node));
  };
  for (const e of entries) {
    if (e.obj.kind !== 'group') setWorld(e.node, e.tm, e.yInverse, `object '${nodes[e.node].name}'`);
    if (e.target !== undefined) setWorld(e.target, e.targetTm, true, `target '${nodes[e.target].name}'`);
  }
  return world;
}

/** Parents and children from `*NODE_PARENT` (and `*GROUP` membership); returns the node of each name. */
export function linkHierarchy(scene: Scene, entries: Entry[], sink: WarningSink): Map<string, number> {
  const nodes = scene.nodes;
  const byName = new Map<string, number>();
  nodes.forEach((n, i) => {
    if (!byName.has(n.name)) byName.set(n.name, i);
  });
  const parentOf = new Int32Array(nodes.length).fill(-1);
  const entryOf = new Int32Array(nodes.length).fill(-1);
  entries.forEach((e, i) => {
    entryOf[e.node] = i;
    let p = e.group;
    if (e.obj.parent) {
      const found = byName.get(e.obj.parent);
      if (found === undefined || found === e.node) sink.warn('ASE_MISSING_PARENT', `object '${nodes[e.node].name}': *NODE_PARENT '${e.obj.parent}' not found; kept at ${p >= 0 ? 'its group' : 'the root'}`, e.obj.offset);
      else p = found;
    }
    parentOf[e.node] = p;
  });
  for (const node of breakParentCycles(parentOf, entryOf)) {
    const e = entries[entryOf[node]];
    const parent = e.obj.parent ?? nodes[parentOf[node]].name;
    sink.warn('ASE_PARENT_CYCLE', `object '${nodes[node].name}': *NODE_PARENT '${parent}' would form a cycle; kept at the root`, e.obj.offset);
    parentOf[node] = -1;
  }
  // Children lists of their exact length (pushing would give each a 16-slot array).
  const childCount = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) if (parentOf[i] >= 0) childCount[parentOf[i]]++;
  nodes.forEach((n, i) => {
    if (childCount[i]) n.children = new Array<number>(childCount[i]);
    childCount[i] = 0;
  });
  nodes.forEach((n, i) => {
    n.parent = parentOf[i];
    if (n.parent >= 0) nodes[n.parent].children[childCount[n.parent]++] = i;
    else scene.roots.push(i);
  });
  return byName;
}

/** Local matrices G_parent⁻¹ · G; a node whose local matrix is not the identity gets `matrix`. */
export function localMatrices(nodes: Node[], world: Matrices): Matrices {
  const locals = new Matrices(nodes.length);
  const scratch = new Float64Array(16);
  nodes.forEach((n, i) => {
    if (n.parent < 0) locals.at(i).set(world.at(i));
    else math.multiply(math.invert(world.at(n.parent), scratch) ?? IDENTITY, world.at(i), locals.at(i));
  });
  nodes.forEach((n, i) => {
    if (!isIdentity(locals.at(i))) n.matrix = Array.from(locals.at(i));
  });
  return locals;
}

/**
 * The links that close a cycle, as if links were made in file order and a link that would close a
 * cycle were refused: in each cycle of the parent graph that is the link of the node that comes
 * last in the file. One pass over the nodes (each node has one parent, so cycles cannot share a
 * node). Returns the nodes whose link to refuse, in file order.
 */
function breakParentCycles(parentOf: Int32Array, fileOrder: Int32Array): number[] {
  const walkOf = new Int32Array(parentOf.length);
  const refused: number[] = [];
  for (let start = 0; start < parentOf.length; start++) {
    if (walkOf[start]) continue;
    const walk = start + 1;
    let v = start;
    while (v >= 0 && walkOf[v] === 0) {
      walkOf[v] = walk;
      v = parentOf[v];
    }
    // Back on this walk's own path: v is on a new cycle.
    if (v >= 0 && walkOf[v] === walk) {
      let last = v;
      for (let u = parentOf[v]; u !== v; u = parentOf[u]) if (fileOrder[u] > fileOrder[last]) last = u;
      refused.push(last);
    }
  }
  return refused.sort((a, b) => fileOrder[a] - fileOrder[b]);
}

/** `count` matrices (identity to start) in one array, so nodes cost no allocation each. */
export class Matrices {
  private readonly all: Float64Array;
  constructor(count: number) {
    this.all = new Float64Array(count * 16);
    for (let i = 0; i < count; i++) this.all.set(IDENTITY, i * 16);
  }

  /** Matrix i, a view into the array. */
  at(i: number): M4 {
    return this.all.subarray(i * 16, i * 16 + 16);
  }
}

export function isIdentity(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[i] - IDENTITY[i]) > 1e-12) return false;
  return true;
}
