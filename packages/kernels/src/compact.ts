import { checkCompact, compactResult, compactTrianglesJS, type CompactTriangles } from './reference/compact.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export type { CompactTriangles } from './reference/compact.js';

/**
 * Triangles over their own vertices, renumbered by first use with the winding reversed (see
 * {@link compactTrianglesJS}): a material block's triangles over a shared vertex list. Runs in WASM
 * once `ready()` has resolved (the indices read in place inside `withInput`); results are
 * identical to the TypeScript reference, which also runs when `remap` scratch is all it needs.
 */
export function compactTriangles(
  indices: Uint16Array | Uint32Array,
  vertexCount: number,
  remap?: Int32Array,
  options: { kernels?: KernelMode; variant?: Variant } = {},
): CompactTriangles {
  const wasm = wasmModule(options);
  if (!wasm) return compactTrianglesJS(indices, vertexCount, remap);
  checkCompact(indices, vertexCount);
  const triangles = Math.floor(indices.length / 3);
  return wasm.run(() => {
    const wide = indices instanceof Uint32Array;
    const input = wasm.place(new Uint8Array(indices.buffer, indices.byteOffset, triangles * 3 * indices.BYTES_PER_ELEMENT));
    const sourceLength = Math.min(vertexCount, triangles * 3);
    const outWide = vertexCount > 0xffff;
    const map = wasm.alloc(vertexCount * 4), source = wasm.alloc(sourceLength * 4), counts = wasm.alloc(4);
    const out = wasm.alloc(triangles * 3 * (outWide ? 4 : 2));
    const unique = wasm.exports.compactTriangles(input, wide ? 1 : 0, triangles, vertexCount, map, source, out, outWide ? 1 : 0, counts);
    const corners = wasm.view(Uint32Array, counts, 1)[0];
    // Only what was written is copied out (the reference trims the same way).
    const written = outWide ? wasm.take(Uint32Array, out, corners) : wasm.take(Uint16Array, out, corners);
    return compactResult(written, corners, wasm.take(Uint32Array, source, unique), unique, triangles);
  }, () => compactTrianglesJS(indices, vertexCount, remap));
}
