import { CTORS, SIZES, checkLayout, deinterleaveJS, type DeinterleavedArrays, type FieldLayout } from './reference/deinterleave.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export { checkLayout } from './reference/deinterleave.js';
export type { DeinterleavedArrays, FieldLayout, FieldType } from './reference/deinterleave.js';

export interface DeinterleaveOptions {
  kernels?: KernelMode;
  /** Pin a WASM variant (tests and benchmarks). */
  variant?: Variant;
}

/**
 * Splits fixed-stride records (MDL 84/96-byte, O3D 32/44-byte, MS3D 15-byte...) into one packed
 * array per field. Runs in WASM once `ready()` has resolved, else in TypeScript; results are
 * identical.
 */
export function deinterleave<L extends Record<string, FieldLayout>>(
  bytes: Uint8Array,
  stride: number,
  count: number,
  layout: L,
  options: DeinterleaveOptions = {},
): DeinterleavedArrays<L> {
  const wasm = wasmModule(options);
  if (!wasm) return deinterleaveJS(bytes, stride, count, layout);
  checkLayout(bytes, stride, count, layout);
  return wasm.run(() => {
    const src = wasm.copyIn(bytes.subarray(0, count * stride));
    const e = wasm.exports;
    const fields = Object.entries(layout).map(([name, f]) => {
      const n = count * f.components;
      const dst = wasm.alloc(n * SIZES[f.type]);
      const kernel =
        f.type === 'f32' ? e.deinterleaveF32 : f.type === 'u8' ? e.deinterleaveU8 : f.type === 'u16' || f.type === 'i16' ? e.deinterleaveU16 : e.deinterleaveU32;
      kernel(src, count, stride, f.offset, f.components, dst);
      return { name, f, dst, n };
    });
    const out: Record<string, ArrayBufferView> = {};
    for (const { name, f, dst, n } of fields) out[name] = wasm.take(CTORS[f.type] as never, dst, n);
    return out as DeinterleavedArrays<L>;
  }, () => deinterleaveJS(bytes, stride, count, layout));
}
