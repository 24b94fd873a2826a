import { checkGather, gatherRecordsJS, recordOutOfRange, type GatheredRecords, type GatherField } from './reference/gather.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export type { GatheredRecords, GatherField } from './reference/gather.js';

// Deliberately the same parameter list as its twin (WASM path and TypeScript reference share one signature).
/**
 * The f32 fields of the records `source` names, one packed array per field, component `negate`
 * written as 0 − x, non-finite values written as 0 and counted (see {@link gatherRecordsJS}): in
 * WASM once `ready()` has resolved, the records read where `withInput` placed them, every field in
 * one pass, each result copied out once. Results are bit-identical to the TypeScript reference.
 */
export function gatherRecords(
  records: Uint8Array,
  stride: number,
  source: Uint32Array,
  fields: readonly GatherField[],
  options: { kernels?: KernelMode; variant?: Variant } = {},
): GatheredRecords {
  const wasm = wasmModule(options);
  if (!wasm) return gatherRecordsJS(records, stride, source, fields);
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
