import { expectArray, expectCount } from '../guard.js';
import type { KernelMode, Variant } from '../runtime.js';

export interface WidenOptions {
  /** When given, every index must be below it (RangeError otherwise). */
  vertexCount?: number;
  kernels?: KernelMode;
  variant?: Variant;
}

/** Indices of a type the kernels have no loop for (a Float64Array, say) would be read as u16 pairs. */
export function checkInput(indices: unknown, vertexCount: unknown): void {
  expectArray('indices', indices, Uint8Array, Uint16Array, Uint32Array);
  if (vertexCount !== undefined) expectCount('vertexCount', vertexCount, 0x100000000);
}

export function checkMax(max: number, vertexCount: number | undefined): void {
  if (vertexCount !== undefined && max >= vertexCount) {
    throw new RangeError(`index ${max} is out of range for ${vertexCount} vertices`);
  }
}

/** TypeScript reference of {@link widenIndices}. */
export function widenIndicesJS(indices: Uint8Array | Uint16Array | Uint32Array, options: WidenOptions = {}): Uint32Array {
  checkInput(indices, options.vertexCount);
  const out = new Uint32Array(indices.length);
  let max = 0;
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i];
    out[i] = v;
    if (v > max) max = v;
  }
  checkMax(max, options.vertexCount);
  return out;
}
