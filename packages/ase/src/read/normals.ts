import type { AseNormals } from '../file.js';
import type { Ctx } from './blocks.js';
import { floats32, ints, type Grow } from './growable.js';
import { MIN_LINE, bytesOf, capacityFor, endEntry, integer, listOther, openList } from './lists.js';
import { RowScanner } from './row-scan.js';
import type { Tokenizer } from './tokenizer.js';

const KW_FACENORMAL = bytesOf('MESH_FACENORMAL');
const KW_VERTEXNORMAL = bytesOf('MESH_VERTEXNORMAL');

export interface NormalLists {
  /** Text position of `*MESH_NORMALS`, for warnings. */
  at: number;
  faceIdx: Grow<Int32Array>;
  faceData: Grow<Float32Array>;
  vFace: Grow<Int32Array>;
  vIdx: Grow<Int32Array>;
  vData: Grow<Float32Array>;
  /** Index of the last face normal read (vertex normals after it belong to it). */
  lastFace: number;
}

/** `*MESH_NORMALS`: face normals by index, vertex normals in file order with the face before them. */
export function readNormals(ctx: Ctx, what: string, declaredFaces: number | undefined, at: number): NormalLists {
  const tk = ctx.tk;
  // Max layout: one face normal and three vertex normals per face.
  const faces = capacityFor(tk, declaredFaces, MIN_LINE.faceNormal + 3 * MIN_LINE.vertexNormal);
  const n: NormalLists = { at, faceIdx: ints(faces), faceData: floats32(faces * 3), vFace: ints(faces * 3), vIdx: ints(faces * 3), vData: floats32(faces * 9), lastFace: -1 };
  const open = openList(tk, what);
  const rows = new RowScanner(tk);
  for (;;) {
    if (tk.quickKeyword(KW_VERTEXNORMAL)) {
      if (fastNormals(tk, rows, n, true)) continue;
      n.vFace.push(n.lastFace);
      tk.numberInto(n.vIdx.reserve(1), n.vIdx.length++, true, 'a vertex normal index');
      tk.numbersInto(n.vData.reserve(3), n.vData.length, 3, 'a number');
      n.vData.length += 3;
      endEntry(tk);
    } else if (tk.quickKeyword(KW_FACENORMAL)) {
      if (fastNormals(tk, rows, n, false)) continue;
      n.lastFace = integer(tk, 'a face normal index');
      n.faceIdx.push(n.lastFace);
      tk.numbersInto(n.faceData.reserve(3), n.faceData.length, 3, 'a number');
      n.faceData.length += 3;
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), what, open)) return n;
  }
}

export function placeNormals(ctx: Ctx, n: NormalLists, faceCount: number): AseNormals {
  const faceNormals = new Float32Array(faceCount * 3).fill(NaN);
  const faceIdx = n.faceIdx.data, faceData = n.faceData.data;
  let dropped = 0;
  for (let e = 0; e < n.faceIdx.length; e++) {
    const f = faceIdx[e];
    if (f < 0 || f >= faceCount) {
      dropped++;
      continue;
    }
    faceNormals[f * 3] = faceData[e * 3];
    faceNormals[f * 3 + 1] = faceData[e * 3 + 1];
    faceNormals[f * 3 + 2] = faceData[e * 3 + 2];
  }
  if (dropped) ctx.sink.warn('ASE_BAD_INDEX', `${dropped} *MESH_FACENORMAL entries have an index outside 0..${faceCount - 1}; dropped`, ctx.tk.inputOffset(n.at));
  return {
    faceNormals,
    vertexNormalFace: n.vFace.data.slice(0, n.vFace.length),
    vertexNormalVertex: n.vIdx.data.slice(0, n.vIdx.length),
    vertexNormals: n.vData.data.slice(0, n.vData.length),
  };
}

/**
 * Normal lines from the one whose keyword was just consumed (`vertex`: a vertex normal), while they
 * take the fast path (`i x y z`, then the entry's end). True when at least one was read: the
 * tokenizer then stands before the next token. False with nothing consumed or appended.
 */
function fastNormals(tk: Tokenizer, rows: RowScanner, n: NormalLists, vertex: boolean): boolean {
  let p = tk.pos, rowStart = -1;
  for (;;) {
    const index = vertex ? n.vIdx : n.faceIdx, values = vertex ? n.vData : n.faceData;
    p = rows.int(p);
    const i = rows.value;
    const at = values.length;
    if (p >= 0) p = rows.floats(p, values.reserve(3), at, 3);
    if (p >= 0) p = rows.entryEnd(p);
    if (p < 0) {
      if (rowStart >= 0) tk.rewind(rowStart);
      return rowStart >= 0;
    }
    index.push(i);
    values.length = at + 3;
    if (vertex) n.vFace.push(n.lastFace);
    else n.lastFace = i;
    rowStart = p;
    p = rows.keyword(rowStart, KW_VERTEXNORMAL);
    vertex = p >= 0;
    if (!vertex) p = rows.keyword(rowStart, KW_FACENORMAL);
    if (p < 0) {
      tk.rewind(rowStart);
      return true;
    }
  }
}
