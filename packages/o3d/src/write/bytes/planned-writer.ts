/**
 * An O3D is written in two passes over the same serialiser: a `SizeCounter` adds up the bytes (for a
 * part whose size is known only as it is written, its most), then a `PlannedWriter` of that size
 * takes them. Bulk parts (vertex lists, records, indices) are `place`d: filled in place from the
 * scene's arrays, with no array of their own and no final join.
 */

/** The small fields every O3D, `.chr` and `.ani` serialiser writes (core's ByteWriter has them too). */
export interface FieldWriter {
  u8(v: number): this;
  i32(v: number): this;
  u32(v: number): this;
  f32(v: number): this;
  f32s(values: ArrayLike<number>): this;
  bytes(data: Uint8Array): this;
  zeros(n: number): this;
  fixed(data: Uint8Array, size: number): this;
}

/** Fills `size` bytes at `at` of `view` (little-endian). */
export type Fill = (view: DataView, at: number) => void;

export interface PlacingWriter extends FieldWriter {
  /** `size` bytes that `fill` writes in place; the counting pass only adds `size`. */
  place(size: number, fill: Fill): this;
  /** At most `most` bytes, as many as `fill` returns having written. */
  placeUpTo(most: number, fill: (view: DataView, at: number) => number): this;
}

/** The first pass: only the length. */
export class SizeCounter implements PlacingWriter {
  length = 0;
  u8(): this {
    this.length += 1;
    return this;
  }
  i32(): this {
    this.length += 4;
    return this;
  }
  u32(): this {
    this.length += 4;
    return this;
  }
  f32(): this {
    this.length += 4;
    return this;
  }
  f32s(values: ArrayLike<number>): this {
    this.length += values.length * 4;
    return this;
  }
  bytes(data: Uint8Array): this {
    this.length += data.length;
    return this;
  }
  zeros(n: number): this {
    this.length += n;
    return this;
  }
  fixed(_: Uint8Array, size: number): this {
    this.length += size;
    return this;
  }
  place(size: number): this {
    this.length += size;
    return this;
  }
  placeUpTo(most: number): this {
    this.length += most;
    return this;
  }
}

/** The second pass: one zero-filled buffer of the counted size (DataView stores are as fast as typed-array ones once optimised, at any alignment). */
export class PlannedWriter implements PlacingWriter {
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private at = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }
  u8(v: number): this {
    this.view.setUint8(this.at++, v);
    return this;
  }
  i32(v: number): this {
    this.view.setInt32(this.at, v, true);
    this.at += 4;
    return this;
  }
  u32(v: number): this {
    this.view.setUint32(this.at, v >>> 0, true);
    this.at += 4;
    return this;
  }
  f32(v: number): this {
    this.view.setFloat32(this.at, v, true);
    this.at += 4;
    return this;
  }
  f32s(values: ArrayLike<number>): this {
    const view = this.view;
    let at = this.at;
    for (let i = 0; i < values.length; i++, at += 4) view.setFloat32(at, values[i], true);
    this.at = at;
    return this;
  }
  bytes(data: Uint8Array): this {
    this.buf.set(data, this.at);
    this.at += data.length;
    return this;
  }
  zeros(n: number): this {
    // The buffer starts zeroed.
    this.at += n;
    return this;
  }
  fixed(data: Uint8Array, size: number): this {
    this.buf.set(data.subarray(0, size), this.at);
    this.at += size;
    return this;
  }
  place(size: number, fill: Fill): this {
    if (this.at + size > this.buf.length) throw new RangeError(`a part of ${size} bytes at ${this.at} overruns the planned ${this.buf.length}`);
    fill(this.view, this.at);
    this.at += size;
    return this;
  }
  placeUpTo(most: number, fill: (view: DataView, at: number) => number): this {
    if (this.at + most > this.buf.length) throw new RangeError(`a part of up to ${most} bytes at ${this.at} overruns the planned ${this.buf.length}`);
    const size = fill(this.view, this.at);
    if (!(size >= 0 && size <= most)) throw new RangeError(`a part of up to ${most} bytes wrote ${size}`);
    this.at += size;
    return this;
  }
  /**
   * The bytes written: a view of the buffer when at most 1/8 of it is left over (ByteWriter's
   * `finish` rule: a large file is not copied once more), else a copy.
   */
  result(): Uint8Array {
    const slack = this.buf.length - this.at;
    return slack <= this.at / 8 ? this.buf.subarray(0, this.at) : this.buf.slice(0, this.at);
  }
}
