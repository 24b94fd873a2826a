import { expectArray } from '../guard.js';
import type { KernelMode, Variant } from '../runtime.js';
import { unweldSortedJS } from './unweld-sorted.js';

export interface UnweldResult {
  /** New vertex index per corner. */
  indices: Uint32Array;
  /** For each new vertex, the first corner that produced it (gather attributes from there). */
  firstCorner: Uint32Array;
  vertexCount: number;
}

export interface UnweldOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Probe steps allowed before the sort path takes over (default {@link probeBudget}; tests set 0). */
  probeBudget?: number;
}

/**
 * Probe steps past a different key allowed per corner (plus a constant) before the sort path takes
 * over: keys crafted to share a hash, or a window of slots, make linear probing O(n²) (issue 25).
 * The attribute rows of every corpus and bench model took 0.24 such steps per row, at most 1.22.
 */
export const PROBES_PER_CORNER = 8;

export function probeBudget(cornerCount: number): number {
  return Math.min(cornerCount * PROBES_PER_CORNER + 1024, 0x7fffffff);
}

/**
 * Multi-index unwelding with hash dedupe: corners whose `keyWidth`-word keys are equal become one
 * vertex, numbered by first corner. Keys are whatever identifies a corner: per-attribute indices
 * (LOD, ASE) or raw float bits of corner normals and UVs (MS3D). Past a probe budget (crafted
 * keys) the same result is computed by sorting, so no key list costs more than O(n log n).
 * TypeScript reference.
 */
export function unweldJS(keys: Uint32Array, keyWidth: number, cornerCount = keys.length / keyWidth, options: UnweldOptions = {}): UnweldResult {
  checkUnweld(keys, keyWidth, cornerCount);
  let budget = budgetOf(options, cornerCount);
  let size = 16;
  while (size < cornerCount * 2) size <<= 1;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1); // vertex index per slot
  const indices = new Uint32Array(cornerCount);
  const firstCorner = new Uint32Array(cornerCount);
  let vertexCount = 0;
  for (let c = 0; c < cornerCount; c++) {
    const base = c * keyWidth;
    let h = 0x811c9dc5 | 0;
    for (let k = 0; k < keyWidth; k++) {
      h = Math.imul(h ^ keys[base + k], 0x01000193);
      h ^= h >>> 15;
    }
    let slot = h & mask;
    for (;;) {
      const v = table[slot];
      if (v < 0) {
        table[slot] = vertexCount;
        firstCorner[vertexCount] = c;
        indices[c] = vertexCount++;
        break;
      }
      const other = firstCorner[v] * keyWidth;
      let same = true;
      for (let k = 0; k < keyWidth; k++) {
        if (keys[other + k] !== keys[base + k]) {
          same = false;
          break;
        }
      }
      if (same) {
        indices[c] = v;
        break;
      }
      if (--budget < 0) return unweldSortedJS(keys, keyWidth, cornerCount);
      slot = (slot + 1) & mask;
    }
  }
  return { indices, firstCorner: firstCorner.slice(0, vertexCount), vertexCount };
}

export function checkUnweld(keys: Uint32Array, keyWidth: number, cornerCount: number): void {
  expectArray('keys', keys, Uint32Array);
  if (!Number.isInteger(keyWidth) || keyWidth <= 0) throw new RangeError(`keyWidth must be a positive integer, got ${keyWidth}`);
  if (!Number.isInteger(cornerCount) || cornerCount < 0 || cornerCount * keyWidth > keys.length) {
    throw new RangeError(`${cornerCount} corners of ${keyWidth} words need ${cornerCount * keyWidth} keys, have ${keys.length}`);
  }
}

/** The probe budget of a call: the option (checked), else {@link probeBudget}. */
export function budgetOf(options: UnweldOptions, cornerCount: number): number {
  const b = options.probeBudget;
  if (b === undefined) return probeBudget(cornerCount);
  if (!Number.isInteger(b) || b < 0) throw new RangeError(`probeBudget must be a non-negative integer, got ${b}`);
  return Math.min(b, 0x7fffffff);
}
