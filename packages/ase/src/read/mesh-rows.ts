import type { Grow } from './growable.js';
import { digitsAt, entryEndAt, float32At, skipSpace, type RowScratch } from './fast-rows.js';
import type { Tokenizer } from './tokenizer.js';

// The mesh lists whose rows are not `*KEYWORD i v…` alone: normals (two row kinds alternating) and
// faces (labels, then smoothing and material id on the same line), on the byte fast path of
// fast-rows.ts with its rules: rows in another form stop the run, and the general loop reads them.

/** The lists of `*MESH_NORMALS` (face normals; vertex normals with the face before them). */
export interface NormalRowLists {
  faceIdx: Grow<Int32Array>;
  faceData: Grow<Float32Array>;
  vFace: Grow<Int32Array>;
  vIdx: Grow<Int32Array>;
  vData: Grow<Float32Array>;
  /** Index of the last face normal read (-1 before the first). */
  lastFace: number;
}

/** `*MES`, `H_VE` `RTEX` `NORM` (+ `AL`), `H_FA` `CENO` `RMAL`: the two keywords as little-endian words. */
const W_MES = 0x53454d2a, W_H_VE = 0x45565f48, W_RTEX = 0x58455452, W_NORM = 0x4d524f4e, W_H_FA = 0x41465f48, W_CENO = 0x4f4e4543, W_RMAL = 0x4c414d52;

/**
 * `numberRows` for the normals block, whose face and vertex normal rows alternate (1 + 3 per face
 * in Max's files): both row kinds in one loop, keywords compared as constant words, the lists'
 * arrays and counts in locals (written back at the end). Same forms, values and stop rule as
 * `numberRows`: 1.4× its speed on the bench file's normals (27 MB) alone.
 */
export function normalRows(tk: Tokenizer, s: RowScratch, l: NormalRowLists): number {
  const b = tk.bytes, n = tk.length, view = s.view;
  const vIdxList = l.vIdx, vDataList = l.vData, vFaceList = l.vFace, fIdxList = l.faceIdx, fDataList = l.faceData;
  let vIdx = vIdxList.data, vData = vDataList.data, vFace = vFaceList.data, fIdx = fIdxList.data, fData = fDataList.data;
  let nv = vIdxList.length, nf = fIdxList.length, lastFace = l.lastFace;
  let at = tk.pos, rows = 0;
  for (;;) {
    let p = skipSpace(b, at, n);
    // The shortest row, `*MESH_FACENORMAL 0 0 0 0`, is 24 bytes.
    if (p + 24 > n || view.getUint32(p, true) !== W_MES) break;
    const w1 = view.getUint32(p + 4, true);
    let vertexRow: boolean;
    if (w1 === W_H_VE && view.getUint32(p + 8, true) === W_RTEX && view.getUint32(p + 12, true) === W_NORM && b[p + 16] === 0x41 && b[p + 17] === 0x4c) {
      vertexRow = true;
      p += 18;
    } else if (w1 === W_H_FA && view.getUint32(p + 8, true) === W_CENO && view.getUint32(p + 12, true) === W_RMAL) {
      vertexRow = false;
      p += 16;
    } else break;
    if (b[p] > 32) break;
    p = skipSpace(b, p, n);
    const first = p;
    let index = 0, c = b[p] | 0;
    while (((c - 0x30) >>> 0) < 10) {
      index = index * 10 + (c - 0x30);
      c = b[++p] | 0;
    }
    if (p === first || p - first > 9 || (p < n && c > 32)) break;
    let out: Float32Array, o: number;
    if (vertexRow) {
      if (nv === vIdx.length || nv === vFace.length || nv * 3 + 3 > vData.length) {
        vIdxList.length = vFaceList.length = nv;
        vDataList.length = nv * 3;
        vIdx = vIdxList.reserve(1);
        vFace = vFaceList.reserve(1);
        vData = vDataList.reserve(3);
      }
      out = vData;
      o = nv * 3;
    } else {
      if (nf === fIdx.length || nf * 3 + 3 > fData.length) {
        fIdxList.length = nf;
        fDataList.length = nf * 3;
        fIdx = fIdxList.reserve(1);
        fData = fDataList.reserve(3);
      }
      out = fData;
      o = nf * 3;
    }
    p = float32At(b, skipSpace(b, p, n), n, out, o);
    if (p < 0) break;
    p = float32At(b, skipSpace(b, p, n), n, out, o + 1);
    if (p < 0) break;
    p = float32At(b, skipSpace(b, p, n), n, out, o + 2);
    if (p < 0) break;
    p = skipSpace(b, p, n);
    if (!entryEndAt(b, p, n)) break;
    if (vertexRow) {
      vIdx[nv] = index;
      vFace[nv++] = lastFace;
    } else {
      fIdx[nf++] = index;
      lastFace = index;
    }
    at = p;
    rows++;
  }
  vIdxList.length = vFaceList.length = nv;
  vDataList.length = nv * 3;
  fIdxList.length = nf;
  fDataList.length = nf * 3;
  l.lastFace = lastFace;
  if (rows) tk.rewind(at);
  return rows;
}

/** `H_SM` `OOTH` (+ `ING`), `H_MT` (+ `LID`): the face row's other keywords as little-endian words. */
const W_H_SM = 0x4d535f48, W_OOTH = 0x48544f4f, W_H_MT = 0x544d5f48;

/** `*MESH_FACE` at `p` followed by white space: the position after it, or -1. */
function meshFaceAt(view: DataView, b: Uint8Array, p: number, n: number): number {
  if (p + 10 >= n || view.getUint32(p, true) !== W_MES || view.getUint32(p + 4, true) !== W_H_FA || b[p + 8] !== 0x43 || b[p + 9] !== 0x45) return -1;
  return b[p + 10] <= 32 ? p + 10 : -1;
}

/** `*MESH_SMOOTHING` at `p` followed by white space: the position after it, or -1. */
function smoothingWordAt(view: DataView, b: Uint8Array, p: number, n: number): number {
  if (p + 15 >= n || view.getUint32(p, true) !== W_MES || view.getUint32(p + 4, true) !== W_H_SM || view.getUint32(p + 8, true) !== W_OOTH) return -1;
  if (b[p + 12] !== 0x49 || b[p + 13] !== 0x4e || b[p + 14] !== 0x47) return -1;
  return b[p + 15] <= 32 ? p + 15 : -1;
}

/** `*MESH_MTLID` at `p` followed by white space: the position after it, or -1. */
function mtlIdWordAt(view: DataView, b: Uint8Array, p: number, n: number): number {
  if (p + 11 >= n || view.getUint32(p, true) !== W_MES || view.getUint32(p + 4, true) !== W_H_MT) return -1;
  if (b[p + 8] !== 0x4c || b[p + 9] !== 0x49 || b[p + 10] !== 0x44) return -1;
  return b[p + 11] <= 32 ? p + 11 : -1;
}

/** The lists of `*MESH_FACE_LIST`: index, A B C AB BC CA, smoothing mask and material id per row (in step). */
export interface FaceRowLists {
  index: Grow<Int32Array>;
  data: Grow<Int32Array>;
  smooth: Grow<Int32Array>;
  mtl: Grow<Int32Array>;
}

/**
 * Consecutive face rows in the exporters' form (`faceAt`), each with its `*MESH_SMOOTHING [g]
 * *MESH_MTLID m` when that follows in its form (`smoothingAt`; else mask 0 and id 0, and the
 * general loop reads what follows), in one loop, the lists' arrays and count in locals (written
 * back at the end): as `numberRows`, stops before the first row in another form and returns the
 * rows read.
 */
export function faceRows(tk: Tokenizer, s: RowScratch, l: FaceRowLists): number {
  const b = tk.bytes, n = tk.length, ints = s.ints, view = s.view;
  const { index: indexList, data: dataList, smooth: smoothList, mtl: mtlList } = l;
  let index = indexList.data, data = dataList.data, smooth = smoothList.data, mtl = mtlList.data;
  let count = indexList.length, at = tk.pos, rows = 0;
  for (;;) {
    if (count === index.length || count === smooth.length || count === mtl.length || count * 6 + 6 > data.length) {
      indexList.length = smoothList.length = mtlList.length = count;
      dataList.length = count * 6;
      index = indexList.reserve(1);
      data = dataList.reserve(6);
      smooth = smoothList.reserve(1);
      mtl = mtlList.reserve(1);
    }
    let p = faceAt(view, b, skipSpace(b, at, n), n, index, count, data, count * 6);
    if (p < 0) break;
    const next = smoothingAt(view, b, p, n, ints);
    if (next >= 0) {
      const g = ints[0];
      smooth[count] = g ? 1 << (g - 1) : 0;
      mtl[count] = ints[1];
      p = next;
    } else {
      smooth[count] = 0;
      mtl[count] = 0;
    }
    count++;
    at = p;
    rows++;
  }
  indexList.length = smoothList.length = mtlList.length = count;
  dataList.length = count * 6;
  if (rows) tk.rewind(at);
  return rows;
}

/**
 * `*MESH_FACE i: A: a B: b C: c AB: e BC: e CA: e` (upper-case labels in this order) and the entry's
 * end at `p`: the index to `index[i]`, A B C AB BC CA to `corners[c…c+6)`; returns the position of
 * the next token, or -1 (what was written does not count).
 */
function faceAt(view: DataView, b: Uint8Array, p: number, n: number, index: Int32Array, i: number, corners: Int32Array, c: number): number {
  p = meshFaceAt(view, b, p, n);
  if (p < 0) return -1;
  p = digitsAt(b, skipSpace(b, p, n), index, i);
  if (p < 0 || b[p] !== 0x3a || (p + 1 < n && b[p + 1] > 32)) return -1;
  p++;
  for (let l = 0; l < 6; l++) {
    p = skipSpace(b, p, n);
    // `A:` `B:` `C:` then `AB:` `BC:` `CA:` (first letters A B C A B C, second B C A).
    if (p + 4 > n || b[p] !== 0x41 + (l % 3)) return -1;
    if (l < 3) p++;
    else if (b[p + 1] !== 0x41 + ((l + 1) % 3)) return -1;
    else p += 2;
    if (b[p] !== 0x3a || b[p + 1] > 32) return -1;
    p++;
    p = digitsAt(b, skipSpace(b, p, n), corners, c + l);
    if (p < 0 || (p < n && b[p] > 32)) return -1;
  }
  p = skipSpace(b, p, n);
  return entryEndAt(b, p, n) ? p : -1;
}

/**
 * At the next token after a face row: `*MESH_SMOOTHING [g] *MESH_MTLID m` with at most one group
 * g ≤ 32 (none: 0) and the entry's end: g to `ints[0]`, m to `ints[1]`; returns the position of
 * the next token, or -1 (nothing consumed).
 */
function smoothingAt(view: DataView, b: Uint8Array, p: number, n: number, ints: Int32Array): number {
  p = smoothingWordAt(view, b, skipSpace(b, p, n), n);
  if (p < 0) return -1;
  p = skipSpace(b, p, n);
  if (b[p] === 0x2a) ints[0] = 0;
  else {
    p = digitsAt(b, p, ints, 0);
    if (p < 0 || ints[0] > 32 || (p < n && b[p] > 32)) return -1;
    p = skipSpace(b, p, n);
  }
  p = mtlIdWordAt(view, b, p, n);
  if (p < 0) return -1;
  p = digitsAt(b, skipSpace(b, p, n), ints, 1);
  if (p < 0 || (p < n && b[p] > 32)) return -1;
  p = skipSpace(b, p, n);
  return entryEndAt(b, p, n) ? p : -1;
}
