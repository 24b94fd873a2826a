import { budgetOf, checkUnweld, unweldJS, type UnweldOptions, type UnweldResult } from './reference/unweld.js';
import { wasmModule } from './runtime.js';

export { PROBES_PER_CORNER, type UnweldOptions, type UnweldResult } from './reference/unweld.js';

/**
 * Multi-index unwelding with hash dedupe (see {@link unweldJS}), sorting past a probe budget.
 * Runs in WASM once `ready()` has resolved; results are identical to the TypeScript reference.
 */
export function unweld(keys: Uint32Array, keyWidth: number, cornerCount = keys.length / keyWidth, options: UnweldOptions = {}): UnweldResult {
  const wasm = wasmModule(options);
  if (!wasm) return unweldJS(keys, keyWidth, cornerCount, options);
  checkUnweld(keys, keyWidth, cornerCount);
  const budget = budgetOf(options, cornerCount);
  let size = 16;
  while (size < cornerCount * 2) size *= 2;
  return wasm.run(() => {
    const k = wasm.copyIn(new Uint8Array(keys.buffer, keys.byteOffset, cornerCount * keyWidth * 4));
    const table = wasm.alloc(size * 4);
    const indices = wasm.alloc(cornerCount * 4);
    const first = wasm.alloc(cornerCount * 4);
    let vertexCount = wasm.exports.unweld(k, keyWidth, cornerCount, table, size - 1, indices, first, budget);
    // Probe budget spent (crafted keys): the same numbering by sorting, in the spent table (≥ 2 × corners words).
    if (vertexCount < 0) vertexCount = wasm.exports.unweldSorted(k, keyWidth, cornerCount, table, table + cornerCount * 4, indices, first);
    return { indices: wasm.take(Uint32Array, indices, cornerCount), firstCorner: wasm.take(Uint32Array, first, vertexCount), vertexCount };
  }, () => unweldJS(keys, keyWidth, cornerCount, options));
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
