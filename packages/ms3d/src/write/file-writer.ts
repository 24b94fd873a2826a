// ByteWriter's methods over a buffer made beforehand at the file's exact size: serialize writes
// either a fresh buffer or the one the keys were computed in (keys.ts KeyArena), and every byte of
// the file is written (fixed fields pad with NULs), so that buffer's other contents never show.

import { keepMapAlive } from '@relic3d/core';

export class FileWriter {
  readonly view: DataView;
  length = 0;

  constructor(readonly out: Uint8Array) {
    this.view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  }

  u8(v: number): this {
    this.view.setUint8(this.length++, v);
    return this;
  }
  i8(v: number): this {
    this.view.setInt8(this.length++, v);
    return this;
  }
  u16(v: number): this {
    this.view.setUint16(this.length, v, true);
    this.length += 2;
    return this;
  }
  i32(v: number): this {
    this.view.setInt32(this.length, v, true);
    this.length += 4;
    return this;
  }
  f32(v: number): this {
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
    return this;
  }
  f32s(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++, this.length += 4) this.view.setFloat32(this.length, values[i], true);
    return this;
  }
  bytes(data: Uint8Array): this {
    this.out.set(data, this.length);
    this.length += data.length;
    return this;
  }
  /** Room for `size` bytes written by the caller through `out`/`view` at the returned offset. */
  skip(size: number): number {
    const at = this.length;
    this.length += size;
    return at;
  }
  /** A fixed-size field: `data` then NUL padding. */
  fixed(data: Uint8Array, size: number): this {
    this.out.set(data.subarray(0, size), this.length);
    this.out.fill(0, this.length + Math.min(data.length, size), this.length + size);
    this.length += size;
    return this;
  }
  /** Moves `size` bytes already in the buffer, from `from` (at or after here), to here. */
  move(from: number, size: number): this {
    // A view of the whole buffer: the keys may lie past the file's end.
    new Uint8Array(this.out.buffer).copyWithin(this.out.byteOffset + this.length, from, from + size);
    this.length += size;
    return this;
  }
}

// One inert writer keeps the class's map across full GCs, so serialize's optimised code stays (weld.ts).
keepMapAlive(new FileWriter(new Uint8Array(0)));
