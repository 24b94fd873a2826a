// For a scene read from MS3D, the stored order of vertices, triangles and groups is known
// (`primitive.extras.sourceVertices`, `triangleIndices`, `groupIndex`); writing in that order makes
// a re-written file match the original section by section. Scenes from elsewhere keep first-use order.
import type { Extras, Scene } from '@relic3d/core';
import type { DrawnPrimitive } from './drawn.js';
import { extraInt, extraString, extraTyped } from './extras.js';
import type { BuiltGroup, BuiltMesh } from './mesh.js';
import type { RenderVertices } from './vertices.js';
import { WELD_KEY, type VertexWelder } from './weld.js';

/**
 * The slot of each welded vertex when they go in the order of the stored vertex they came from
 * (stable), when every primitive says and they are not in that order already; else undefined.
 */
export function vertexRank(welder: VertexWelder, allSourced: boolean): Int32Array | undefined {
  const n = welder.count;
  if (!allSourced || n < 2) return undefined;
  const sources = new Int32Array(n);
  for (let f = 0; f < n; f++) sources[f] = welder.keys[f * WELD_KEY];
  let sorted = true;
  for (let v = 1; v < n && sorted; v++) sorted = sources[v - 1] <= sources[v];
  if (sorted) return undefined;
  const order = stableOrder(sources);
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) rank[order[i]] = i;
  return rank;
}

/**
 * Indices sorted by key, ties by index: a counting sort when the keys span little more than their
 * count (stored vertex numbers do), else a comparison sort (the same order either way).
 */
function stableOrder(keys: Int32Array): Uint32Array {
  const n = keys.length;
  let min = keys[0], max = keys[0];
  for (let i = 1; i < n; i++) (min = Math.min(min, keys[i])), (max = Math.max(max, keys[i]));
  if (max - min > 4 * n + 65536) return Uint32Array.from(Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b));
  const start = new Uint32Array(max - min + 2);
  for (let i = 0; i < n; i++) start[keys[i] - min + 1]++;
  for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[start[keys[i] - min]++] = i;
  return order;
}

/**
 * Each triangle's stored index, when every group is one primitive whose `triangleIndices` covers
 * all its triangles and together they number 0..n−1 exactly, not in build order; else undefined.
 */
export function triangleOrder(members: DrawnPrimitive[][], built: RenderVertices[][], n: number): Uint32Array | undefined {
  const target = new Uint32Array(n);
  const seen = new Uint8Array(n);
  let at = 0;
  for (let g = 0; g < members.length; g++) {
    if (members[g].length !== 1) return undefined;
    const d = members[g][0], rv = built[g][0];
    const total = Math.floor((d.primitive.indices ? d.primitive.indices.length : rv.count) / 3);
    const stored = extraTyped(d.primitive.extras, 'triangleIndices', Uint16Array, total);
    if (!stored || rv.triangleSource.length !== total) return undefined;
    for (let i = 0; i < total; i++, at++) {
      const to = stored[i];
      if (to >= n || seen[to]) return undefined;
      seen[to] = 1;
      target[at] = to;
    }
  }
  if (at !== n) return undefined;
  let identity = true;
  for (let i = 0; i < n && identity; i++) identity = target[i] === i;
  return identity ? undefined : target;
}

/**
 * Groups with no triangles (MilkShape keeps them; the reader puts them in `mesh.extras.emptyGroups`,
 * or `scene.extras.emptyGroups` when no group has triangles) go back to their stored place.
 */
export function restoreEmptyGroups(mesh: BuiltMesh, scene: Scene, drawn: DrawnPrimitive[]): void {
  const lists = [...new Set(drawn.map((d) => d.mesh))].map((m) => scene.meshes[m].extras?.emptyGroups);
  if (!drawn.length) lists.push(scene.extras.emptyGroups);
  const empty = lists
    .flatMap((list) => (Array.isArray(list) ? (list as Extras[]) : []))
    .map((extras) => ({ extras, at: extraInt(extras, 'groupIndex', 0, 0xffff) }))
    .filter((e): e is { extras: Extras; at: number } => e.at !== undefined)
    .sort((a, b) => a.at - b.at);
  for (const { extras, at } of empty) {
    const index = Math.min(at, mesh.groups.length);
    const material = extraInt(extras, 'materialIndex', -1, 0x7f);
    const group: BuiltGroup = {
      name: extraString(extras, 'name') ?? '',
      flags: extraInt(extras, 'flags', 0, 255) ?? 0,
      // The reader keeps the file's materials at their indices.
      material: material !== undefined && material >= 0 ? material : undefined,
      triangles: new Uint16Array(0),
    };
    const comment = extraString(extras, 'comment');
    if (comment !== undefined) group.comment = comment;
    mesh.groups.splice(index, 0, group);
    for (const part of mesh.parts) if (part.group >= index) part.group++;
  }
}
