// For a scene read from MS3D, the stored order of vertices, triangles and groups is known
// (`primitive.extras.sourceVertices`, `triangleIndices`, `groupIndex`); writing in that order makes
// a re-written file match the original section by section. Scenes from elsewhere keep first-use order.
import type { Extras, Scene } from '@relic3d/core';
import type { DrawnPrimitive } from './drawn.js';
import { extraInt, extraString, extraTyped } from './extras.js';
import type { BuiltGroup, BuiltMesh } from './mesh.js';
import type { RenderVertices } from './vertices.js';

/** Sorts file vertices by the stored vertex they came from (stable), when every primitive says. */
export function restoreVertexOrder(mesh: BuiltMesh, allSourced: boolean): void {
  const n = mesh.vertexCount;
  if (!allSourced || n < 2) return;
  let sorted = true;
  for (let v = 1; v < n && sorted; v++) sorted = mesh.sources[v - 1] <= mesh.sources[v];
  if (sorted) return;
  const order = stableOrder(mesh.sources);
  const rank = new Uint32Array(n);
  for (let i = 0; i < n; i++) rank[order[i]] = i;
  // Positions move as their bits (one element type for every array: the loops stay monomorphic).
  mesh.positions = new Float32Array(gather(new Int32Array(mesh.positions.buffer, mesh.positions.byteOffset, n * 3), order, 3).buffer);
  mesh.sources = gather(mesh.sources, order, 1);
  mesh.boneIds = gatherBytes(mesh.boneIds, order, 1);
  mesh.extraIds = gatherBytes(mesh.extraIds, order, 3);
  mesh.extraWeights = gatherBytes(mesh.extraWeights, order, 3);
  for (let i = 0; i < mesh.vertexIndices.length; i++) mesh.vertexIndices[i] = rank[mesh.vertexIndices[i]];
}

/** Rows of `size` values of `a` in `order`. */
function gather(a: Int32Array, order: Uint32Array, size: number): Int32Array {
  const out = new Int32Array(order.length * size);
  for (let i = 0; i < order.length; i++) for (let c = 0; c < size; c++) out[i * size + c] = a[order[i] * size + c];
  return out;
}

/** `gather` for byte arrays (signed ones keep their type). */
function gatherBytes<T extends Int8Array | Uint8Array>(a: T, order: Uint32Array, size: number): T {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, order.length * size);
  const out = new Uint8Array(order.length * size);
  for (let i = 0; i < order.length; i++) for (let c = 0; c < size; c++) out[i * size + c] = bytes[order[i] * size + c];
  return (a instanceof Int8Array ? new Int8Array(out.buffer) : out) as T;
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
 * Puts each triangle back at its stored index when every group is one primitive whose
 * `triangleIndices` covers all its triangles and together they number 0..n−1 exactly.
 */
export function restoreTriangleOrder(mesh: BuiltMesh, members: DrawnPrimitive[][], built: RenderVertices[][]): void {
  const n = mesh.triangleCount;
  const target = new Uint32Array(n);
  const seen = new Uint8Array(n);
  let at = 0;
  for (let g = 0; g < members.length; g++) {
    if (members[g].length !== 1) return;
    const d = members[g][0], rv = built[g][0];
    const total = Math.floor((d.primitive.indices ? d.primitive.indices.length : rv.count) / 3);
    const stored = extraTyped(d.primitive.extras, 'triangleIndices', Uint16Array, total);
    if (!stored || rv.triangleSource.length !== total) return;
    for (let i = 0; i < total; i++, at++) {
      const to = stored[i];
      if (to >= n || seen[to]) return;
      seen[to] = 1;
      target[at] = to;
    }
  }
  if (at !== n || target.every((v, i) => v === i)) return;
  const permute = <T extends Float32Array | Uint16Array | Uint8Array>(a: T, size: number): T => {
    const out = a.slice() as T;
    for (let i = 0; i < n; i++) for (let c = 0; c < size; c++) out[target[i] * size + c] = a[i * size + c];
    return out;
  };
  mesh.triangleFlags = permute(mesh.triangleFlags, 1);
  mesh.vertexIndices = permute(mesh.vertexIndices, 3);
  mesh.normals = permute(mesh.normals, 9);
  mesh.s = permute(mesh.s, 3);
  mesh.t = permute(mesh.t, 3);
  mesh.smoothingGroups = permute(mesh.smoothingGroups, 1);
  mesh.groupIndices = permute(mesh.groupIndices, 1);
  for (const group of mesh.groups) group.triangles = group.triangles.map((i) => target[i]);
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
    for (let t = 0; t < mesh.groupIndices.length; t++) if (mesh.groupIndices[t] >= index) mesh.groupIndices[t]++;
  }
}
