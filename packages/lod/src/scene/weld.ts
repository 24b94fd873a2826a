import { unweldByVertex, type UnweldResult } from '@relic3d/kernels';

/** The index lists that identify one corner: position, then normal (stored index or generated bits), then UV sets. */
export interface CornerLists {
  position: Uint32Array;
  /** Range of position indices (every one is below it, checked by the reader). */
  positionCount: number;
  /** Stored normal index per corner, or empty. */
  normal: Uint32Array;
  /** Generated corner normals as float bits (3 words per corner, from corner `bitsBase`), or empty. */
  normalBits: Uint32Array;
  bitsBase: number;
  /** UV index per corner of set 1 and 2, or empty. */
  uv0: Uint32Array;
  uv1: Uint32Array;
}

/** The kernel's result plus, per vertex, the index of each list at its first corner. */
export interface Welded extends UnweldResult {
  position: Uint32Array;
  /** Empty when the list was empty. */
  normal: Uint32Array;
  uv0: Uint32Array;
  uv1: Uint32Array;
}

/**
 * Un-welds corners into vertices numbered in order of first use (the `unweld` kernel's result):
 * `unweldByVertex` chains corners per position index, which the reader has range-checked, and
 * compares the other lists present (stored normal or the 3 generated normal words, UV 1, UV 2).
 */
export function weldCorners(lists: CornerLists, kernels?: 'wasm' | 'js'): Welded {
  const { position, normalBits } = lists;
  const corners = position.length;
  // A list equal to the position list never tells two corners of one position apart: left out.
  const [normal, uv0, uv1] = [lists.normal, lists.uv0, lists.uv1].map((l) => (l.length && !equalLists(l, position) ? l : EMPTY));
  const width = (normal.length ? 1 : 0) + (normalBits.length ? 3 : 0) + (uv0.length ? 1 : 0) + (uv1.length ? 1 : 0);
  let keys: Uint32Array | undefined;
  // One index list is its own key array (the kernel only reads it): no interleaved copy.
  if (width === 1 && !normalBits.length) keys = normal.length ? normal : uv0.length ? uv0 : uv1;
  else if (width) {
    keys = new Uint32Array(corners * width);
    let w = 0;
    if (normal.length) interleave(keys, width, w++, normal, corners);
    if (normalBits.length) {
      const bits = normalBits.subarray(lists.bitsBase * 3, (lists.bitsBase + corners) * 3);
      for (let c = 0; c < corners; c++) {
        const k = c * width + w;
        keys[k] = bits[c * 3];
        keys[k + 1] = bits[c * 3 + 1];
        keys[k + 2] = bits[c * 3 + 2];
      }
      w += 3;
    }
    if (uv0.length) interleave(keys, width, w++, uv0, corners);
    if (uv1.length) interleave(keys, width, w++, uv1, corners);
  }
  const r = unweldByVertex(position, lists.positionCount, keys, width, { kernels });
  const pick = (list: Uint32Array) => (list.length ? pickFirst(list, r.firstCorner, r.vertexCount) : list);
  const atPosition = pick(position);
  // A list left out as equal to the position list picks the same indices: shared (they are only read).
  const same = (list: Uint32Array, kept: Uint32Array) => (list.length && kept === EMPTY ? atPosition : pick(list));
  return { ...r, position: atPosition, normal: same(lists.normal, normal), uv0: same(lists.uv0, uv0), uv1: same(lists.uv1, uv1) };
}

const EMPTY = new Uint32Array(0);

function equalLists(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `keys[c × width + at] = list[c]`. */
function interleave(keys: Uint32Array, width: number, at: number, list: Uint32Array, corners: number): void {
  for (let c = 0; c < corners; c++) keys[c * width + at] = list[c];
}

/** `list[firstCorner[v]]` for every vertex. */
export function pickFirst(list: Uint32Array, firstCorner: Uint32Array, vertexCount: number): Uint32Array {
  const out = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) out[v] = list[firstCorner[v]];
  return out;
}
