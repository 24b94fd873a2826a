import { checkInput, checkMax, widenIndicesJS, type WidenOptions } from './reference/indices.js';
import { wasmModule } from './runtime.js';

export type { WidenOptions } from './reference/indices.js';

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
