import { unweld, type UnweldResult } from '@relic3d/kernels';

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

/** Chain steps allowed per corner before falling back to the hashing kernel (degenerate files). */
const STEPS_PER_CORNER = 8;

/**
 * Un-welds corners into vertices, with the result of the `unweld` kernel on the same keys (vertices
 * numbered in order of first use). Corners are bucketed by their position index, which the reader
 * has range-checked, so the lookup is a direct array access instead of a hash probe over a key
 * copy; that is what bounds LOD parse time and peak memory. When many distinct vertices share one
 * position (a forged file could make the chains quadratic), it falls back to the kernel.
 */
export function weldCorners(lists: CornerLists, kernels?: 'wasm' | 'js'): UnweldResult {
  const { position, normal, normalBits, uv0, uv1 } = lists;
  const corners = position.length;
  const hasNormal = normal.length > 0;
  const hasBits = normalBits.length > 0;
  const hasUv0 = uv0.length > 0;
  const hasUv1 = uv1.length > 0;
  const base = lists.bitsBase * 3;
  const head = new Int32Array(lists.positionCount).fill(-1);
  const next = new Int32Array(corners);
  const firstCorner = new Uint32Array(corners);
  const indices = new Uint32Array(corners);
  let budget = corners * STEPS_PER_CORNER + 1024;
  let count = 0;
  for (let c = 0; c < corners; c++) {
    const p = position[c];
    let v = head[p];
    while (v >= 0) {
      const f = firstCorner[v];
      if (
        (!hasNormal || normal[c] === normal[f]) &&
        (!hasUv0 || uv0[c] === uv0[f]) &&
        (!hasUv1 || uv1[c] === uv1[f]) &&
        (!hasBits || (normalBits[base + c * 3] === normalBits[base + f * 3] && normalBits[base + c * 3 + 1] === normalBits[base + f * 3 + 1] && normalBits[base + c * 3 + 2] === normalBits[base + f * 3 + 2]))
      ) {
        break;
      }
      v = next[v];
      if (--budget < 0) return unweldKeys(lists, kernels);
    }
    if (v < 0) {
      v = count++;
      firstCorner[v] = c;
      next[v] = head[p];
      head[p] = v;
    }
    indices[c] = v;
  }
  return { indices, firstCorner: firstCorner.subarray(0, count), vertexCount: count };
}

/** The general path: 6-word keys (position, normal or 3 normal words, UV 1, UV 2) through the kernel. */
function unweldKeys(lists: CornerLists, kernels?: 'wasm' | 'js'): UnweldResult {
  const { position, normal, normalBits, uv0, uv1 } = lists;
  const corners = position.length;
  const keys = new Uint32Array(corners * 6);
  const base = lists.bitsBase * 3;
  for (let c = 0; c < corners; c++) {
    const k = c * 6;
    keys[k] = position[c];
    if (normal.length) keys[k + 1] = normal[c];
    else if (normalBits.length) {
      keys[k + 1] = normalBits[base + c * 3];
      keys[k + 2] = normalBits[base + c * 3 + 1];
      keys[k + 3] = normalBits[base + c * 3 + 2];
    }
    if (uv0.length) keys[k + 4] = uv0[c];
    if (uv1.length) keys[k + 5] = uv1[c];
  }
  return unweld(keys, 6, corners, { kernels });
}

/** `list[firstCorner[v]]` for every vertex. */
export function pickFirst(list: Uint32Array, firstCorner: Uint32Array, vertexCount: number): Uint32Array {
  const out = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) out[v] = list[firstCorner[v]];
  return out;
}
