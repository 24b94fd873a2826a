// Extras: whatever the scene says that glTF has no field for, as plain JSON. Bulk typed arrays go
// into buffer views the extras reference (io/extras-arrays.ts), never into millions of JSON numbers;
// nesting is cut at a fixed depth, so neither this nor JSON.stringify recurses on input depth. A
// list of records (objects) keeps its first MAX_EXTRAS_RECORDS: each record costs the export ~15×
// its bytes in a hostile file (200,000 12-byte LOD chunks: a 16.5 MB JSON chunk, 95 MB at the peak).
import { arrayReference, INLINE_ARRAY_LIMIT } from '../io/extras-arrays.js';
import type { ExportContext } from './context.js';
import type { BinaryLayout, Json } from './output.js';

/** Deepest extras written; anything below becomes null (GLTF_EXTRAS_CUT). */
export const MAX_EXTRAS_DEPTH = 64;

/** Records (objects, arrays) an extras list keeps; the rest are counted (GLTF_EXTRAS_RECORDS_CUT). No corpus list has 200. */
export const MAX_EXTRAS_RECORDS = 10_000;

/** Per export: where bulk arrays go and how much was cut. */
export interface ExtrasBudget {
  arrays: 'buffer' | 'all' | 'omit';
  layout: BinaryLayout;
  /** Values cut for being nested too deep or cyclic. */
  cut: number;
  /** Bulk arrays left out (`extrasArrays: 'omit'`). */
  omitted: number;
  /** Lists cut to MAX_EXTRAS_RECORDS, the items they left out, and the key of the first. */
  records?: { lists: number; items: number; firstKey?: string; firstLength: number };
}

/** Items of a list of over MAX_EXTRAS_RECORDS records written; the rest are counted in the budget. */
function keptItems(list: unknown[], budget: ExtrasBudget | undefined): number {
  if (!budget || list.length <= MAX_EXTRAS_RECORDS) return list.length;
  let records = 0;
  for (let i = 0; i < list.length; i++) if (typeof list[i] === 'object' && list[i] !== null) records++;
  if (records <= MAX_EXTRAS_RECORDS) return list.length;
  const cut = (budget.records ??= { lists: 0, items: 0, firstLength: list.length });
  cut.lists++;
  cut.items += list.length - MAX_EXTRAS_RECORDS;
  return MAX_EXTRAS_RECORDS;
}

/** Turns format extras into plain JSON: typed arrays become arrays (or buffer references), non-finite numbers null. */
export function toJSONValue(value: unknown, budget?: ExtrasBudget, seen: object[] = []): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'function':
    case 'symbol':
      return null;
  }
  const object = value as object;
  // The objects on the path from the root: a cycle, or nesting past the limit, becomes null.
  if (seen.length >= MAX_EXTRAS_DEPTH || seen.includes(object)) {
    if (budget) budget.cut++;
    return null;
  }
  seen.push(object);
  try {
    if (ArrayBuffer.isView(object)) {
      if (object instanceof DataView) return null;
      const array = object as unknown as ArrayLike<number | bigint>;
      // 'all': every non-empty typed array goes to a buffer view, so every one reads back with its type.
      if (budget && (array.length > INLINE_ARRAY_LIMIT || (budget.arrays === 'all' && array.length > 0))) {
        if (budget.arrays === 'omit') {
          budget.omitted++;
          return null;
        }
        return arrayReference(object, budget.layout);
      }
      // Integer arrays are finite: copied as they are, pushed (a packed array: JSON.stringify's fast
      // path; Array.from takes the iterator path on a typed array): 1.5× less for Wuson.ms3d's extras.
      if (!(object instanceof Float32Array || object instanceof Float64Array || object instanceof BigInt64Array || object instanceof BigUint64Array)) {
        const ints: number[] = [];
        for (let i = 0; i < array.length; i++) ints.push(array[i] as number);
        return ints;
      }
      const out = new Array<unknown>(array.length);
      for (let i = 0; i < array.length; i++) {
        const x = array[i];
        out[i] = typeof x === 'bigint' ? Number(x) : Number.isFinite(x) ? x : null;
      }
      return out;
    }
    if (object instanceof ArrayBuffer) return toJSONValue(new Uint8Array(object), budget, seen);
    if (Array.isArray(object)) {
      const out = new Array<unknown>(keptItems(object, budget));
      for (let i = 0; i < out.length; i++) out[i] = toJSONValue(object[i], budget, seen);
      return out;
    }
    if (object instanceof Map) return toJSONValue(Object.fromEntries(object), budget, seen);
    if (object instanceof Set) return toJSONValue([...object], budget, seen);
    if (object instanceof Date) return object.toISOString();
    const out: Record<string, unknown> = {};
    // An index loop, not for…of: extras can hold 10⁵ records, and each iterator is garbage the export pays for.
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = (object as Record<string, unknown>)[k];
      if (v === undefined || typeof v === 'function') continue;
      const listsCut = budget?.records?.lists;
      out[k] = toJSONValue(v, budget, seen);
      if (budget?.records && budget.records.firstKey === undefined && budget.records.lists !== listsCut) budget.records.firstKey = k;
    }
    return out;
  } finally {
    seen.pop();
  }
}

/** Plain-object extras, or undefined when there is nothing to write. */
export function extrasOf(budget: ExtrasBudget | undefined, ...parts: (Record<string, unknown> | undefined)[]): Json | undefined {
  let merged: Record<string, unknown> | undefined;
  for (const part of parts) {
    if (!part) continue;
    for (const k of Object.keys(part)) {
      const v = part[k];
      if (v !== undefined) (merged ??= {})[k] = v;
    }
  }
  return merged && (toJSONValue(merged, budget) as Json);
}

/** The glTF scene's extras: the scene's own, where it came from, and its colliders (node indices as written). */
export function writeSceneExtras(ctx: ExportContext): void {
  // Scene node i is glTF node i.
  const indexOf = (i: number | undefined) => (i === undefined || i < 0 || i >= ctx.scene.nodes.length ? undefined : i);
  const colliders = ctx.scene.colliders.map((c) => ({
    name: c.name,
    node: indexOf(c.node),
    nodeName: c.node !== undefined && c.node >= 0 ? ctx.scene.nodes[c.node]?.name : undefined,
    shape: c.shape,
    translation: c.translation,
    rotation: c.rotation,
    scale: c.scale,
    extras: c.extras,
  }));
  const value = ctx.extras(ctx.scene.extras, {
    relic3d: { format: ctx.scene.format, version: ctx.scene.version },
    colliders: colliders.length ? colliders : undefined,
  });
  // What the file left out of its extras lists, said in the file too (every phase has run).
  const records = ctx.extrasBudget.records;
  if (value && records) (value.relic3d as Json).extrasItemsLeftOut = { lists: records.lists, items: records.items, keptPerList: MAX_EXTRAS_RECORDS };
  ctx.sceneExtras.value = value;
}

/** One warning for everything extras lost (called once, after every phase). */
export function warnExtrasCut(ctx: ExportContext): void {
  const { cut, omitted, records } = ctx.extrasBudget;
  if (records) {
    const first = `${records.firstKey === undefined ? 'the first' : `'${records.firstKey}'`}, ${records.firstLength} items`;
    ctx.warn('GLTF_EXTRAS_RECORDS_CUT', `${records.lists} extras list${records.lists === 1 ? '' : 's'} of over ${MAX_EXTRAS_RECORDS} records kept the first ${MAX_EXTRAS_RECORDS}: ${records.items} items left out (${first})`);
  }
  if (cut) ctx.warn('GLTF_EXTRAS_CUT', `${cut} extras values nested deeper than ${MAX_EXTRAS_DEPTH} levels (or in a cycle) written as null`);
  if (omitted) ctx.warn('GLTF_EXTRAS_ARRAYS_OMITTED', `${omitted} typed arrays of over ${INLINE_ARRAY_LIMIT} values left out of the extras (extrasArrays: 'omit')`);
}
