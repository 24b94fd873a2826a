// Typed arrays in extras, as buffer views: `{ bufferView, componentType?, count, arrayType }`.
// The writer makes the reference (extras.ts); readers turn it back into the array with
// `extrasArrayOf` (glTF has no accessor for extras, so the reference names the view directly).
import type { BinaryLayout } from '../export/output.js';

/**
 * Typed arrays with more values than this go into the binary buffer; shorter ones stay JSON arrays.
 * Low, because per-vertex and per-triangle lists are bulk data (issue #25): with 65,536 an MS3D's
 * vertex flags, extra weights and triangle lists were JSON numbers, and toGlb ÷ parse over the MS3D
 * corpus was median 1.30 (15 of 21 files over 1), 0.81 (5 of 21) with them in buffer views. A short
 * list (a bind pose's 3 angles) costs less as JSON than a buffer view's entry.
 */
export const INLINE_ARRAY_LIMIT = 64;

/** Every typed-array class an extras reference may name, by name. */
export const ARRAY_TYPES = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

/** glTF component types, where glTF has one for the array's type. */
const GLTF_COMPONENT_TYPE: Partial<Record<ArrayTypeName, number>> = { Int8Array: 5120, Uint8Array: 5121, Int16Array: 5122, Uint16Array: 5123, Uint32Array: 5125, Float32Array: 5126 };

/** An extras value that stands for a typed array in a buffer view. */
export interface ExtrasArrayReference {
  bufferView: number;
  /** The glTF component type, when glTF has one for `arrayType`. */
  componentType?: number;
  /** Elements (not bytes). */
  count: number;
  arrayType: ArrayTypeName;
}

/** Places the array's bytes in the buffer (once per array) and returns the reference to write. */
export function arrayReference(array: ArrayBufferView, layout: BinaryLayout): ExtrasArrayReference {
  const arrayType = arrayTypeName(array);
  const componentType = GLTF_COMPONENT_TYPE[arrayType];
  return {
    bufferView: layout.view(array),
    ...(componentType ? { componentType } : {}),
    count: (array as unknown as ArrayLike<unknown>).length,
    arrayType,
  };
}

/** The standard typed-array class an array is, or derives from: a Node Buffer is written as a Uint8Array. */
export function arrayTypeName(array: ArrayBufferView): ArrayTypeName {
  for (let proto: unknown = Object.getPrototypeOf(array); proto; proto = Object.getPrototypeOf(proto)) {
    const name = (proto as { constructor?: { name?: string } }).constructor?.name;
    if (name && Object.hasOwn(ARRAY_TYPES, name)) return name as ArrayTypeName;
  }
  return array.constructor.name as ArrayTypeName;
}

/** Whether an extras value is such a reference. */
export function isExtrasArrayReference(value: unknown): value is ExtrasArrayReference {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.bufferView) && Number.isInteger(v.count) && typeof v.arrayType === 'string' && Object.hasOwn(ARRAY_TYPES, v.arrayType);
}

/**
 * The typed array an extras reference stands for (a copy), given the file's buffer views and the
 * bytes of its buffers; undefined when the reference does not fit the view.
 */
export function extrasArrayOf(
  reference: unknown,
  bufferViews: readonly { buffer: number; byteOffset?: number; byteLength: number }[],
  buffers: readonly (Uint8Array | undefined)[],
): ArrayBufferView | undefined {
  if (!isExtrasArrayReference(reference)) return undefined;
  const view = bufferViews[reference.bufferView];
  const buffer = view && buffers[view.buffer];
  if (!buffer) return undefined;
  const Type = ARRAY_TYPES[reference.arrayType];
  const byteLength = reference.count * Type.BYTES_PER_ELEMENT;
  const start = view.byteOffset ?? 0;
  if (reference.count < 0 || byteLength > view.byteLength || start + view.byteLength > buffer.byteLength) return undefined;
  const copy = new Uint8Array(buffer.subarray(start, start + byteLength)); // not slice(): a Buffer's is a view
  return new Type(copy.buffer, 0, reference.count);
}
