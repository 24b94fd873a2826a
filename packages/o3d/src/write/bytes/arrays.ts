/** Typed arrays as little-endian bytes, and the length-prefixed names of O3D, `.chr` and `.ani` files. */
import type { ByteSink } from '@relic3d/core';

/** Every platform Node and browsers run on is little-endian; the DataView path keeps others correct. */
export const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** The bytes of a typed array as stored in the file (a view when the host is little-endian). */
export function leBytes(a: Float32Array | Int32Array | Uint32Array | Uint16Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.byteLength);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) {
    if (a instanceof Float32Array) view.setFloat32(i * 4, a[i], true);
    else if (a instanceof Int32Array) view.setInt32(i * 4, a[i], true);
    else if (a instanceof Uint32Array) view.setUint32(i * 4, a[i], true);
    else view.setUint16(i * 2, a[i], true);
  }
  return out;
}

/** `int length` (including the NUL), the name's bytes, then the NUL (docs/formats/o3d.md §2.4, §3, §4.2). */
export function lengthName(out: ByteSink, name: Uint8Array): void {
  out.i32(name.length + 1).bytes(name).u8(0);
}

/** Turns names into bytes in the file's code page. */
export type NameBytes = (text: string) => Uint8Array;
