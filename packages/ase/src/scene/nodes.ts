import { Y_UP_TO_Z_UP, Z_UP_TO_Y_UP, keepMapAlive, math, sceneNode, type Node, type Scene, type WarningSink } from '@relic3d/core';
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
    nodes.push(sceneNode({ name, extras })); // one hidden class for every format's nodes (issue 25)
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

/**
 * World matrices G of every node, in one array. Computed in scratch matrices and copied in, so a
 * node costs no allocation (views per node were most of the garbage of large files, issue 26).
 */
export function worldMatrices(nodes: Node[], entries: Entry[], sink: WarningSink): MatrixArray {
  const world = new MatrixArray(nodes.length);
  const w = new Float64Array(16), scratch = new Float64Array(16), out = new Float64Array(16);
  const setWorld = (node: number, tm: AseNodeTM | undefined, yInverse: boolean, what: string) => {
    rowsToMatrix(tm?.rows, w);
    if (!math.invert(w, scratch)) {
      sink.warn('ASE_SINGULAR_TM', `${what}: *NODE_TM is singular; identity used`);
      w.set(IDENTITY);
    }
    if (yInverse) math.multiply(math.multiply(Z_UP_TO_Y_UP, w, scratch), Y_UP_TO_Z_UP, out);
    else math.multiply(Z_UP_TO_Y_UP, w, out);
    world.write(node, out);
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

/**
 * Local matrices G_parent⁻¹ · G; a node whose local matrix is not the identity gets `matrix`. They
 * are not kept: animation asks for a few, computed again on demand (128 bytes a node, issue 26).
 */
export function localMatrices(nodes: Node[], world: MatrixArray): Matrices {
  const locals = new LocalMatrices(nodes, world);
  const local = new Float64Array(16);
  nodes.forEach((n, i) => {
    if (!isIdentity(locals.into(i, local))) n.matrix = Array.from(local);
  });
  return locals;
}

class LocalMatrices implements Matrices {
  private readonly parent = new Float64Array(16);
  private readonly parentInv = new Float64Array(16);
  private readonly own = new Float64Array(16);
  constructor(
    private readonly nodes: Node[],
    private readonly world: MatrixArray,
  ) {}

  at(i: number): M4 {
    return this.into(i, new Float64Array(16));
  }

  into(i: number, out: M4): M4 {
    const p = this.nodes[i].parent;
    if (p < 0) return this.world.read(i, out);
    this.world.read(i, this.own);
    this.world.read(p, this.parent);
    return math.multiply(math.invert(this.parent, this.parentInv) ?? IDENTITY, this.own, out) as M4;
  }
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

/** A matrix per node. */
export interface Matrices {
  at(i: number): M4;
}

/** `count` matrices (identity to start) in one array, so nodes cost no allocation each. */
export class MatrixArray implements Matrices {
  private readonly all: Float64Array;
  constructor(count: number) {
    this.all = new Float64Array(count * 16);
    for (let i = 0; i < count; i++) this.all.set(IDENTITY, i * 16);
  }

  /** Matrix i, a view into the array. */
  at(i: number): M4 {
    return this.all.subarray(i * 16, i * 16 + 16);
  }

  /** Copies matrix i into `out` (no view made). */
  read(i: number, out: M4): M4 {
    for (let k = 0, at = i * 16; k < 16; k++) out[k] = this.all[at + k];
    return out;
  }

  write(i: number, m: ArrayLike<number>): void {
    for (let k = 0, at = i * 16; k < 16; k++) this.all[at + k] = m[k];
  }
}

// One per parse otherwise: its map (and the node loops' code) would die at every full GC.
keepMapAlive(new MatrixArray(1));

export function isIdentity(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[i] - IDENTITY[i]) > 1e-12) return false;
  return true;
}
