import type { Material, Primitive, Scene, WarningSink } from '@relic3d/core';

/**
 * Scene materials → `*MATERIAL_LIST`. A `*GEOMOBJECT` names one material (`*MATERIAL_REF`) and
 * each face a sub-material of it (`*MESH_MTLID`, docs/formats/ase.md §4.5). A mesh with one material
 * refers to it; a mesh whose materials are sub-materials of one parent (an ASE scene's Multi
 * material, recovered from `extras.submaterials`) refers to that parent; any other mix gets a
 * Multi/Sub-Object material of its own.
 */

/** A top-level material of the list: a scene material (with its sub-material tree) or a made Multi. */
export type ListEntry = { scene: number } | { multi: string; subs: (number | undefined)[] };

/** How one object's faces name their material. */
export interface Binding {
  /** `*MATERIAL_REF` (index into the written list). */
  ref?: number;
  /** `*WIREFRAME_COLOR` instead of a material. */
  wireframe?: number[];
  /** `*MESH_MTLID` of each primitive of the object (by position in its primitive list). */
  mtlIds: number[];
}

/** The sub-material tree of the scene's materials, as the ASE reader flattened it (pre-order). */
export interface MaterialTree {
  topLevel: number[];
  subs: number[][];
  parent: Int32Array;
}

export function wireframeColor(m: Material | undefined): number[] | undefined {
  const c = m?.extras?.wireframeColor;
  return Array.isArray(c) && c.length >= 3 && c.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (c as number[]).slice(0, 3) : undefined;
}

/** Rebuilds sub-material links from `extras.submaterials` counts; a flat list when they do not fit. */
export function materialTree(scene: Scene): MaterialTree {
  const n = scene.materials.length;
  const subs: number[][] = scene.materials.map(() => []);
  const parent = new Int32Array(n).fill(-1);
  const topLevel: number[] = [];
  const count = (i: number) => {
    const c = scene.materials[i].extras?.submaterials;
    return typeof c === 'number' && Number.isInteger(c) && c > 0 ? c : 0;
  };
  let i = 0;
  let ok = true;
  const take = (depth: number): number => {
    const me = i++;
    for (let k = count(me); k > 0 && ok; k--) {
      if (i >= n || depth > 64 || wireframeColor(scene.materials[i])) {
        ok = false;
        break;
      }
      const child = take(depth + 1);
      subs[me].push(child);
      parent[child] = me;
    }
    return me;
  };
  while (i < n && ok) {
    if (wireframeColor(scene.materials[i])) {
      i++;
      continue;
    }
    topLevel.push(take(0));
  }
  if (ok) return { topLevel, subs, parent };
  const flat = scene.materials.map((_, k) => k).filter((k) => !wireframeColor(scene.materials[k]));
  return { topLevel: flat, subs: scene.materials.map(() => []), parent: new Int32Array(n).fill(-1) };
}

/** The first `*MESH_MTLID` the reader merged into a primitive, when it still names `sub` of `count`. */
function keptId(primitive: Primitive, sub: number, count: number): number {
  const ids = primitive.extras?.mtlIds;
  if (Array.isArray(ids) && typeof ids[0] === 'number' && Number.isInteger(ids[0]) && ids[0] >= 0) {
    if (count <= 0 || ids[0] % count === sub) return ids[0];
  }
  return sub;
}

/** Plans the list and each object's binding. */
export class MaterialPlan {
  readonly tree: MaterialTree;
  readonly list: ListEntry[] = [];
  private readonly direct = new Set<number>();
  private readonly multis = new Map<string, number>();
  private readonly pending: { primitives: Primitive[]; binding: Binding; key?: string; subs?: (number | undefined)[]; where: string }[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly sink: WarningSink,
  ) {
    this.tree = materialTree(scene);
  }

  /** The binding of an object drawing `primitives` (filled in by `finish`). */
  bind(primitives: Primitive[], where: string): Binding {
    const binding: Binding = { mtlIds: primitives.map(() => 0) };
    const materials = primitives.map((p) => p.material);
    const used = [...new Set(materials.filter((m): m is number => m !== undefined))];
    const none = materials.some((m) => m === undefined);
    const { tree } = this;
    if (!used.length) {
      binding.mtlIds = primitives.map((p) => keptId(p, 0, 0));
      return binding;
    }
    const wire = wireframeColor(this.scene.materials[used[0]]);
    if (!none && wire && used.every((m) => wireframeColor(this.scene.materials[m])?.join() === wire.join())) {
      binding.wireframe = wire;
      binding.mtlIds = primitives.map((p) => keptId(p, 0, 0));
      return binding;
    }
    const isTop = (m: number) => tree.parent[m] < 0 && !wireframeColor(this.scene.materials[m]);
    if (!none && used.length === 1 && isTop(used[0]) && !tree.subs[used[0]].length) {
      this.direct.add(used[0]);
      this.pending.push({ primitives, binding, where, subs: [used[0]], key: `=${used[0]}` });
      binding.mtlIds = primitives.map((p) => keptId(p, 0, 0));
      return binding;
    }
    const parent = tree.parent[used[0]];
    if (!none && parent >= 0 && isTop(parent) && used.every((m) => tree.parent[m] === parent)) {
      this.direct.add(parent);
      this.pending.push({ primitives, binding, where, key: `=${parent}` });
      const subs = tree.subs[parent];
      binding.mtlIds = primitives.map((p) => keptId(p, subs.indexOf(p.material!), subs.length));
      return binding;
    }
    // Any other mix: a Multi/Sub-Object material of its own (shared by objects with the same mix).
    const subs: (number | undefined)[] = [...used];
    if (none) {
      subs.push(undefined);
      this.sink.warn('ASE_WRITE_DEFAULT_MATERIAL', `${where}: primitives without a material share a mesh with primitives that have one; they get a default sub-material`);
    }
    binding.mtlIds = materials.map((m) => subs.indexOf(m));
    this.pending.push({ primitives, binding, where, subs, key: subs.map((m) => m ?? '-').join(',') });
    return binding;
  }

  /** Fixes the list (order: the scene's top-level materials that are used directly or not at all, then made Multis) and every `ref`. */
  finish(): void {
    const usedInMulti = new Set<number>();
    for (const p of this.pending) if (p.key && !p.key.startsWith('=')) for (const m of p.subs ?? []) if (m !== undefined) usedInMulti.add(m);
    const indexOf = new Map<number, number>();
    for (const t of this.tree.topLevel) {
      if (this.direct.has(t) || !this.subtreeUsedInMulti(t, usedInMulti)) {
        indexOf.set(t, this.list.length);
        this.list.push({ scene: t });
      }
    }
    for (const p of this.pending) {
      if (p.key!.startsWith('=')) {
        p.binding.ref = indexOf.get(Number(p.key!.slice(1)));
        continue;
      }
      let ref = this.multis.get(p.key!);
      if (ref === undefined) {
        ref = this.list.length;
        this.multis.set(p.key!, ref);
        this.list.push({ multi: `Multi ${p.where}`, subs: p.subs! });
      }
      p.binding.ref = ref;
    }
  }

  private subtreeUsedInMulti(t: number, usedInMulti: Set<number>): boolean {
    if (usedInMulti.has(t)) return true;
    return this.tree.subs[t].some((s) => this.subtreeUsedInMulti(s, usedInMulti));
  }
}
