import { expectArray, expectCount } from './guard.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export interface WidenOptions {
  /** When given, every index must be below it (RangeError otherwise). */
  vertexCount?: number;
  kernels?: KernelMode;
  variant?: Variant;
}

/** Indices of a type the kernels have no loop for (a Float64Array, say) would be read as u16 pairs. */
function checkInput(indices: unknown, vertexCount: unknown): void {
  expectArray('indices', indices, Uint8Array, Uint16Array, Uint32Array);
  if (vertexCount !== undefined) expectCount('vertexCount', vertexCount, 0x100000000);
}

function checkMax(max: number, vertexCount: number | undefined): void {
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

/**
 * Widens u8/u16 indices to u32 (a u32 input is copied), checking in the same pass that every index
 * is below `options.vertexCount` when given.
 */
export function widenIndices(indices: Uint8Array | Uint16Array | Uint32Array, options: WidenOptions = {}): Uint32Array {
  const wasm = wasmModule(options);
  if (!wasm || indices instanceof Uint32Array) return widenIndicesJS(indices, options);
  checkInput(indices, options.vertexCount);
  return wasm.run(() => {
    const n = indices.length;
    const src = wasm.put(indices);
    const dst = wasm.alloc(n * 4);
    const max = indices instanceof Uint8Array ? wasm.exports.widenU8(src, n, dst) : wasm.exports.widenU16(src, n, dst);
    checkMax(max, options.vertexCount);
    return wasm.take(Uint32Array, dst, n);
  }, () => widenIndicesJS(indices, options));
}
