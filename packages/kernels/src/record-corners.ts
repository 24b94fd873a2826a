import {
  checkRecordCorners,
  keyWidthOf,
  keyWordOffsets,
  unweldRecordCornersJS,
  type RecordCornerLayout,
  type RecordCornersOptions,
  type RecordCornersResult,
} from './reference/record-corners.js';
import { chainBudget } from './reference/unweld-by-vertex.js';
import { wasmModule } from './runtime.js';

export type { RecordCornerLayout, RecordCornersOptions, RecordCornersResult } from './reference/record-corners.js';

// Deliberately the same parameter list as its twin (WASM path and TypeScript reference share one signature).
/**
 * Unwelds corners read in place from records (see {@link unweldRecordCornersJS}): in WASM once
 * `ready()` has resolved, the keys built and unwelded in module memory in one call, with the
 * records read where `withInput` placed them. Results are identical to the TypeScript reference.
 */
export function unweldRecordCorners(records: Uint8Array, rows: Uint16Array, layout: RecordCornerLayout, primaryCount: number, options: RecordCornersOptions = {}): RecordCornersResult {
  const wasm = wasmModule(options);
  if (!wasm) return unweldRecordCornersJS(records, rows, layout, primaryCount, options);
  checkRecordCorners(records, rows, layout, primaryCount);
  const width = keyWidthOf(layout);
  const corners = rows.length * layout.cornersPerRecord;
  const result = wasm.run(
    () => {
      const r = wasm.place(records);
      const rowsAt = wasm.put(rows);
      const table = wasm.put(keyWordOffsets(layout));
      const primary = wasm.alloc(corners * 4);
      const keys = wasm.alloc(corners * width * 4);
      const bad = wasm.exports.recordCornerKeys(r, layout.stride, rowsAt, rows.length, layout.cornersPerRecord, layout.primaryOffset, table, width, primaryCount, primary, keys);
      if (bad >= 0) {
        const none = new Uint32Array(0);
        return { primary: wasm.take(Uint32Array, primary, bad), badCorner: bad, indices: none, firstCorner: none, vertexCount: 0 };
      }
      const head = wasm.alloc(primaryCount * 4);
      const next = wasm.alloc(corners * 4);
      const indices = wasm.alloc(corners * 4);
      const first = wasm.alloc(corners * 4);
      const n = wasm.exports.unweldByVertex(primary, primaryCount, keys, width, corners, head, next, indices, first, chainBudget(corners));
      if (n < 0) return undefined; // chain budget spent (a forged file): the reference takes the hash route
      return { primary: wasm.take(Uint32Array, primary, corners), badCorner: -1, indices: wasm.take(Uint32Array, indices, corners), firstCorner: wasm.take(Uint32Array, first, n), vertexCount: n };
    },
    () => unweldRecordCornersJS(records, rows, layout, primaryCount, { kernels: 'js' }),
  );
  return result ?? unweldRecordCornersJS(records, rows, layout, primaryCount, { kernels: 'js' });
}
