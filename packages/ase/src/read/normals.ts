import type { AseNormals } from '../file.js';
import type { Ctx } from './blocks.js';
import { normalRows, type NormalRowLists } from './mesh-rows.js';
import { floats32, ints, type Grow } from './growable.js';
import { placeTriples } from './place.js';
import { MIN_LINE, bytesOf, capacityFor, endEntry, integer, listOther, openList } from './lists.js';

const KW_FACENORMAL = bytesOf('MESH_FACENORMAL');
const KW_VERTEXNORMAL = bytesOf('MESH_VERTEXNORMAL');

export interface NormalLists extends NormalRowLists {
  /** Text position of `*MESH_NORMALS`, for warnings. */
  at: number;
}

/** Empty lists for `faces` faces (Max's layout); one shape, whose map hidden-classes.ts keeps. */
export const normalLists = (at: number, faces: number): NormalLists => ({
  at, faceIdx: ints(faces), faceData: floats32(faces * 3), vFace: ints(faces * 3), vIdx: ints(faces * 3), vData: floats32(faces * 9), lastFace: -1,
});

/** `*MESH_NORMALS`: face normals by index, vertex normals in file order with the face before them. */
export function readNormals(ctx: Ctx, what: string, declaredFaces: number | undefined, at: number): NormalLists {
  const tk = ctx.tk;
  // Max layout: one face normal and three vertex normals per face.
  const faces = capacityFor(tk, declaredFaces, MIN_LINE.faceNormal + 3 * MIN_LINE.vertexNormal);
  const n = normalLists(at, faces);
  const row = ctx.row;
  const open = openList(tk, what);
  for (;;) {
    // Runs of exporter-form rows, face and vertex normals alike, in one loop.
    if (normalRows(tk, row, n)) continue;
    if (tk.quickKeyword(KW_VERTEXNORMAL)) {
      n.vFace.push(n.lastFace);
      tk.numberInto(n.vIdx.reserve(1), n.vIdx.length++, true, 'a vertex normal index');
      tk.numbersInto(n.vData.reserve(3), n.vData.length, 3, 'a number');
      n.vData.length += 3;
      endEntry(tk);
    } else if (tk.quickKeyword(KW_FACENORMAL)) {
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
  const dropped = placeTriples(n.faceIdx.length, n.faceIdx.data, n.faceData.data, faceCount, faceNormals);
  if (dropped) ctx.sink.warn('ASE_BAD_INDEX', `${dropped} *MESH_FACENORMAL entries have an index outside 0..${faceCount - 1}; dropped`, ctx.tk.inputOffset(n.at));
  return { faceNormals, vertexNormalFace: filled(n.vFace), vertexNormalVertex: filled(n.vIdx), vertexNormals: filled(n.vData) };
}

/** A list's values: its own array when the declared count sized it exactly (Max's files), else a trimmed copy. */
function filled<T extends Int32Array | Float32Array>(list: Grow<T>): T {
  return list.length === list.data.length ? list.data : (list.data.slice(0, list.length) as T);
}
