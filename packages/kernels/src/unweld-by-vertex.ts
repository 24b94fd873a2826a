import { chainBudget, checkUnweldByVertex, hashRows, unweldByVertexJS, type UnweldByVertexOptions } from './reference/unweld-by-vertex.js';
import type { UnweldResult } from './reference/unweld.js';
import { wasmModule } from './runtime.js';
import { unweld } from './unweld.js';

export { CHAIN_STEPS_PER_CORNER, type UnweldByVertexOptions } from './reference/unweld-by-vertex.js';

// Deliberately the same parameter list as its twin (WASM path and TypeScript reference share one signature).
/**
 * Unwelding keyed on a dense primary index plus extra key words (see {@link unweldByVertexJS}).
 * Runs in WASM once `ready()` has resolved; results are identical to the TypeScript reference and
 * to `unweld` over the concatenated keys.
 */
export function unweldByVertex(
  primary: Uint32Array,
  primaryCount: number,
  keys: Uint32Array | undefined,
  keyWidth: number,
  options: UnweldByVertexOptions = {},
): UnweldResult {
  const wasm = wasmModule(options);
  if (!wasm) return unweldByVertexJS(primary, primaryCount, keys, keyWidth, options);
  const cornerCount = options.cornerCount ?? primary.length;
  checkUnweldByVertex(primary, primaryCount, keys, keyWidth, cornerCount);
  const result = wasm.run(
    () => {
      const p = wasm.copyIn(new Uint8Array(primary.buffer, primary.byteOffset, cornerCount * 4));
      const k = keyWidth ? wasm.copyIn(new Uint8Array(keys!.buffer, keys!.byteOffset, cornerCount * keyWidth * 4)) : 0;
      const head = wasm.alloc(primaryCount * 4);
      const next = wasm.alloc(cornerCount * 4);
      const indices = wasm.alloc(cornerCount * 4);
      const first = wasm.alloc(cornerCount * 4);
      const n = wasm.exports.unweldByVertex(p, primaryCount, k, keyWidth, cornerCount, head, next, indices, first, chainBudget(cornerCount));
      if (n === -1) return undefined; // chain budget spent
      if (n < -1) {
        const c = -2 - n;
        throw new RangeError(`primary index ${primary[c]} of corner ${c} is not below ${primaryCount}`);
      }
      return { indices: wasm.take(Uint32Array, indices, cornerCount), firstCorner: wasm.take(Uint32Array, first, n), vertexCount: n };
    },
    () => unweldByVertexJS(primary, primaryCount, keys, keyWidth, options),
  );
  return result ?? unweld(hashRows(primary, primaryCount, keys, keyWidth, cornerCount), keyWidth + 1, cornerCount, { kernels: options.kernels, variant: options.variant });
}

