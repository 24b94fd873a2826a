/**
 * Smoothing groups that rebuild the written normals, for readers that make normals from
 * `*MESH_SMOOTHING` (assimp does by default, Max itself does): faces that meet at a place with the
 * same normal share a group, faces that meet at a crease get different groups. Places are compared
 * by written position, since every scene vertex is a `*MESH_VERTEX` of its own.
 */

/** Same place: positions equal once written with `decimals` digits. An open-addressing table. */
function placeIds(positions: Float64Array, decimals: number): Int32Array {
  const n = positions.length / 3;
  const scale = 10 ** decimals;
  const q = new Float64Array(positions.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round(positions[i] * scale);
  let size = 16;
  while (size < n * 2) size *= 2;
  const table = new Int32Array(size).fill(-1);
  const ids = new Int32Array(n);
  let next = 0;
  const firstOf = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const x = q[v * 3], y = q[v * 3 + 1], z = q[v * 3 + 2];
    let h = (Math.imul(x | 0, 73856093) ^ Math.imul(y | 0, 19349663) ^ Math.imul(z | 0, 83492791)) & (size - 1);
    for (;;) {
      const slot = table[h];
      if (slot < 0) {
        table[h] = next;
        firstOf[next] = v;
        ids[v] = next++;
        break;
      }
      const u = firstOf[slot];
      if (q[u * 3] === x && q[u * 3 + 1] === y && q[u * 3 + 2] === z) {
        ids[v] = slot;
        break;
      }
      h = (h + 1) & (size - 1);
    }
  }
  return ids;
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

// Functions of their own, not closures made per call (each was a new call target per write, issue 25).

/** Corners `a` and `b` have the same normal (within 1e-3 per axis). */
function sameNormal(normals: Float32Array, a: number, b: number): boolean {
  return Math.abs(normals[a * 3] - normals[b * 3]) < 1e-3 && Math.abs(normals[a * 3 + 1] - normals[b * 3 + 1]) < 1e-3 && Math.abs(normals[a * 3 + 2] - normals[b * 3 + 2]) < 1e-3;
}

/**
 * The corners `corners[from..to)` of a place in classes of equal normals: the first corner of each
 * class stands for it. Pairwise for the usual few corners; by a key for crowded places (degenerate
 * meshes), which are then only chained, so the work stays linear.
 */
function classesOf(normals: Float32Array, corners: Int32Array, from: number, to: number): number[][] {
  const out: number[][] = [];
  if (to - from <= 32) {
    for (let i = from; i < to; i++) {
      const c = corners[i];
      let k: number[] | undefined;
      for (const cls of out) {
        if (sameNormal(normals, cls[0], c)) {
          k = cls;
          break;
        }
      }
      if (k) k.push(c);
      else out.push([c]);
    }
    return out;
  }
  const byKey = new Map<string, number[]>();
  for (let i = from; i < to; i++) {
    const c = corners[i];
    const key = `${Math.round(normals[c * 3] * 1e3)},${Math.round(normals[c * 3 + 1] * 1e3)},${Math.round(normals[c * 3 + 2] * 1e3)}`;
    const k = byKey.get(key);
    if (k) k.push(c);
    else byKey.set(key, [c]);
  }
  return [...byKey.values()];
}

/** Components `a` and `b` meet at a crease: they must not share a group. */
function conflict(conflicts: Map<number, Set<number>>, a: number, b: number): void {
  if (a === b) return;
  let s = conflicts.get(a);
  if (!s) conflicts.set(a, (s = new Set()));
  s.add(b);
  let t = conflicts.get(b);
  if (!t) conflicts.set(b, (t = new Set()));
  t.add(a);
}

/** Group number (1..32) of every face. `normals`: object-space normal per corner (9 per face). */
export function smoothingGroups(positions: Float64Array, faces: Uint32Array, faceCount: number, normals: Float32Array, decimals: number): Uint8Array {
  const place = placeIds(positions, decimals);
  let places = 0;
  for (let v = 0; v < place.length; v++) places = Math.max(places, place[v] + 1);
  // Corners by place (CSR).
  const start = new Int32Array(places + 1);
  for (let c = 0; c < faceCount * 3; c++) start[place[faces[c]] + 1]++;
  for (let p = 0; p < places; p++) start[p + 1] += start[p];
  const fill = start.slice(0, places);
  const corners = new Int32Array(faceCount * 3);
  for (let c = 0; c < faceCount * 3; c++) corners[fill[place[faces[c]]]++] = c;
  // Faces smooth across a place share a component; components that meet at a crease must not share a group.
  const parent = new Int32Array(faceCount);
  for (let f = 0; f < faceCount; f++) parent[f] = f;
  const placeClasses: number[][][] = [];
  for (let p = 0; p < places; p++) {
    // Usually every corner of a place has the same normal: one class, no arrays.
    const first = corners[start[p]];
    let uniform = true;
    for (let i = start[p] + 1; i < start[p + 1] && uniform; i++) uniform = sameNormal(normals, first, corners[i]);
    if (uniform) {
      const b = find(parent, (first / 3) | 0);
      for (let i = start[p] + 1; i < start[p + 1]; i++) {
        const a = find(parent, (corners[i] / 3) | 0);
        if (a !== b) parent[a] = b;
      }
      continue;
    }
    const cls = classesOf(normals, corners, start[p], start[p + 1]);
    placeClasses.push(cls);
    for (const k of cls) {
      const b = find(parent, (k[0] / 3) | 0);
      for (let i = 1; i < k.length; i++) {
        const a = find(parent, (k[i] / 3) | 0);
        if (a !== b) parent[a] = b;
      }
    }
  }
  const conflicts = new Map<number, Set<number>>();
  for (const cls of placeClasses) {
    if (cls.length < 2) continue;
    const roots: number[] = [];
    for (const k of cls) roots.push(find(parent, (k[0] / 3) | 0));
    if (roots.length <= 32) for (let i = 0; i < roots.length; i++) for (let j = 0; j < i; j++) conflict(conflicts, roots[i], roots[j]);
    else for (let i = 1; i < roots.length; i++) conflict(conflicts, roots[i], roots[i - 1]);
  }
  // Greedy colouring in face order: the lowest group no neighbour has (32 at most; then a shared one).
  const color = new Int8Array(faceCount).fill(-1);
  const out = new Uint8Array(faceCount);
  for (let f = 0; f < faceCount; f++) {
    const root = find(parent, f);
    if (color[root] < 0) {
      let taken = 0;
      for (const n of conflicts.get(root) ?? []) if (color[n] >= 0) taken |= 1 << color[n];
      let g = 0;
      while (g < 32 && taken & (1 << g)) g++;
      color[root] = g < 32 ? g : root % 32;
    }
    out[f] = color[root] + 1;
  }
  return out;
}
