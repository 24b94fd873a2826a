// Groups, vertices and triangles (docs/formats/ms3d.md §2.2-2.4, §4.1). A file vertex is a
// position and its influences; normals and UVs live in the triangle corners. Render vertices are
// welded into file vertices the way MilkShape shares them, but never two render vertices of one
// group with the same normal and UV: the reader splits a group's corners by (vertex, normal, UV),
// so every primitive reads back with exactly its vertex count.
import { keepMapAlive, type Scene, type WarningSink } from '@relic3d/core';
import type { DrawnPrimitive } from './drawn.js';
import { extraInt, extraString, extraTyped, readByMs3d } from './extras.js';
import { checkLimit } from './limits.js';
import { restoreEmptyGroups, triangleOrder, vertexRank } from './order.js';
import { VertexWelder, WELD_CORNER, WELD_KEY } from './weld.js';
import type { JointPlan } from './joints.js';
import { newVertexStats, VertexBuilder, warnVertexStats, type RenderVertices } from './vertices.js';

export interface BuiltGroup {
  name: string;
  flags: number;
  /** Scene material, or undefined (MS3D material −1). */
  material: number | undefined;
  comment?: string;
  triangles: Uint16Array;
}

/**
 * One drawn primitive's triangles as the file holds them: serialize writes their records straight
 * from the render vertices (no per-corner arrays made, permuted and read again).
 */
export interface TrianglePart {
  rv: RenderVertices;
  /** The file vertex (its final number) of each render vertex; −1: unused. */
  fileIndex: Int32Array;
  /** Index of the part's group in `BuiltMesh.groups`. */
  group: number;
  /** Stored smoothing groups and triangle flags by the primitive's own triangle index (scenes read from MS3D). */
  smoothing: Uint8Array | undefined;
  flags: Uint16Array | undefined;
  /** The part's first triangle in build order. */
  first: number;
}

export interface BuiltMesh {
  vertexCount: number;
  /**
   * The welded vertices' keys (weld.ts WELD_KEY int32 each: the stored vertex or −1, the position's
   * float bits, the packed ids and weights), read by serialize in file order: no arrays unpacked.
   */
  keys: Int32Array;
  /** The welded vertex at each file slot (the stored order); undefined: weld order. */
  order: Int32Array | undefined;
  referenceCounts: Uint8Array;
  triangleCount: number;
  parts: TrianglePart[];
  /** Where each triangle (in build order) goes in the file: its stored index; undefined: build order. */
  triangleSlots: Uint32Array | undefined;
  groups: BuiltGroup[];
}

/** One group per drawn primitive; past 255 groups, primitives sharing a material share a group. */
function assignGroups(drawn: DrawnPrimitive[], sink: WarningSink): DrawnPrimitive[][] {
  if (drawn.length <= 255) return drawn.map((d) => [d]);
  const byMaterial = new Map<number | undefined, DrawnPrimitive[]>();
  for (const d of drawn) {
    const list = byMaterial.get(d.primitive.material);
    if (list) list.push(d);
    else byMaterial.set(d.primitive.material, [d]);
  }
  sink.warn('MS3D_WRITE_GROUPS_MERGED', `${drawn.length} primitives exceed MilkShape's 255 groups; primitives sharing a material were merged into ${byMaterial.size} groups`);
  checkLimit('groups', byMaterial.size, 255);
  return [...byMaterial.values()];
}

function groupName(scene: Scene, d: DrawnPrimitive): string {
  const stored = extraString(d.primitive.extras, 'name');
  if (stored !== undefined) return stored;
  const node = scene.nodes[d.node];
  const base = node.name || scene.meshes[d.mesh].name || `group${d.node}`;
  return scene.meshes[d.mesh].primitives.length > 1 ? `${base}.${d.index}` : base;
}

const bitsOf = (a: Float32Array) => new Int32Array(a.buffer, a.byteOffset, a.length);

export function buildMesh(scene: Scene, drawn: DrawnPrimitive[], world: Float64Array, joints: JointPlan, sink: WarningSink): BuiltMesh {
  const members = assignGroups(drawn, sink);
  const builder = new VertexBuilder(scene, world, joints, newVertexStats());
  const built: RenderVertices[][] = members.map((list) => list.map((d) => builder.build(d)));
  warnVertexStats(builder.stats, sink);
  let triangleCount = 0, renderVertices = 0;
  for (const list of built) for (const rv of list) (triangleCount += rv.triangleSource.length), (renderVertices += rv.count);
  checkLimit('triangles', triangleCount, 65534);
  const welder = new VertexWelder(renderVertices);
  const stats = { unused: 0 };
  const groups: BuiltGroup[] = [];
  const parts: TrianglePart[] = [];
  let tri = 0;
  for (let g = 0; g < members.length; g++) {
    const list = members[g];
    const start = tri;
    for (let m = 0; m < list.length; m++) {
      const rv = built[g][m];
      const fileIndex = weldPrimitive(welder, rv, g, stats);
      if (welder.count > 65534) break;
      const { extras: stored, indices } = list[m].primitive;
      const total = Math.floor((indices ? indices.length : rv.count) / 3);
      parts.push(trianglePart(rv, fileIndex, g, extraTyped(stored, 'smoothingGroups', Uint8Array, total), extraTyped(stored, 'triangleFlags', Uint16Array, total), tri));
      tri += rv.triangleSource.length;
    }
    groups.push(builtGroup(scene, list[0], start, tri));
  }
  checkLimit('vertices', welder.count, 65534);
  if (stats.unused) sink.warn('MS3D_WRITE_UNUSED_VERTICES', `${stats.unused} vertices no triangle uses are not written`);

  const rank = vertexRank(welder, built.every((list) => list.every((rv) => rv.sourceVertices)));
  const referenceCounts = new Uint8Array(welder.count);
  for (const part of parts) renumber(part, rank, referenceCounts);
  const triangleSlots = triangleOrder(members, built, triangleCount);
  if (triangleSlots) for (const group of groups) toSlots(group.triangles, triangleSlots);
  // One literal, no spread: its map outlives a full GC (a spread's does not, and every function
  // reading the mesh is deoptimised and compiled again after one).
  const mesh: BuiltMesh = {
    vertexCount: welder.count,
    keys: welder.keys,
    order: rank && slotOrder(rank),
    referenceCounts,
    triangleCount,
    parts,
    triangleSlots,
    groups,
  };
  restoreEmptyGroups(mesh, scene, drawn);
  checkLimit('groups', mesh.groups.length, 255);
  return mesh;
}

function trianglePart(rv: RenderVertices, fileIndex: Int32Array, group: number, smoothing: Uint8Array | undefined, flags: Uint16Array | undefined, first: number): TrianglePart {
  return { rv, fileIndex, group, smoothing, flags, first };
}

function builtGroup(scene: Scene, first: DrawnPrimitive, start: number, end: number): BuiltGroup {
  const extras = first.primitive.extras;
  const triangles = new Uint16Array(end - start);
  for (let i = 0; i < triangles.length; i++) triangles[i] = start + i;
  const group: BuiltGroup = { name: groupName(scene, first), flags: (readByMs3d(extras, 'groupIndex') && extraInt(extras, 'flags', 0, 255)) || 0, material: first.primitive.material, triangles };
  const comment = extraString(extras, 'comment');
  if (comment !== undefined) group.comment = comment;
  return group;
}

/**
 * A part's file vertices renumbered by `rank` (the stored order), and the corners using each file
 * vertex added to its reference count (255 at most, as MilkShape's u8).
 */
function renumber(part: TrianglePart, rank: Int32Array | undefined, referenceCounts: Uint8Array): void {
  const { fileIndex } = part;
  const uses = part.rv.uses;
  for (let v = 0; v < fileIndex.length; v++) {
    const f = fileIndex[v];
    if (f < 0) continue;
    const to = rank ? rank[f] : f;
    fileIndex[v] = to;
    const count = referenceCounts[to] + uses[v];
    referenceCounts[to] = count < 255 ? count : 255;
  }
}

const key = new Int32Array(WELD_KEY);
const corner = new Int32Array(WELD_CORNER);

/** The file vertex of each referenced render vertex of one primitive (−1: unused, counted). */
function weldPrimitive(welder: VertexWelder, rv: RenderVertices, group: number, stats: { unused: number }): Int32Array {
  const n = rv.count;
  const fileIndex = new Int32Array(n).fill(-1);
  const position = bitsOf(rv.positions), normal = bitsOf(rv.normals), uv = bitsOf(rv.uvs);
  const ids = rv.extraIds, weights = rv.extraWeights, boneIds = rv.boneIds, uses = rv.uses, sources = rv.sourceVertices;
  corner[0] = group;
  for (let v = 0; v < n; v++) {
    if (!uses[v]) {
      stats.unused++;
      continue;
    }
    key[0] = sources ? sources[v] : -1;
    key[1] = position[v * 3];
    key[2] = position[v * 3 + 1];
    key[3] = position[v * 3 + 2];
    key[4] = (boneIds[v] & 0xff) | ((ids[v * 3] & 0xff) << 8) | ((ids[v * 3 + 1] & 0xff) << 16) | ((ids[v * 3 + 2] & 0xff) << 24);
    key[5] = weights[v * 3] | (weights[v * 3 + 1] << 8) | (weights[v * 3 + 2] << 16);
    corner[1] = normal[v * 3];
    corner[2] = normal[v * 3 + 1];
    corner[3] = normal[v * 3 + 2];
    corner[4] = uv[v * 2];
    corner[5] = uv[v * 2 + 1];
    fileIndex[v] = welder.weld(key, corner);
  }
  return fileIndex;
}

/** A group's triangles (build order) replaced by their slots, in place: a loop, not TypedArray.map's callback per triangle. */
function toSlots(triangles: Uint16Array, slots: Uint32Array): void {
  for (let i = 0; i < triangles.length; i++) triangles[i] = slots[triangles[i]];
}

/** The welded vertex at each slot of `rank`. */
function slotOrder(rank: Int32Array): Int32Array {
  const order = new Int32Array(rank.length);
  for (let f = 0; f < rank.length; f++) order[rank[f]] = f;
  return order;
}

// One mesh, part and group record kept, fields in the order above: a literal's map is held by no
// literal, and the code reading them (serialize's triangle records, renumber) was compiled again
// after every full GC that took a write's records (output.ts).
keepMapAlive({
  vertexCount: 0,
  keys: new Int32Array(0),
  order: new Int32Array(0),
  referenceCounts: new Uint8Array(0),
  triangleCount: 0,
  parts: [trianglePart({} as RenderVertices, new Int32Array(0), 0, undefined, undefined, 0)],
  triangleSlots: undefined,
  groups: [{ name: '', flags: 0, material: undefined, triangles: new Uint16Array(0) }],
} satisfies BuiltMesh);
