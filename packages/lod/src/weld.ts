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

/** The kernel's result plus, per vertex, the index of each list at its first corner. */
export interface Welded extends UnweldResult {
  position: Uint32Array;
  /** Empty when the list was empty. */
  normal: Uint32Array;
  uv0: Uint32Array;
  uv1: Uint32Array;
}

/**
 * Un-welds corners into vertices, with the result of the `unweld` kernel on the same keys (vertices
 * numbered in order of first use). Corners are bucketed by their position index, which the reader
 * has range-checked, so the lookup is a direct array access instead of a hash probe over a key
 * copy, and each vertex keeps its own list indices, so a lookup compares against one record
 * instead of following its first corner. When many distinct vertices share one position (a forged
 * file could make the chains quadratic), it falls back to the kernel.
 */
export function weldCorners(lists: CornerLists, kernels?: 'wasm' | 'js'): Welded {
  const { position, normal, normalBits, uv0, uv1 } = lists;
  const corners = position.length;
  const head = new Int32Array(lists.positionCount).fill(-1);
  const indices = new Uint32Array(corners);
  // Per-vertex chain links and first corners, grown by doubling: most meshes have about one
  // vertex per position.
  let capacity = Math.min(corners, Math.max(1024, lists.positionCount));
  let next = new Int32Array(capacity);
  let first = new Uint32Array(capacity);
  const state = Int32Array.of(0, corners * STEPS_PER_CORNER + 1024); // vertex count, chain budget
  for (let c = 0; c < corners; ) {
    const end = Math.min(corners, c + CHUNK);
    c = weldFrom(c, end, position, normal, normalBits, lists.bitsBase * 3, uv0, uv1, head, indices, next, first, state);
    if (state[1] < 0) return unweldKeys(lists, kernels);
    if (c < end) {
      capacity = Math.min(corners, capacity * 2);
      next = grow(next, capacity);
      first = grow(first, capacity);
    }
  }
  const count = state[0];
  const firstCorner = first.subarray(0, count);
  const pick = (list: Uint32Array) => (list.length ? pickFirst(list, firstCorner, count) : list);
  return { indices, firstCorner, vertexCount: count, position: pick(position), normal: pick(normal), uv0: pick(uv0), uv1: pick(uv1) };
}

/**
 * Corners per call of the hot loop. Called many times per mesh, it is optimised as a function and
 * stays optimised across parses; one call over every corner ran mostly in the baseline tier while
 * the optimising compiler (on-stack replacement) caught up, on every parse (~3× slower).
 */
const CHUNK = 1 << 15;

/**
 * The hot loop, from corner `c` to `end`, a full vertex table (returns the corner it stopped at)
 * or a spent budget. Typed arrays and numbers only, so its type feedback stays simple.
 */
function weldFrom(
  c: number,
  end: number,
  position: Uint32Array,
  normal: Uint32Array,
  normalBits: Uint32Array,
  base: number,
  uv0: Uint32Array,
  uv1: Uint32Array,
  head: Int32Array,
  indices: Uint32Array,
  next: Int32Array,
  first: Uint32Array,
  state: Int32Array,
): number {
  const capacity = next.length;
  const hasNormal = normal.length > 0;
  const hasBits = normalBits.length > 0;
  const hasUv0 = uv0.length > 0;
  const hasUv1 = uv1.length > 0;
  let count = state[0];
  let budget = state[1];
  for (; c < end; c++) {
    const p = position[c];
    let v = head[p];
    while (v >= 0) {
      const f = first[v];
      if (
        (!hasNormal || normal[c] === normal[f]) &&
        (!hasUv0 || uv0[c] === uv0[f]) &&
        (!hasUv1 || uv1[c] === uv1[f]) &&
        (!hasBits || (normalBits[base + c * 3] === normalBits[base + f * 3] && normalBits[base + c * 3 + 1] === normalBits[base + f * 3 + 1] && normalBits[base + c * 3 + 2] === normalBits[base + f * 3 + 2]))
      ) {
        break;
      }
      v = next[v];
      state[1] = --budget;
      if (budget < 0) break;
    }
    if (budget < 0 || (v < 0 && count === capacity)) break;
    if (v < 0) {
      v = count++;
      state[0] = count;
      first[v] = c;
      next[v] = head[p];
      head[p] = v;
    }
    indices[c] = v;
  }
  // State is stored inside the loop: a store after it would have no type feedback when the loop
  // is compiled, and deoptimise the function on every call.
  return c;
}

function grow<T extends Int32Array | Uint32Array>(a: T, capacity: number): T {
  const out = new (a.constructor as new (n: number) => T)(capacity);
  out.set(a);
  return out;
}

/** The general path: 6-word keys (position, normal or 3 normal words, UV 1, UV 2) through the kernel. */
function unweldKeys(lists: CornerLists, kernels?: 'wasm' | 'js'): Welded {
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
  const r = unweld(keys, 6, corners, { kernels });
  const pick = (list: Uint32Array) => (list.length ? pickFirst(list, r.firstCorner, r.vertexCount) : list);
  return { ...r, position: pick(position), normal: pick(normal), uv0: pick(uv0), uv1: pick(uv1) };
}

/** `list[firstCorner[v]]` for every vertex. */
export function pickFirst(list: Uint32Array, firstCorner: Uint32Array, vertexCount: number): Uint32Array {
  const out = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) out[v] = list[firstCorner[v]];
  return out;
}
