// Typed reads of `extras`: the reader leaves MS3D fields there (docs/formats/ms3d.md §2), and a
// scene from elsewhere may hold anything under the same keys, so every value is checked first.
import type { Extras } from '@relic3d/core';

export function extraNumber(extras: Extras | undefined, key: string): number | undefined {
  const v = extras?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** An integer in [min, max], else undefined. */
export function extraInt(extras: Extras | undefined, key: string, min: number, max: number): number | undefined {
  const v = extraNumber(extras, key);
  return v !== undefined && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
}

export function extraString(extras: Extras | undefined, key: string): string | undefined {
  const v = extras?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** `length` finite numbers (an array or a typed array). */
export function extraVector(extras: Extras | undefined, key: string, length: number): number[] | undefined {
  const v = extras?.[key];
  if (!Array.isArray(v) && !(ArrayBuffer.isView(v) && !(v instanceof DataView))) return undefined;
  const list = Array.from(v as ArrayLike<number>);
  return list.length === length && list.every((x) => typeof x === 'number' && Number.isFinite(x)) ? list : undefined;
}

/** A typed array of the given kind (and length, when given). */
export function extraTyped<T extends Uint8Array | Uint16Array | Uint32Array | Int8Array>(
  extras: Extras | undefined,
  key: string,
  kind: new (n: number) => T,
  length?: number,
): T | undefined {
  const v = extras?.[key];
  return v instanceof kind && (length === undefined || v.length === length) ? (v as T) : undefined;
}

/**
 * Editor fields (flags, mode bytes) are only taken from extras the MS3D reader wrote: another
 * format may use the same key for something else. Its marks: a node's `parentName`, a primitive's
 * `groupIndex`, a material's `sphereMap`.
 */
export function readByMs3d(extras: Extras | undefined, mark: 'parentName' | 'groupIndex' | 'sphereMap'): boolean {
  const v = extras?.[mark];
  return mark === 'parentName' ? typeof v === 'string' : mark === 'groupIndex' ? typeof v === 'number' : typeof v === 'boolean';
}
