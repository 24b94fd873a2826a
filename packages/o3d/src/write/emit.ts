/**
 * Vertex emission of one material block: its corners numbered in first-use order (what the reader
 * numbers them by), then its vertices copied in that order, mirrored on Z. Two flat passes instead
 * of a call per corner: the numbering pass touches only indices, the copy pass runs sequentially.
 * A block whose scene vertices already come in first-use order (what the reader makes) needs no
 * remap table: its vertices are copied in bulk.
 */
import type { Corners, Prepared } from './primitives.js';

/** The vertex arrays of one object, filled block by block. */
export interface ObjectVertices {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  weights?: Float32Array;
  boneIndices?: Uint16Array;
  /** Per written vertex, its bone of w1 (the physique). */
  globalBones?: Int32Array;
}

/** Where one block's corners and vertices go in its object. */
export interface BlockTarget {
  /** Per written vertex, its scene vertex (filled for blocks with influences, and by the remap path). */
  sourceOf: Int32Array;
  indices: Uint16Array;
  /** First index of the block. */
  start: number;
  /** First written vertex of the block. */
  first: number;
  vertices: ObjectVertices;
}

/**
 * Emits the corners and vertices of triangles `t` of `p`; returns the next written vertex.
 * `remaps` (per primitive, all -1 between blocks) is made only for blocks out of first-use order.
 */
export function emitBlock(p: Prepared, t: Corners, remaps: Map<object, Int32Array>, target: BlockTarget): number {
  const { sourceOf, indices, start, first } = target;
  const inOrder = cornersInOrder(t, indices, start, first);
  if (inOrder >= 0) {
    copyInOrder(p, first, inOrder, target.vertices);
    if (p.influences) for (let k = 0; k < inOrder; k++) sourceOf[first + k] = k;
    return first + inOrder;
  }
  let remap = remaps.get(p);
  if (!remap) remaps.set(p, (remap = new Int32Array(p.positions.length / 3).fill(-1)));
  const next = numberCorners(t, remap, sourceOf, indices, start, first);
  copyVertices(p, sourceOf, first, next, target.vertices);
  // Each block numbers its own vertices: the next block of this primitive starts afresh.
  for (let r = first; r < next; r++) remap[sourceOf[r]] = -1;
  return next;
}

/**
 * When the corners of `t` meet scene vertices 0, 1, 2… in that order, writes them clockwise as
 * `first + vertex` and returns how many vertices they use; else -1 (what was written is overwritten).
 */
function cornersInOrder(t: Corners, indices: Uint16Array, start: number, first: number): number {
  let seen = 0;
  for (let k = 0, n = t.length; k < n; k += 3) {
    const a = t[k], b = t[k + 1], c = t[k + 2];
    if (a > seen) return -1;
    if (a === seen) seen++;
    if (b > seen) return -1;
    if (b === seen) seen++;
    if (c > seen) return -1;
    if (c === seen) seen++;
    const o = start + k;
    indices[o] = first + a;
    indices[o + 1] = first + c;
    indices[o + 2] = first + b;
  }
  return seen;
}

/** Copies scene vertices 0…count of `p` to written vertices `first…`, Z mirrored. */
function copyInOrder(p: Prepared, first: number, count: number, out: ObjectVertices): void {
  const { positions, normals, uvs } = out;
  const sp = p.positions, sn = p.normals;
  positions.set(sp.subarray(0, count * 3), first * 3);
  normals.set(sn.subarray(0, count * 3), first * 3);
  uvs.set(p.uvs.subarray(0, count * 2), first * 2);
  for (let v = 0, r = first * 3 + 2; v < count * 3; v += 3, r += 3) {
    positions[r] = 0 - sp[v + 2];
    normals[r] = 0 - sn[v + 2];
  }
}

/**
 * Numbers the corners of triangles `t`: a scene vertex not yet in `remap` (-1) gets `next`, and
 * `sourceOf` records it. Writes the corners clockwise (a, c, b) at `indices[start…]`; returns the
 * new `next`.
 */
function numberCorners(t: Corners, remap: Int32Array, sourceOf: Int32Array, indices: Uint16Array, start: number, next: number): number {
  for (let k = 0, n = t.length; k < n; k += 3) {
    const va = t[k], vb = t[k + 1], vc = t[k + 2];
    // Numbered in the scene's order (a, b, c), as the corners are first met.
    let a = remap[va];
    if (a < 0) {
      a = remap[va] = next;
      sourceOf[next++] = va;
    }
    let b = remap[vb];
    if (b < 0) {
      b = remap[vb] = next;
      sourceOf[next++] = vb;
    }
    let c = remap[vc];
    if (c < 0) {
      c = remap[vc] = next;
      sourceOf[next++] = vc;
    }
    const o = start + k;
    indices[o] = a;
    indices[o + 1] = c;
    indices[o + 2] = b;
  }
  return next;
}

/** Copies scene vertices `sourceOf[first…next)` of `p` to written vertices `first…next`, Z mirrored. */
function copyVertices(p: Prepared, sourceOf: Int32Array, first: number, next: number, out: ObjectVertices): void {
  const sp = p.positions, sn = p.normals, st = p.uvs;
  const { positions, normals, uvs } = out;
  for (let r = first; r < next; r++) {
    const v = sourceOf[r];
    const r3 = r * 3, v3 = v * 3;
    positions[r3] = sp[v3];
    positions[r3 + 1] = sp[v3 + 1];
    positions[r3 + 2] = 0 - sp[v3 + 2];
    normals[r3] = sn[v3];
    normals[r3 + 1] = sn[v3 + 1];
    normals[r3 + 2] = 0 - sn[v3 + 2];
    uvs[r * 2] = st[v * 2];
    uvs[r * 2 + 1] = st[v * 2 + 1];
  }
}

/**
 * Copies the two influences of those vertices: weights, stored indices (palette slot × 3, or the
 * bone × 3 without a palette; a bone the palette lacks stores 0) and the bone of w1.
 */
export function copyInfluences(p: Prepared, sourceOf: Int32Array, first: number, next: number, palette: readonly number[], out: ObjectVertices): void {
  const { bones, weights: sw } = p.influences!;
  const weights = out.weights!, boneIndices = out.boneIndices!, globalBones = out.globalBones!;
  const slots = slotTable(palette);
  const slotOf = (bone: number) => (slots ? (slots.get(bone) ?? 0) : bone * 3);
  for (let r = first; r < next; r++) {
    const v = sourceOf[r];
    const w2 = sw[v * 2 + 1];
    weights[r * 2] = sw[v * 2];
    weights[r * 2 + 1] = w2;
    const a = slotOf(bones[v * 2]);
    boneIndices[r * 2] = a;
    boneIndices[r * 2 + 1] = w2 > 0 ? slotOf(bones[v * 2 + 1]) : a;
    globalBones[r] = bones[v * 2];
  }
}

/** Bone → palette slot × 3 (undefined: no palette, the bone itself is stored). */
function slotTable(palette: readonly number[]): Map<number, number> | undefined {
  return palette.length ? new Map(palette.map((bone, k) => [bone, k * 3])) : undefined;
}
