// Welds a node's primitives into one MSH1: shared position, normal and UV arrays with per-attribute index lists (docs/formats/lod.md §5).
import { unweld, unweldByVertex, type UnweldResult } from '@relic3d/kernels';
import { PARTITION_MIN_ROWS, distinctRows, repeatsOften, word } from './distinct-rows.js';
import { cleanFloats, type GatheredPrimitive } from './geometry.js';

/** `length` indices that are all 0 (a list of one row, as a flat mesh's normal): written with no array made. */
export interface ZeroIndices {
  readonly length: number;
  readonly allZero: true;
}

/** A face group's indices into one list. */
export type IndexList = Uint32Array | ZeroIndices;

export interface FileFaceGroup {
  name: string;
  visible: boolean;
  faceType: 1 | 2;
  /** One name per UV set (mode 3) or one (mode 2). */
  materialNames: string[];
  position: IndexList;
  normal: IndexList;
  uv: IndexList[];
}

/** Bone data of a mesh: one bone per position (PntBnAssoc) or weighted runs (weight type 1). */
export type FileSkin =
  | { kind: 'assoc'; bones: Uint16Array }
  | { kind: 'weights'; bonesPerVertex: number; start: Uint32Array; bones: Uint16Array; weights: Float32Array };

export interface FileMesh {
  name: string;
  visible: boolean;
  isSkeletonExists: boolean;
  mode: 2 | 3;
  positions: Float32Array;
  normals: Float32Array;
  uvSets: Float32Array[];
  skin?: FileSkin;
  groups: FileFaceGroup[];
  /** Morph frames: absolute positions per target, target-major (MMD1). */
  morphFrames?: Float32Array;
  morphTargets: number;
  /** Vertices no triangle uses: not written (the reader un-welds only what triangles use). */
  unusedVertices: number;
  /** `positions` and `normals` are the scene's finite rows (−0 possible), written cleaned and on this axis (scene-space.ts). */
  fromScene?: 'y' | 'z';
}

export interface WeldOptions {
  name: string;
  visible: boolean;
  isSkeletonExists: boolean;
  mode: 2 | 3;
  /** Normals are written (else the reader and GLScene generate them). */
  normals: boolean;
  uvSets: number;
  /** Weights vary per vertex (a skinned mesh), so they take part in the position weld. */
  skinned: boolean;
  /**
   * Normals are not written but generated smooth per position by the reader: positions the source
   * kept apart (same place, different normal) stay apart, so the same normals come back.
   */
  keepSmoothingSplits: boolean;
  /** Face group name, visibility, type and material names per primitive. */
  groups: Omit<FileFaceGroup, 'position' | 'normal' | 'uv'>[];
}

/** Area-weighted smooth normals for a primitive that has none, when others of its mesh do. */
function smoothNormals(g: GatheredPrimitive): Float32Array {
  const p = g.positions;
  const n = new Float32Array(p.length);
  for (let c = 0; c < g.indices.length; c += 3) {
    const [a, b, d] = [g.indices[c] * 3, g.indices[c + 1] * 3, g.indices[c + 2] * 3];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[d] - p[a], vy = p[d + 1] - p[a + 1], vz = p[d + 2] - p[a + 2];
    const x = uy * vz - uz * vy, y = uz * vx - ux * vz, z = ux * vy - uy * vx;
    for (const i of [a, b, d]) (n[i] += x), (n[i + 1] += y), (n[i + 2] += z);
  }
  for (let i = 0; i < n.length; i += 3) {
    const l = Math.hypot(n[i], n[i + 1], n[i + 2]);
    if (l > 0) (n[i] /= l), (n[i + 1] /= l), (n[i + 2] /= l);
  }
  cleanFloats(n);
  return n;
}

/**
 * `count` rows of `width` words: each part's rows, zero rows where a primitive has none. A single
 * part is used as it is (gathered arrays are the writer's own, already cleaned: no −0, no NaN).
 */
function concat(parts: (Float32Array | undefined)[], counts: number[], width: number): Float32Array {
  const total = counts.reduce((s, c) => s + c, 0);
  const single = parts.length === 1 && parts[0]?.length === total * width;
  const out = single ? parts[0]! : new Float32Array(total * width);
  let at = 0;
  if (!single) {
    parts.forEach((part, i) => {
      if (part) out.set(part.subarray(0, counts[i] * width), at * width);
      at += counts[i];
    });
  }
  return out;
}

/** A welded list: its distinct rows, and each input row's index among them (and the reverse). */
interface Welded {
  unique: Float32Array;
  index: Uint32Array;
  first: Uint32Array;
  /** Every row was distinct and nothing was appended: index[v] = v. */
  identity: boolean;
}

/** Whether every row of `keys` has the first row's words, −0 as 0 (stops at the first that differs). */
function allLikeFirst(keys: Uint32Array, width: number, rows: number): boolean {
  for (let at = width, n = rows * width; at < n; at += width) for (let k = 0; k < width; k++) if (word(keys[at + k]) !== word(keys[k])) return false;
  return true;
}

/** `keys` with the bits of −0 as those of 0 for the kernels' unweld, which compares bits (a copy only when one is there). */
function withoutNegativeZero(keys: Uint32Array): Uint32Array {
  const from = keys.indexOf(0x80000000);
  if (from < 0) return keys;
  const out = keys.slice();
  for (let i = from; i < out.length; i++) if (out[i] === 0x80000000) out[i] = 0;
  return out;
}

/** Each row's number among the distinct rows (by first use, −0 as 0): partitioned for large lists that seldom repeat a row, else unweld. */
export function numberRows(keys: Uint32Array, width: number, rows: number): UnweldResult {
  const d = rows >= PARTITION_MIN_ROWS && !repeatsOften(keys, width, rows) ? distinctRows(keys, width, rows) : undefined;
  if (d) return { indices: d.index, firstCorner: d.first, vertexCount: d.count };
  return rows ? unweld(withoutNegativeZero(keys), width, rows) : { indices: new Uint32Array(0), firstCorner: new Uint32Array(0), vertexCount: 0 };
}

/** Unique rows of `values` (width floats each), compared by `keys` when given (rows of `keyWidth` words: the values' bits, then more): the distinct rows and each input row's index among them. */
function weldRows(values: Float32Array, width: number, withKeys?: { keys: Uint32Array; width: number }): Welded {
  const rows = values.length / width;
  const keys = withKeys?.keys ?? new Uint32Array(values.buffer, values.byteOffset, values.length);
  const keyWidth = withKeys?.width ?? width;
  if (rows > 1 && allLikeFirst(keys, keyWidth, rows)) {
    // One distinct row (a flat mesh's normals): unweld's result without its hash table.
    return { unique: values.slice(0, width), index: new Uint32Array(rows), first: new Uint32Array(1), identity: false };
  }
  const { indices, firstCorner, vertexCount } = numberRows(keys, keyWidth, rows);
  const identity = vertexCount === rows;
  // Numbered by first use, so all rows distinct means index[v] = v: the rows are the list.
  if (identity) return { unique: values, index: indices, first: firstCorner, identity: true };
  const unique = new Float32Array(vertexCount * width);
  for (let v = 0; v < vertexCount; v++) for (let k = 0; k < width; k++) unique[v * width + k] = values[firstCorner[v] * width + k];
  return { unique, index: indices, first: firstCorner, identity: false };
}

function skinOf(prims: GatheredPrimitive[], counts: number[], first: Uint32Array): FileSkin | undefined {
  if (!prims.some((p) => p.bones)) return undefined;
  let bones: Uint16Array, weights: Float32Array;
  const rows = counts.reduce((s, c) => s + c, 0);
  if (prims.length === 1 && prims[0].bones!.length === rows * 4 && prims[0].weights!.length === rows * 4) {
    // One primitive: its own arrays, read only (no concatenated copy).
    (bones = prims[0].bones!), (weights = prims[0].weights!);
  } else {
    bones = new Uint16Array(rows * 4);
    weights = new Float32Array(bones.length);
    let at = 0;
    prims.forEach((p, i) => {
      if (p.bones) bones.set(p.bones, at * 4), weights.set(p.weights!, at * 4);
      else for (let v = 0; v < counts[i]; v++) weights[(at + v) * 4] = 1;
      at += counts[i];
    });
  }
  const positions = first.length;
  let most = 1;
  const start = new Uint32Array(positions + 1);
  for (let v = 0, total = 0; v < positions; v++) {
    const from = first[v] * 4;
    let n = 0;
    while (n < 4 && weights[from + n] > 0) n++;
    total += n > 1 ? n : 1;
    start[v + 1] = total;
    if (n > most) most = n;
  }
  if (most === 1) {
    const assoc = new Uint16Array(positions);
    for (let v = 0; v < positions; v++) assoc[v] = bones[first[v] * 4];
    return { kind: 'assoc', bones: assoc };
  }
  const runBones = new Uint16Array(start[positions]);
  const runWeights = new Float32Array(start[positions]);
  for (let v = 0; v < positions; v++) {
    const from = first[v] * 4 - start[v];
    for (let k = start[v], end = start[v + 1]; k < end; k++) {
      runBones[k] = bones[from + k];
      runWeights[k] = weights[from + k] || 1;
    }
  }
  return { kind: 'weights', bonesPerVertex: most, start, bones: runBones, weights: runWeights };
}

/** Appends copies of `rows` to a welded list (their first vertices given), in one step. */
function appendRows(list: Welded, width: number, rows: number[], vertices: number[]): void {
  if (!rows.length) return;
  const at = list.unique.length / width;
  const unique = new Float32Array(list.unique.length + rows.length * width);
  unique.set(list.unique);
  rows.forEach((row, k) => unique.set(list.unique.subarray(row * width, row * width + width), (at + k) * width));
  const first = new Uint32Array(list.first.length + rows.length);
  first.set(list.first);
  first.set(vertices, at);
  list.unique = unique;
  list.first = first;
  list.identity = false;
}

/**
 * Vertices of one primitive that weld into the same (position, normal, UV) indices would come
 * back as one vertex (the reader un-welds by those tuples): each such duplicate gets an index of
 * its own in the first UV set, else the normals, else the positions, so every vertex a triangle
 * uses comes back. Returns how many vertices no triangle uses (the reader cannot bring those back).
 */
function keepDuplicates(prims: GatheredPrimitive[], counts: number[], positions: Welded, normals: Welded | undefined, uvs: Welded[]): number {
  const [list, width] = uvs[0] ? [uvs[0], 2] : normals ? [normals, 3] : [positions, 3];
  const lists = [positions, normals, ...uvs].filter((l): l is Welded => l !== undefined);
  // Distinct positions make every tuple distinct: only unused vertices to count.
  const distinct = positions.first.length === positions.index.length;
  const rows: number[] = [], vertices: number[] = [];
  let next = list.unique.length / width;
  const unused = prims.reduce((s, p) => s + p.unused, 0);
  if (distinct) return unused;
  let base = 0;
  prims.forEach((p, i) => {
    const n = counts[i];
    const used = new Uint8Array(n);
    for (let c = 0; c < p.indices.length; c++) used[p.indices[c]] = 1;
    // Tuples chained per position index (a dense index: no hash table), the same numbering as
    // `unweld` over the whole tuples, which was a fifth of a large static mesh's write.
    const width = lists.length - 1;
    const keys = width ? new Uint32Array(n * width) : undefined;
    lists.slice(1).forEach((l, k) => {
      for (let v = 0; v < n; v++) keys![v * width + k] = l.index[base + v];
    });
    const { indices, vertexCount } = unweldByVertex(positions.index.subarray(base, base + n), positions.first.length, keys, width);
    const claimed = new Uint8Array(vertexCount);
    for (let v = 0; v < n; v++) {
      if (!used[v]) continue;
      if (!claimed[indices[v]]) {
        claimed[indices[v]] = 1;
        continue;
      }
      rows.push(list.index[base + v]);
      vertices.push(base + v);
      list.index[base + v] = next++;
    }
    base += n;
  });
  appendRows(list, width, rows, vertices);
  return unused;
}

/** Rows of `size` words into `keys` (rows of `width`) from row `base`, column `column`: at most `n` rows, no further than `words` goes (as concat's copy). */
function putColumns(keys: Uint32Array, width: number, words: ArrayLike<number>, size: number, base: number, n: number, column: number): void {
  const end = Math.min(n * size, words.length);
  const whole = Math.floor(end / size);
  // Whole rows in plain loops (a closure with a two-bound inner loop was a fifth of a skinned mesh's plan).
  for (let v = 0, e = 0, at = base * width + column; v < whole; v++, e += size, at += width) {
    for (let k = 0; k < size; k++) keys[at + k] = words[e + k];
  }
  for (let e = whole * size, at = (base + whole) * width + column; e < end; e++, at++) keys[at] = words[e];
}

/**
 * The words each position row welds by, when more than its float bits: the bits, then (skinned)
 * its 4 bones and 4 weights' bits, (split normals) its normal's bits, and each morph delta's bits;
 * zeros where a primitive has none. Written straight into one key array (per-attribute copies and
 * a second copy into keys were most of a skinned mesh's weld).
 */
export function positionKeys(prims: GatheredPrimitive[], counts: number[], positions: Float32Array, skinned: boolean, splitNormals: boolean, targets: number): { keys: Uint32Array; width: number } | undefined {
  const width = 3 + (skinned ? 8 : 0) + (splitNormals ? 3 : 0) + targets * 3;
  if (width === 3) return undefined;
  const rows = positions.length / 3;
  const keys = new Uint32Array(rows * width);
  const bitsOf = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);
  const put = (words: ArrayLike<number>, size: number, base: number, n: number, column: number) => putColumns(keys, width, words, size, base, n, column);
  put(bitsOf(positions), 3, 0, rows, 0);
  let base = 0;
  prims.forEach((p, i) => {
    const n = counts[i];
    let column = 3;
    if (skinned) {
      if (p.bones) put(p.bones, 4, base, n, column);
      if (p.weights) put(bitsOf(p.weights), 4, base, n, column + 4);
      column += 8;
    }
    if (splitNormals) {
      if (p.normals) put(bitsOf(p.normals), 3, base, n, column);
      column += 3;
    }
    for (let t = 0; t < targets; t++, column += 3) if (p.targets[t]) put(bitsOf(p.targets[t]), 3, base, n, column);
    base += n;
  });
  return { keys, width };
}

/**
 * One MSH1 from a node's primitives: positions welded by value (with their bone weights and morph
 * deltas, which the file keeps per position), normals and UVs welded by value; each primitive
 * becomes a face group indexing them. The reader un-welds corners by these index tuples, so every
 * distinct source vertex comes back.
 */
export function weldMesh(prims: GatheredPrimitive[], o: WeldOptions): FileMesh {
  const counts = prims.map((p) => p.positions.length / 3);
  const positions = concat(prims.map((p) => p.positions), counts, 3);
  const targets = Math.max(0, ...prims.map((p) => p.targets.length));
  const keys = positionKeys(prims, counts, positions, o.skinned, o.keepSmoothingSplits, targets);
  const welded = weldRows(positions, 3, keys);
  const normals = o.normals ? weldRows(concat(prims.map((p) => p.normals ?? smoothNormals(p)), counts, 3), 3) : undefined;
  const uvs = [prims.map((p) => p.uv0), prims.map((p) => p.uv1)].slice(0, o.uvSets).map((parts) => weldRows(concat(parts, counts, 2), 2));
  const unusedVertices = keepDuplicates(prims, counts, welded, normals, uvs);
  let base = 0;
  const groups = prims.map((p, i) => {
    // Corner → vertex → index in each list, all lists in one pass over the corners.
    const lists = [welded, normals, ...uvs].filter((l): l is Welded => l !== undefined);
    const corners = p.indices;
    const outs = lists.map((l): IndexList => {
      // The corners themselves (identity), all zeros (one row), or mapped.
      if (l.identity && base === 0) return corners;
      if (l.unique.length > 0 && l.first.length === 1) return { length: corners.length, allZero: true };
      const out = new Uint32Array(corners.length);
      const map = base ? l.index.subarray(base) : l.index;
      for (let c = 0; c < corners.length; c++) out[c] = map[corners[c]];
      return out;
    });
    const [position, ...rest] = outs;
    const group: FileFaceGroup = { ...o.groups[i], position, normal: normals ? rest.shift()! : new Uint32Array(0), uv: rest };
    base += counts[i];
    return group;
  });
  let morphFrames: Float32Array | undefined;
  if (targets) {
    const count = welded.first.length;
    morphFrames = new Float32Array(targets * count * 3);
    for (let k = 0; k < targets; k++) {
      const deltas = concat(prims.map((p) => p.targets[k]), counts, 3);
      for (let v = 0; v < count; v++) for (let c = 0; c < 3; c++) morphFrames[(k * count + v) * 3 + c] = welded.unique[v * 3 + c] + deltas[welded.first[v] * 3 + c];
    }
  }
  return {
    name: o.name,
    visible: o.visible,
    isSkeletonExists: o.isSkeletonExists,
    mode: o.mode,
    positions: welded.unique,
    normals: normals?.unique ?? new Float32Array(0),
    uvSets: uvs.map((u) => u.unique),
    skin: skinOf(prims, counts, welded.first),
    groups,
    morphFrames,
    morphTargets: targets,
    unusedVertices,
  };
}
