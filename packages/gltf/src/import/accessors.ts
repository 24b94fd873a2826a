// Accessors as the scene holds them: every component type (normalized integers dequantized as the
// spec says, other integers as their values, doubles narrowed) as float32, joints as uint16,
// indices as uint16/uint32. Each accessor converts once per use, however many primitives share it.
import type { Accessor } from '@gltf-transform/core';
import type { ImportContext } from './context.js';
import { finiteArray } from './values.js';

function cached<T>(ctx: ImportContext, accessor: Accessor, use: string, make: () => T): T {
  let byUse = ctx.converted.get(accessor);
  if (!byUse) ctx.converted.set(accessor, (byUse = new Map()));
  let out = byUse.get(use) as T | undefined;
  if (!out) byUse.set(use, (out = make()));
  return out;
}

/** The accessor's components; a Document built by hand may hold fewer than count × size (padded with 0). */
function components(accessor: Accessor): ArrayLike<number> & { length: number } {
  const array = accessor.getArray();
  const length = accessor.getCount() * accessor.getElementSize();
  if (!array) return new Float32Array(length);
  if (array.length >= length) return array.length === length ? array : array.subarray(0, length);
  const padded = new Float64Array(length);
  padded.set(array);
  return padded;
}

/**
 * Float32 components: normalized integers to 0..1 (unsigned) or -1..1 (signed, the most negative
 * value clamped), other integers as they are (KHR_mesh_quantization positions), float32 shared
 * with the document. Non-finite values become 0 (`replaced` counts them, for the caller's warning).
 */
export function floats(ctx: ImportContext, accessor: Accessor): { data: Float32Array; replaced: number } {
  return cached(ctx, accessor, 'floats', () => {
    const array = components(accessor);
    let data: Float32Array;
    if (array instanceof Float32Array) data = array;
    else if (accessor.getNormalized()) data = dequantize(array);
    else data = Float32Array.from(array);
    return finiteArray(data);
  });
}

function dequantize(array: ArrayLike<number>): Float32Array {
  const out = new Float32Array(array.length);
  const scale = (max: number, signed: boolean) => {
    for (let i = 0; i < array.length; i++) out[i] = signed ? Math.max(array[i] / max, -1) : array[i] / max;
  };
  if (array instanceof Uint8Array) scale(255, false);
  else if (array instanceof Uint16Array) scale(65535, false);
  else if (array instanceof Uint32Array) scale(4294967295, false);
  else if (array instanceof Int8Array) scale(127, true);
  else if (array instanceof Int16Array) scale(32767, true);
  else if (array instanceof Int32Array) scale(2147483647, true);
  else for (let i = 0; i < array.length; i++) out[i] = array[i];
  return out;
}

/** Joint indices as uint16; values that are not whole numbers in 0..65535 become 0 (`replaced`). */
export function jointIndices(ctx: ImportContext, accessor: Accessor): { data: Uint16Array; replaced: number } {
  return cached(ctx, accessor, 'joints', () => {
    const array = components(accessor);
    if (array instanceof Uint16Array) return { data: array, replaced: 0 };
    const data = new Uint16Array(array.length);
    let replaced = 0;
    for (let i = 0; i < array.length; i++) {
      const j = array[i];
      if (Number.isInteger(j) && j >= 0 && j <= 0xffff) data[i] = j;
      else replaced++;
    }
    return { data, replaced };
  });
}

/** Index data as uint16 (uint8 widened) or uint32 (as stored); other types' values that are not indices become 0xffffffff. */
export function indexArray(ctx: ImportContext, accessor: Accessor): Uint16Array | Uint32Array {
  return cached(ctx, accessor, 'indices', (): Uint16Array | Uint32Array => {
    const array = components(accessor);
    if (array instanceof Uint16Array || array instanceof Uint32Array) return array;
    if (array instanceof Uint8Array) return Uint16Array.from(array);
    // Not an index type: whole non-negative numbers are still usable.
    const out = new Uint32Array(array.length);
    for (let i = 0; i < array.length; i++) {
      const v = array[i];
      out[i] = Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : 0xffffffff;
    }
    return out;
  });
}
