// Groups, vertices and triangles (docs/formats/ms3d.md §2.2-2.4, §4.1). A file vertex is a
// position and its influences; normals and UVs live in the triangle corners. Render vertices are
// welded into file vertices the way MilkShape shares them, but never two render vertices of one
// group with the same normal and UV: the reader splits a group's corners by (vertex, normal, UV),
// so every primitive reads back with exactly its vertex count.
import { keepMapAlive, type Scene, type WarningSink } from '@relic3d/core';
import type { DrawnPrimitive } from './drawn.js';
import { extraInt, extraString, extraTyped, readByMs3d } from './extras.js';
import { checkLimit } from './limits.js';
import { restoreEmptyGroups, restoreTriangleOrder, restoreVertexOrder } from './order.js';
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

export interface BuiltMesh {
  vertexCount: number;
  positions: Float32Array;
  /** File vertex the scene says each written vertex was (MS3D sources), else −1. */
  sources: Int32Array;
  boneIds: Int8Array;
  extraIds: Int8Array;
  extraWeights: Uint8Array;
  referenceCounts: Uint8Array;
  triangleCount: number;
  triangleFlags: Uint16Array;
  vertexIndices: Uint16Array;
  normals: Float32Array;
  s: Float32Array;
  t: Float32Array;
  smoothingGroups: Uint8Array;
  groupIndices: Uint8Array;
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
  const triangleCount = built.flat().reduce((n, rv) => n + rv.triangles.length / 3, 0);
  checkLimit('triangles', triangleCount, 65534);
  const welder = new VertexWelder(built.flat().reduce((n, rv) => n + rv.count, 0));
  const stats = { unused: 0 };

  const triangleFlags = new Uint16Array(triangleCount);
  const vertexIndices = new Uint16Array(triangleCount * 3);
  const normals = new Float32Array(triangleCount * 9);
  const s = new Float32Array(triangleCount * 3);
  const t = new Float32Array(triangleCount * 3);
  const smoothingGroups = new Uint8Array(triangleCount).fill(1);
  const groupIndices = new Uint8Array(triangleCount);
  const groups: BuiltGroup[] = [];
  let tri = 0;

  members.forEach((list, g) => {
    const first = list[0];
    const comment = extraString(first.primitive.extras, 'comment');
    const group: BuiltGroup = { name: groupName(scene, first), flags: (readByMs3d(first.primitive.extras, 'groupIndex') && extraInt(first.primitive.extras, 'flags', 0, 255)) || 0, material: first.primitive.material, triangles: new Uint16Array(0) };
    if (comment !== undefined) group.comment = comment;
    const start = tri;
    for (let m = 0; m < list.length; m++) {
      const rv = built[g][m];
      const fileIndex = weldPrimitive(welder, rv, g, stats);
      if (welder.count > 65534) break;
      const { extras: stored, indices } = list[m].primitive;
      const total = Math.floor((indices ? indices.length : rv.count) / 3);
      const smoothing = extraTyped(stored, 'smoothingGroups', Uint8Array, total);
      const flags = extraTyped(stored, 'triangleFlags', Uint16Array, total);
      tri = copyTriangles(rv, fileIndex, g, tri, { triangleFlags, vertexIndices, normals, s, t, smoothingGroups, groupIndices }, smoothing, flags);
    }
    group.triangles = new Uint16Array(tri - start);
    for (let i = 0; i < group.triangles.length; i++) group.triangles[i] = start + i;
    groups.push(group);
  });
  checkLimit('vertices', welder.count, 65534);
  if (stats.unused) sink.warn('MS3D_WRITE_UNUSED_VERTICES', `${stats.unused} vertices no triangle uses are not written`);

  // One literal, no spread: its map outlives a full GC (a spread's does not, and every function
  // reading the mesh is deoptimised and compiled again after one).
  const vertices = fileVertices(welder);
  const mesh: BuiltMesh = {
    vertexCount: vertices.vertexCount,
    positions: vertices.positions,
    sources: vertices.sources,
    boneIds: vertices.boneIds,
    extraIds: vertices.extraIds,
    extraWeights: vertices.extraWeights,
    referenceCounts: vertices.referenceCounts,
    triangleCount,
    triangleFlags,
    vertexIndices,
    normals,
    s,
    t,
    smoothingGroups,
    groupIndices,
    groups,
  };
  restoreVertexOrder(mesh, built.every((list) => list.every((rv) => rv.sourceVertices)));
  restoreTriangleOrder(mesh, members, built);
  restoreEmptyGroups(mesh, scene, drawn);
  checkLimit('groups', mesh.groups.length, 255);
  for (let i = 0; i < mesh.vertexIndices.length; i++) {
    const v = mesh.vertexIndices[i];
    if (mesh.referenceCounts[v] < 255) mesh.referenceCounts[v]++;
  }
  return mesh;
}

const key = new Int32Array(WELD_KEY);
const corner = new Int32Array(WELD_CORNER);

/** The file vertex of each referenced render vertex of one primitive (−1: unused, counted). */
function weldPrimitive(welder: VertexWelder, rv: RenderVertices, group: number, stats: { unused: number }): Int32Array {
  const n = rv.count;
  const fileIndex = new Int32Array(n).fill(-1);
  const position = bitsOf(rv.positions), normal = bitsOf(rv.normals), uv = bitsOf(rv.uvs);
  const ids = rv.extraIds, weights = rv.extraWeights, boneIds = rv.boneIds, referenced = rv.referenced, sources = rv.sourceVertices;
  corner[0] = group;
  for (let v = 0; v < n; v++) {
    if (!referenced[v]) {
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

type TriangleArrays = Pick<BuiltMesh, 'triangleFlags' | 'vertexIndices' | 'normals' | 's' | 't' | 'smoothingGroups' | 'groupIndices'>;

/** Writes one primitive's triangles from `tri` on (corner normals and UVs from its render vertices); returns the next. */
function copyTriangles(rv: RenderVertices, fileIndex: Int32Array, group: number, tri: number, out: TriangleArrays, smoothing?: Uint8Array, flags?: Uint16Array): number {
  const { triangles, triangleSource, normals: rn, uvs } = rv;
  const { vertexIndices, normals, s, t, smoothingGroups, triangleFlags, groupIndices } = out;
  for (let i = 0; i < triangleSource.length; i++, tri++) {
    for (let k = 0; k < 3; k++) {
      const v = triangles[i * 3 + k];
      const c = tri * 3 + k;
      vertexIndices[c] = fileIndex[v];
      normals[c * 3] = rn[v * 3];
      normals[c * 3 + 1] = rn[v * 3 + 1];
      normals[c * 3 + 2] = rn[v * 3 + 2];
      s[c] = uvs[v * 2];
      t[c] = uvs[v * 2 + 1];
    }
    const from = triangleSource[i];
    if (smoothing) smoothingGroups[tri] = smoothing[from];
    if (flags) triangleFlags[tri] = flags[from];
    groupIndices[tri] = group;
  }
  return tri;
}

/** The welded vertices' fields, unpacked from their keys. */
function fileVertices(welder: VertexWelder) {
  const n = welder.count;
  const keys = welder.keys;
  const positionBits = new Int32Array(n * 3);
  const sources = new Int32Array(n);
  const boneIds = new Int8Array(n);
  const extraIds = new Int8Array(n * 3);
  const extraWeights = new Uint8Array(n * 3);
  for (let f = 0; f < n; f++) {
    const o = f * WELD_KEY;
    sources[f] = keys[o];
    positionBits[f * 3] = keys[o + 1];
    positionBits[f * 3 + 1] = keys[o + 2];
    positionBits[f * 3 + 2] = keys[o + 3];
    const ids = keys[o + 4], weights = keys[o + 5];
    boneIds[f] = (ids << 24) >> 24;
    extraIds[f * 3] = (ids << 16) >> 24;
    extraIds[f * 3 + 1] = (ids << 8) >> 24;
    extraIds[f * 3 + 2] = ids >> 24;
    extraWeights[f * 3] = weights & 0xff;
    extraWeights[f * 3 + 1] = (weights >> 8) & 0xff;
    extraWeights[f * 3 + 2] = (weights >> 16) & 0xff;
  }
  return { vertexCount: n, positions: new Float32Array(positionBits.buffer), sources, boneIds, extraIds, extraWeights, referenceCounts: new Uint8Array(n) };
}

// One mesh, group and triangle-arrays record kept, fields in the order above: a literal's map is held by
// no literal, and restoreVertexOrder, restoreTriangleOrder, copyTriangles and serialize were compiled
// again after every full GC that took a write's records (output.ts).
keepMapAlive({
  vertexCount: 0,
  positions: new Float32Array(0),
  sources: new Int32Array(0),
  boneIds: new Int8Array(0),
  extraIds: new Int8Array(0),
  extraWeights: new Uint8Array(0),
  referenceCounts: new Uint8Array(0),
  triangleCount: 0,
  triangleFlags: new Uint16Array(0),
  vertexIndices: new Uint16Array(0),
  normals: new Float32Array(0),
  s: new Float32Array(0),
  t: new Float32Array(0),
  smoothingGroups: new Uint8Array(0),
  groupIndices: new Uint8Array(0),
  groups: [{ name: '', flags: 0, material: undefined, triangles: new Uint16Array(0) }],
} satisfies BuiltMesh);
keepMapAlive({ triangleFlags: new Uint16Array(0), vertexIndices: new Uint16Array(0), normals: new Float32Array(0), s: new Float32Array(0), t: new Float32Array(0), smoothingGroups: new Uint8Array(0), groupIndices: new Uint8Array(0) } satisfies TriangleArrays);
