import { checkUnweld, unweldJS, type UnweldResult } from './reference/unweld.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export type { UnweldResult } from './reference/unweld.js';

/**
 * Multi-index unwelding with hash dedupe (see {@link unweldJS}). Runs in WASM once `ready()` has
 * resolved; results are identical to the TypeScript reference.
 */
export function unweld(
  keys: Uint32Array,
  keyWidth: number,
  cornerCount = keys.length / keyWidth,
  options: { kernels?: KernelMode; variant?: Variant } = {},
): UnweldResult {
  const wasm = wasmModule(options);
  if (!wasm) return unweldJS(keys, keyWidth, cornerCount);
  checkUnweld(keys, keyWidth, cornerCount);
  let size = 16;
  while (size < cornerCount * 2) size *= 2;
  return wasm.run(() => {
    const k = wasm.copyIn(new Uint8Array(keys.buffer, keys.byteOffset, cornerCount * keyWidth * 4));
    const table = wasm.alloc(size * 4);
    const indices = wasm.alloc(cornerCount * 4);
    const first = wasm.alloc(cornerCount * 4);
    const vertexCount = wasm.exports.unweld(k, keyWidth, cornerCount, table, size - 1, indices, first);
    return { indices: wasm.take(Uint32Array, indices, cornerCount), firstCorner: wasm.take(Uint32Array, first, vertexCount), vertexCount };
  }, () => unweldJS(keys, keyWidth, cornerCount));
}

/** Gathers `size` components per new vertex from a per-corner (or per-source) array. */
export function gather<T extends Float32Array | Uint16Array | Uint32Array | Uint8Array>(
  source: T,
  size: number,
  sourceIndexOfVertex: ArrayLike<number>,
  vertexCount = sourceIndexOfVertex.length,
): T {
  const out = new (source.constructor as new (n: number) => T)(vertexCount * size);
  for (let v = 0; v < vertexCount; v++) {
    const s = sourceIndexOfVertex[v] * size;
    for (let c = 0; c < size; c++) out[v * size + c] = source[s + c];
  }
  return out;
}
