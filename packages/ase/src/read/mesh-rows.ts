import type { Grow } from './growable.js';
import { digitsAt, entryEndAt, exactWord, float32At, skipSpace, wordAt, type RowScratch } from './fast-rows.js';
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

const FACENORMAL = exactWord('*MESH_FACENORMAL');
const VERTEXNORMAL = exactWord('*MESH_VERTEXNORMAL');

/**
 * `numberRows` for the normals block, whose face and vertex normal rows alternate (1 + 3 per face
 * in Max's files): both row kinds in one loop, so a face costs no call and no failed keyword
 * match per run. Same forms, values and stop rule as `numberRows`.
 */
export function normalRows(tk: Tokenizer, s: RowScratch, l: NormalRowLists): number {
  const b = tk.bytes, n = tk.length;
  let at = tk.pos, rows = 0;
  for (;;) {
    let p = skipSpace(b, at, n);
    // `*MESH_V…` or `*MESH_F…`: one keyword compare per row (the byte after `*MESH_` picks it).
    const vertexRow = b[p + 6] === 0x56;
    p = wordAt(s, b, p, n, vertexRow ? VERTEXNORMAL : FACENORMAL);
    if (p < 0) break;
    const index = vertexRow ? l.vIdx : l.faceIdx, values = vertexRow ? l.vData : l.faceData;
    p = digitsAt(b, skipSpace(b, p, n), index.reserve(1), index.length);
    if (p < 0 || (p < n && b[p] > 32)) break;
    const out = values.reserve(3), o = values.length;
    for (let i = 0; i < 3 && p >= 0; i++) p = float32At(b, skipSpace(b, p, n), n, out, o + i);
    if (p < 0) break;
    p = skipSpace(b, p, n);
    if (!entryEndAt(b, p, n)) break;
    values.length = o + 3;
    if (vertexRow) l.vFace.push(l.lastFace);
    else l.lastFace = index.data[index.length];
    index.length++;
    at = p;
    rows++;
  }
  if (rows) tk.rewind(at);
  return rows;
}

const MESH_FACE = exactWord('*MESH_FACE');
const SMOOTHING = exactWord('*MESH_SMOOTHING');
const MTLID = exactWord('*MESH_MTLID');

/** The lists of `*MESH_FACE_LIST`: index, A B C AB BC CA, smoothing mask and material id per row. */
export interface FaceRowLists {
  index: Grow<Int32Array>;
  data: Grow<Int32Array>;
  smooth: Grow<Int32Array>;
  mtl: Grow<Int32Array>;
}

/**
 * Consecutive face rows in the exporters' form (`faceAt`), each with its `*MESH_SMOOTHING [g]
 * *MESH_MTLID m` when that follows in its form (`smoothingAt`; else mask 0 and id 0, and the
 * general loop reads what follows), in one loop: as `numberRows`, stops before the first row in
 * another form and returns the rows read.
 */
export function faceRows(tk: Tokenizer, s: RowScratch, l: FaceRowLists): number {
  const b = tk.bytes, n = tk.length, ints = s.ints;
  const { index, data, smooth, mtl } = l;
  let at = tk.pos, rows = 0;
  for (;;) {
    let p = faceAt(s, b, skipSpace(b, at, n), n, index.reserve(1), index.length, data.reserve(6), data.length);
    if (p < 0) break;
    index.length++;
    data.length += 6;
    const next = smoothingAt(s, b, p, n, ints);
    if (next >= 0) {
      const g = ints[0];
      smooth.push(g ? 1 << (g - 1) : 0);
      mtl.push(ints[1]);
      p = next;
    } else {
      smooth.push(0);
      mtl.push(0);
    }
    at = p;
    rows++;
  }
  if (rows) tk.rewind(at);
  return rows;
}

/**
 * `*MESH_FACE i: A: a B: b C: c AB: e BC: e CA: e` (upper-case labels in this order) and the entry's
 * end at `p`: the index to `index[i]`, A B C AB BC CA to `corners[c…c+6)`; returns the position of
 * the next token, or -1 (what was written does not count).
 */
function faceAt(s: RowScratch, b: Uint8Array, p: number, n: number, index: Int32Array, i: number, corners: Int32Array, c: number): number {
  p = wordAt(s, b, p, n, MESH_FACE);
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
function smoothingAt(s: RowScratch, b: Uint8Array, p: number, n: number, ints: Int32Array): number {
  p = wordAt(s, b, skipSpace(b, p, n), n, SMOOTHING);
  if (p < 0) return -1;
  p = skipSpace(b, p, n);
  if (b[p] === 0x2a) ints[0] = 0;
  else {
    p = digitsAt(b, p, ints, 0);
    if (p < 0 || ints[0] > 32 || (p < n && b[p] > 32)) return -1;
    p = skipSpace(b, p, n);
  }
  p = wordAt(s, b, p, n, MTLID);
  if (p < 0) return -1;
  p = digitsAt(b, skipSpace(b, p, n), ints, 1);
  if (p < 0 || (p < n && b[p] > 32)) return -1;
  p = skipSpace(b, p, n);
  return entryEndAt(b, p, n) ? p : -1;
}
