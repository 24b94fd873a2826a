import { checkGather, gatherRecordsJS, recordOutOfRange, type GatheredRecords, type GatherField } from './reference/gather.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export type { GatheredRecords, GatherField } from './reference/gather.js';

// Deliberately the same parameter list as its twin (WASM path and TypeScript reference share one signature).
/**
 * The f32 fields of the records `source` names, one packed array per field, component `negate`
 * written as 0 − x, non-finite values written as 0 and counted (see {@link gatherRecordsJS}): in
 * the SIMD build when the records lie in the input `withInput` placed, every field in one pass, each
 * result copied out once; else the twin. Results are bit-identical on every path. The WASM path runs
 * only where it measured faster (`bench/src/kernels.ts --gather`, 400,000 32-byte records in 4
 * blocks, twin on aligned records, three runs at load ~38): SIMD placed 1.48–1.62× the twin; SIMD
 * with the records copied in 0.74–0.80×, the scalar build 0.59–0.66×.
 */
export function gatherRecords(
  records: Uint8Array,
  stride: number,
  source: Uint32Array,
  fields: readonly GatherField[],
  options: { kernels?: KernelMode; variant?: Variant } = {},
): GatheredRecords {
  const wasm = wasmModule(options);
  // A pinned build always runs (parity tests, benchmarks); by default only the one that measured faster.
  const pinned = options.variant !== undefined;
  if (!wasm || (!pinned && (wasm.variant !== 'simd' || !(records instanceof Uint8Array) || !wasm.holds(records)))) return gatherRecordsJS(records, stride, source, fields);
  checkGather(records, stride, source, fields);
  const recordCount = Math.floor(records.byteLength / stride);
  const n = source.length;
  return wasm.run(() => {
    const at = wasm.place(records.subarray(0, recordCount * stride));
    const sourceAt = wasm.put(source);
    const table = wasm.alloc(fields.length * 16);
    const outs = fields.map((f) => wasm.alloc(n * f.components * 4));
    const entries = wasm.view(Uint32Array, table, fields.length * 4);
    fields.forEach((f, i) => entries.set([f.offset, f.components, f.negate ?? 4, outs[i]], i * 4));
    const bad = wasm.exports.gatherRecordFloats(at, recordCount, stride, sourceAt, n, table, fields.length) >>> 0;
    if (bad === 0xffffffff) throw recordOutOfRange(recordCount);
    return { arrays: fields.map((f, i) => wasm.take(Float32Array, outs[i], n * f.components)), notFinite: bad };
  }, () => gatherRecordsJS(records, stride, source, fields));
}
