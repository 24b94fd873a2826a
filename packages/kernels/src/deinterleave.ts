import { CTORS, SIZES, checkLayout, deinterleaveJS, type DeinterleavedArrays, type FieldLayout } from './reference/deinterleave.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export { checkLayout } from './reference/deinterleave.js';
export type { DeinterleavedArrays, FieldLayout, FieldType } from './reference/deinterleave.js';

/** Field type codes of the deinterleaveFields kernel (assembly/deinterleave.ts). */
const TYPE_CODES = { f32: 0, u8: 1, u16: 2, i16: 2, u32: 3, i32: 3 } as const;

export interface DeinterleaveOptions {
  kernels?: KernelMode;
  /** Pin a WASM variant (tests and benchmarks). */
  variant?: Variant;
}

/**
 * Splits fixed-stride records (MDL 84/96-byte, O3D 32/44-byte, MS3D 15-byte...) into one packed
 * array per field. Runs in WASM once `ready()` has resolved, else in TypeScript; results are
 * identical. WASM pays here: 550,000 records in one run (load ~25 on 2 cores), SIMD vs TypeScript,
 * MDL 96 B 38–46 vs 55–114 ms, O3D 44 B 12–16 vs 16–34 ms (1.2–2.8×, more when the input is unaligned).
 * As MDL calls it (records read in place after `withInput`, off a 4-byte boundary in most real files,
 * where the twin first copies them): 1.55–2.58× the twin; aligned 1.07–1.86× (bench/src/deinterleave-placed.ts).
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
    const src = wasm.place(bytes.subarray(0, count * stride));
    const fields = Object.entries(layout).map(([name, f]) => ({ name, f, n: count * f.components, dst: wasm.alloc(count * f.components * SIZES[f.type]) }));
    const table = wasm.alloc(fields.length * 16);
    const entries = wasm.view(Uint32Array, table, fields.length * 4);
    fields.forEach(({ f, dst }, i) => entries.set([TYPE_CODES[f.type], f.offset, f.components, dst], i * 4));
    wasm.exports.deinterleaveFields(src, count, stride, table, fields.length);
    const out: Record<string, ArrayBufferView> = {};
    for (const { name, f, dst, n } of fields) out[name] = wasm.take(CTORS[f.type] as never, dst, n);
    return out as DeinterleavedArrays<L>;
  }, () => deinterleaveJS(bytes, stride, count, layout));
}
