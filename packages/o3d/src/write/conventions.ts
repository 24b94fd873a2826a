/**
 * The Flyff authoring conventions read from names (docs/formats/o3d.md §12), as a Blender or 3ds Max
 * export carries them: a mesh named `…coll` is the collision mesh, a mesh named `…light` a light
 * object (night only), meshes named `…LOD1`, `…LOD2` the detail levels. The scene is not changed: a
 * shallow copy is returned with those nodes turned into the structures the writer already writes
 * (a trimesh collider, `extras.light`, a node with `lods`).
 */
import { type Collider, type Node, type Scene, type WarningSink } from '@relic3d/core';

export const COLLISION_NAME = /coll$/i;
export const LIGHT_NAME = /light$/i;
/** `LOD1`, `tree_LOD2`, `tree LOD0`, `tree.LOD1`: the level is the number. */
export const LOD_NAME = /(?:^|[\s_.-])LOD(\d+)$/i;

/** The scene with the name conventions applied, or the scene itself when no name uses them. */
export function applyNameConventions(scene: Scene, sink: WarningSink): Scene {
  const named = (re: RegExp) => scene.nodes.flatMap((n, i) => (n.mesh !== undefined && re.test(n.name.trim()) ? [i] : []));
  const collision = named(COLLISION_NAME).filter((i) => scene.nodes[i].skin === undefined);
  const lights = named(LIGHT_NAME).filter((i) => !scene.nodes[i].extras?.light);
  const hasLods = scene.nodes.some((n) => (n.lods?.length ?? 0) > 0);
  const lodNodes = hasLods ? [] : scene.nodes.flatMap((n, i) => (LOD_NAME.test(n.name.trim()) ? [i] : []));
  if (!collision.length && !lights.length && !lodNodes.length) return scene;

  const out: Scene = { ...scene, nodes: scene.nodes.map((n) => ({ ...n, children: [...n.children] })), roots: [...scene.roots], colliders: [...scene.colliders] };
  for (const i of lights) out.nodes[i].extras = { ...out.nodes[i].extras, light: true };
  if (collision.length > 1) sink.warn('O3D_WRITE_COLLIDER', `${collision.length} meshes are named as collision meshes (…coll); an O3D has one: "${scene.nodes[collision[0]].name}" is written`);
  if (collision.length) {
    const collider = colliderOf(scene, collision[0]);
    if (collider) {
      out.colliders.unshift(collider);
      // The collision mesh is not drawn: its node stays (for its transform), without the mesh.
      const { mesh: _mesh, ...rest } = out.nodes[collision[0]];
      out.nodes[collision[0]] = rest;
    }
  }
  if (lodNodes.length) groupLods(out, lodNodes, sink);
  return out;
}

/** A mesh node's triangles as a trimesh collider in the node's space. */
function colliderOf(scene: Scene, node: number): Collider | undefined {
  const mesh = scene.meshes[scene.nodes[node].mesh!];
  const positions: number[] = [];
  const indices: number[] = [];
  for (const p of mesh?.primitives ?? []) {
    if ((p.mode ?? 'TRIANGLES') !== 'TRIANGLES') continue;
    const base = positions.length / 3;
    const source = p.attributes.POSITION;
    const count = Math.floor(source.length / 3);
    for (let k = 0; k < count * 3; k++) positions.push(source[k]);
    const list = p.indices ?? Uint32Array.from({ length: count }, (_, k) => k);
    for (let k = 0; k + 2 < list.length; k += 3) if (list[k] < count && list[k + 1] < count && list[k + 2] < count) indices.push(base + list[k], base + list[k + 1], base + list[k + 2]);
  }
  if (!indices.length) return undefined;
  return { name: scene.nodes[node].name, shape: { type: 'trimesh', positions: Float32Array.from(positions), indices: Uint32Array.from(indices) }, node };
}

/**
 * LOD-named nodes become the levels of their parent (a new root when they are roots). Without a
 * `LOD0`, the parent's other mesh children are level 0, gathered under a new `LOD0` node.
 */
function groupLods(scene: Scene, lodNodes: number[], sink: WarningSink): void {
  adoptSkinnedLevels(scene, lodNodes);
  const levelOf = (i: number) => Number(LOD_NAME.exec(scene.nodes[i].name.trim())![1]);
  let byParent = new Map<number, number[]>();
  for (const i of lodNodes) byParent.set(scene.nodes[i].parent, [...(byParent.get(scene.nodes[i].parent) ?? []), i]);
  if (byParent.size > 1) {
    sink.warn('O3D_WRITE_LODS', `LOD-named nodes (…LOD<n>) under ${byParent.size} different parents; an O3D has one set of LOD groups: they are merged level by level`);
    // Merged under the parent of the most detailed level (Blender puts `X LOD0` under the armature, the others at the root).
    const target = scene.nodes[[...lodNodes].sort((a, b) => levelOf(a) - levelOf(b) || a - b)[0]].parent;
    for (const i of lodNodes) if (scene.nodes[i].parent !== target) target < 0 ? toRoot(scene, i) : reparent(scene, i, target);
    byParent = new Map([[target, lodNodes]]);
  }
  for (const [parentIndex, members] of byParent) {
    let parent = parentIndex;
    if (parent < 0) parent = addNode(scene, { name: `${scene.name ?? 'model'} LODs`, parent: -1, children: [] });
    const levels = new Map<number, number>();
    for (const i of members.sort((a, b) => levelOf(a) - levelOf(b) || a - b)) {
      if (levels.has(levelOf(i))) sink.warn('O3D_WRITE_LODS', `two nodes are named as LOD level ${levelOf(i)}; "${scene.nodes[i].name}" is shown with the first`);
      if (parentIndex < 0) reparent(scene, i, parent);
      if (!levels.has(levelOf(i))) levels.set(levelOf(i), i);
    }
    if (!levels.has(0)) {
      const zero = addNode(scene, { name: 'LOD0', parent, children: [] });
      const others = (parentIndex < 0 ? [...scene.roots] : [...scene.nodes[parent].children]).filter((c) => c !== zero && c !== parent && !members.includes(c) && hasMesh(scene, c));
      for (const c of others) reparent(scene, c, zero);
      levels.set(0, zero);
    }
    const ordered = [...levels.entries()].sort((a, b) => a[0] - b[0]).map(([, node]) => ({ node }));
    scene.nodes[parent] = { ...scene.nodes[parent], lods: ordered };
  }
}

/**
 * Blender parents skinned meshes to their armature, so a level `X LOD1` loses its skinned
 * `X LOD1 object 0` meshes: each level adopts the skinned meshes named after it (a skinned mesh's
 * place in the tree does not move it).
 */
function adoptSkinnedLevels(scene: Scene, lodNodes: number[]): void {
  for (const level of lodNodes) {
    const prefix = `${scene.nodes[level].name.trim()} `;
    scene.nodes.forEach((n, i) => {
      if (n.skin !== undefined && n.mesh !== undefined && n.name.startsWith(prefix) && !lodNodes.includes(n.parent)) reparent(scene, i, level);
    });
  }
}

function addNode(scene: Scene, node: Node): number {
  const index = scene.nodes.length;
  scene.nodes.push(node);
  if (node.parent < 0) scene.roots.push(index);
  else scene.nodes[node.parent].children.push(index);
  return index;
}

/** Moves a node under another; both have identity between them, so its world stays. */
function reparent(scene: Scene, node: number, parent: number): void {
  const old = scene.nodes[node].parent;
  if (old < 0) scene.roots = scene.roots.filter((r) => r !== node);
  else scene.nodes[old].children = scene.nodes[old].children.filter((c) => c !== node);
  scene.nodes[node] = { ...scene.nodes[node], parent };
  scene.nodes[parent].children.push(node);
}

/** Moves a node to the scene's roots. */
function toRoot(scene: Scene, node: number): void {
  const old = scene.nodes[node].parent;
  if (old >= 0) scene.nodes[old].children = scene.nodes[old].children.filter((c) => c !== node);
  scene.nodes[node] = { ...scene.nodes[node], parent: -1 };
  scene.roots.push(node);
}

/** A subtree that draws something and holds no joint. */
function hasMesh(scene: Scene, node: number): boolean {
  const stack = [node];
  let mesh = false;
  for (let guard = 0; stack.length && guard <= scene.nodes.length; guard++) {
    const n = scene.nodes[stack.pop()!];
    if (n.joint) return false;
    if (n.mesh !== undefined) mesh = true;
    stack.push(...n.children);
  }
  return mesh;
}
