/**
 * The one binary writer every format writer uses: growable, little-endian, methods chain.
 * The twin of `ByteReader`; `result()` returns exactly the bytes written.
 */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(initialSize = 1024) {
    this.buf = new Uint8Array(Math.max(16, initialSize));
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes (bulk writers call it once before a run of small writes). */
  reserve(n: number): this {
    if (this.length + n <= this.buf.length) return this;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
    return this;
  }

  u8(v: number): this {
    this.reserve(1);
    this.view.setUint8(this.length++, v);
    return this;
  }
  i8(v: number): this {
    this.reserve(1);
    this.view.setInt8(this.length++, v);
    return this;
  }
  u16(v: number): this {
    this.reserve(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
    return this;
  }
  i16(v: number): this {
    this.reserve(2);
    this.view.setInt16(this.length, v, true);
    this.length += 2;
    return this;
  }
  u32(v: number): this {
    this.reserve(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
    return this;
  }
  i32(v: number): this {
    this.reserve(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
    return this;
  }
  f32(v: number): this {
    this.reserve(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
    return this;
  }
  /** Each value as a little-endian f32. */
  f32s(values: ArrayLike<number>): this {
    this.reserve(values.length * 4);
    const view = this.view;
    let at = this.length;
    for (let i = 0; i < values.length; i++, at += 4) view.setFloat32(at, values[i], true);
    this.length = at;
    return this;
  }
  /** Bytes as they are. */
  bytes(data: Uint8Array): this {
    this.reserve(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
    return this;
  }
  zeros(n: number): this {
    this.reserve(n);
    this.buf.fill(0, this.length, this.length + n);
    this.length += n;
    return this;
  }
  /** A fixed-size field: `data` then NUL padding. The caller checks that `data` fits. */
  fixed(data: Uint8Array, size: number): this {
    this.reserve(size);
    this.buf.set(data.subarray(0, size), this.length);
    this.buf.fill(0, this.length + Math.min(data.length, size), this.length + size);
    this.length += size;
    return this;
  }
  /** Overwrites a u32 written earlier (sizes and offsets known only later). */
  patchU32(at: number, v: number): this {
    this.view.setUint32(at, v >>> 0, true);
    return this;
  }
  patchI32(at: number, v: number): this {
    this.view.setInt32(at, v, true);
    return this;
  }
  /** A copy of the bytes written so far; writing may go on. */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
  /**
   * The bytes written, ending the writing (the writer must not be used after it): a view of the
   * buffer when it is at most 1/8 larger than what was written, so a large file is not copied once
   * more; else a copy, so a small result never pins a large buffer.
   */
  finish(): Uint8Array {
    const slack = this.buf.length - this.length;
    return slack <= this.length / 8 ? this.buf.subarray(0, this.length) : this.result();
  }
}
