import { expectArray, expectOptionalArray } from '../guard.js';
import type { KernelMode, Variant } from '../runtime.js';
import { unweldJS, type UnweldResult } from './unweld.js';

export interface UnweldByVertexOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Corners to use (default: `primary.length`). */
  cornerCount?: number;
}

/**
 * Chain steps allowed per corner (plus a constant) before the hash kernel takes over: many distinct
 * corners on one primary index (a forged file) would make the chains quadratic.
 */
export const CHAIN_STEPS_PER_CORNER = 8;

/**
 * `unweld` for corners keyed on (`primary[c]`, `keys[c × keyWidth …]`) where `primary` is a dense
 * index below `primaryCount` (a position or file vertex): corners are chained per primary index,
 * so a lookup is a direct array access and a compare with the few vertices of that index, with no
 * hash table. `keys` may be undefined (keyWidth 0): then it numbers primary indices in order of first
 * use. The result is exactly `unweld`'s over the (1 + keyWidth)-word keys: vertices in order of
 * first occurrence. Past a chain budget it falls back to `unweld` (same result, linear cost).
 * TypeScript reference.
 */
export function unweldByVertexJS(
  primary: Uint32Array,
  primaryCount: number,
  keys: Uint32Array | undefined,
  keyWidth: number,
  options: UnweldByVertexOptions = {},
): UnweldResult {
  const cornerCount = options.cornerCount ?? primary.length;
  checkUnweldByVertex(primary, primaryCount, keys, keyWidth, cornerCount);
  const k = keys ?? EMPTY;
  const head = new Int32Array(primaryCount).fill(-1);
  const indices = new Uint32Array(cornerCount);
  const firstCorner = new Uint32Array(cornerCount);
  if (keyWidth === 0) return numberByFirstUse(primary, primaryCount, cornerCount, head, indices, firstCorner);
  const next = new Int32Array(cornerCount);
  const state = Int32Array.of(0, chainBudget(cornerCount)); // vertex count, chain budget
  for (let c = 0; c < cornerCount; c += CHUNK) {
    chainFrom(c, Math.min(cornerCount, c + CHUNK), primary, primaryCount, k, keyWidth, head, next, indices, firstCorner, state);
    if (state[1] < 0) return unweldJS(hashRows(primary, primaryCount, keys, keyWidth, cornerCount), keyWidth + 1, cornerCount);
  }
  const vertexCount = state[0];
  return { indices, firstCorner: firstCorner.slice(0, vertexCount), vertexCount };
}

/** The keyless form: one vertex per primary index, numbered by first use (no chains). */
function numberByFirstUse(primary: Uint32Array, primaryCount: number, cornerCount: number, head: Int32Array, indices: Uint32Array, firstCorner: Uint32Array): UnweldResult {
  let vertexCount = 0;
  for (let c = 0; c < cornerCount; c++) {
    const p = primary[c];
    if (p >= primaryCount) throw new RangeError(`primary index ${p} of corner ${c} is not below ${primaryCount}`);
    let v = head[p];
    if (v < 0) {
      v = head[p] = vertexCount++;
      firstCorner[v] = c;
    }
    indices[c] = v;
  }
  return { indices, firstCorner: firstCorner.slice(0, vertexCount), vertexCount };
}

/**
 * Corners per call of the loop: called many times per mesh, it is optimised as a function and stays
 * optimised across calls, where one call over every corner would run mostly in the baseline tier
 * until on-stack replacement caught up (measured ~3× slower in LOD's local copy of this loop).
 */
const CHUNK = 1 << 15;

/** The hot loop from corner `c` to `end`; stops early when the chain budget (`state[1]`) is spent. */
function chainFrom(
  c: number,
  end: number,
  primary: Uint32Array,
  primaryCount: number,
  k: Uint32Array,
  keyWidth: number,
  head: Int32Array,
  next: Int32Array,
  indices: Uint32Array,
  firstCorner: Uint32Array,
  state: Int32Array,
): void {
  let vertexCount = state[0];
  let budget = state[1];
  for (; c < end; c++) {
    const p = primary[c];
    if (p >= primaryCount) throw new RangeError(`primary index ${p} of corner ${c} is not below ${primaryCount}`);
    const base = c * keyWidth;
    let v = head[p];
    while (v >= 0) {
      const other = firstCorner[v] * keyWidth;
      let w = 0;
      while (w < keyWidth && k[other + w] === k[base + w]) w++;
      if (w === keyWidth) break;
      state[1] = --budget;
      if (budget < 0) return;
      v = next[v];
    }
    if (v < 0) {
      v = vertexCount++;
      state[0] = vertexCount;
      firstCorner[v] = c;
      next[v] = head[p];
      head[p] = v;
    }
    indices[c] = v;
  }
}

const EMPTY = new Uint32Array(0);

export function chainBudget(cornerCount: number): number {
  return cornerCount * CHAIN_STEPS_PER_CORNER + 1024;
}

/** The (primary, keys…) rows the hash kernel numbers the same way at a linear cost. */
export function hashRows(primary: Uint32Array, primaryCount: number, keys: Uint32Array | undefined, keyWidth: number, cornerCount: number): Uint32Array {
  const width = keyWidth + 1;
  const rows = new Uint32Array(cornerCount * width);
  for (let c = 0; c < cornerCount; c++) {
    const p = primary[c];
    if (p >= primaryCount) throw new RangeError(`primary index ${p} of corner ${c} is not below ${primaryCount}`);
    rows[c * width] = p;
    for (let w = 0; w < keyWidth; w++) rows[c * width + 1 + w] = keys![c * keyWidth + w];
  }
  return rows;
}

export function checkUnweldByVertex(primary: Uint32Array, primaryCount: number, keys: Uint32Array | undefined, keyWidth: number, cornerCount: number): void {
  expectArray('primary', primary, Uint32Array);
  expectOptionalArray('keys', keys, Uint32Array);
  if (!Number.isInteger(primaryCount) || primaryCount < 0 || primaryCount > 0x7fffffff) throw new RangeError(`primaryCount must be a non-negative integer, got ${primaryCount}`);
  if (!Number.isInteger(keyWidth) || keyWidth < 0) throw new RangeError(`keyWidth must be a non-negative integer, got ${keyWidth}`);
  if (!Number.isInteger(cornerCount) || cornerCount < 0 || cornerCount > primary.length || cornerCount > 0x7fffffff) {
    throw new RangeError(`${cornerCount} corners need ${cornerCount} primary indices, have ${primary.length}`);
  }
  const have = keys?.length ?? 0;
  if (cornerCount * keyWidth > have) throw new RangeError(`${cornerCount} corners of ${keyWidth} key words need ${cornerCount * keyWidth} keys, have ${have}`);
}
