import type { WarningSink } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';

/**
 * Parent joint index per joint, found by name: exact first, then case-insensitive (the viewer
 * compares exactly, Maverick Model 3D case-insensitively). Unresolvable names and cycles become
 * roots with a warning.
 */
export function resolveParents(joints: Ms3dJoint[], sink: WarningSink): Int32Array {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  joints.forEach((j, i) => {
    if (!exact.has(j.name)) exact.set(j.name, i);
    const key = j.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, i);
  });
  const parents = new Int32Array(joints.length).fill(-1);
  joints.forEach((j, i) => {
    if (j.parentName === '') return;
    let p = exact.get(j.parentName);
    if (p === undefined) p = folded.get(j.parentName.toLowerCase());
    if (p === undefined) {
      sink.warn('MS3D_UNKNOWN_PARENT', `joint ${i} '${j.name}' names parent '${j.parentName}', which does not exist; it becomes a root`);
      return;
    }
    if (p === i) {
      sink.warn('MS3D_PARENT_CYCLE', `joint ${i} '${j.name}' is its own parent; it becomes a root`);
      return;
    }
    parents[i] = p;
  });
  // Cut cycles: walk up from each joint; meeting a joint of the current walk closes a loop.
  const state = new Uint8Array(joints.length); // 0 new, 1 on this walk, 2 done
  const walk: number[] = [];
  for (let start = 0; start < joints.length; start++) {
    let k = start;
    walk.length = 0;
    while (k >= 0 && state[k] === 0) {
      state[k] = 1;
      walk.push(k);
      k = parents[k];
    }
    if (k >= 0 && state[k] === 1) {
      const last = walk[walk.length - 1];
      parents[last] = -1;
      sink.warn('MS3D_PARENT_CYCLE', `joint ${last} '${joints[last].name}' closes a parent cycle; it becomes a root`);
    }
    for (const w of walk) state[w] = 2;
  }
  return parents;
}

/** Joint indices with every parent before its children. */
export function parentsFirst(parents: Int32Array): number[] {
  // Roots in index order, then each joint's children in index order: children chained in two
  // typed arrays, not a list per joint.
  const n = parents.length;
  const firstChild = new Int32Array(n).fill(-1);
  const lastChild = new Int32Array(n).fill(-1);
  const nextSibling = new Int32Array(n).fill(-1);
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parents[i];
    if (p < 0) order.push(i);
    else {
      if (lastChild[p] < 0) firstChild[p] = i;
      else nextSibling[lastChild[p]] = i;
      lastChild[p] = i;
    }
  }
  for (let k = 0; k < order.length; k++) for (let c = firstChild[order[k]]; c >= 0; c = nextSibling[c]) order.push(c);
  return order;
}
