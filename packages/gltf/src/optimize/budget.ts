// The memory budget of an optimisation (core's write budget, on the input's bytes): decoding a
// compressed input, welding, quantizing and encoding each hold a copy of the vertex data, so the
// data the JSON declares is measured before glTF-Transform allocates any of it. A compressed input
// that declares gigabytes of vertices in a few kilobytes is refused here.
import { checkBudget, WRITE_BUDGET_BASE, WRITE_BUDGET_FACTOR } from '@relic3d/core';

/** Copies of the declared data the pipeline holds at once (decoded, welded, quantized, encoded). */
export const OPTIMIZE_COPIES = 4;

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/** Bytes the accessors of `json` declare (count × element size; sparse ones as dense, as they are decoded). */
export function declaredAccessorBytes(json: unknown): number {
  const accessors = (json as { accessors?: unknown }).accessors;
  if (!Array.isArray(accessors)) return 0;
  let bytes = 0;
  for (const a of accessors as { count?: unknown; type?: unknown; componentType?: unknown }[]) {
    const count = typeof a?.count === 'number' && a.count > 0 ? a.count : 0;
    const components = COMPONENTS[String(a?.type)] ?? 16;
    const size = COMPONENT_BYTES[Number(a?.componentType)] ?? 4;
    bytes += count * components * size;
  }
  return bytes;
}

/** The budget of optimising `inputBytes` bytes: 8 × them + 64 MB, as for every writer. */
export const optimizeBudget = (inputBytes: number): number => WRITE_BUDGET_FACTOR * inputBytes + WRITE_BUDGET_BASE;

/** Refuses (WriteError OVER_LIMIT) an input whose declared data would not fit the budget. */
export function checkOptimizeBudget(json: unknown, inputBytes: number): void {
  const declared = declaredAccessorBytes(json);
  checkBudget('glb', `optimisation of ${declared} bytes of declared accessor data (${OPTIMIZE_COPIES} copies + the input)`, inputBytes + OPTIMIZE_COPIES * declared, optimizeBudget(inputBytes));
}
