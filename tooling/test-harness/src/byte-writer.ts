/**
 * A growable little-endian byte writer for the test-only file writers of every binary format
 * (and the viewer's and benchmarks' generated samples). Methods chain; `result()` copies out the
 * bytes written. No Node dependencies, so sample scripts can load it anywhere.
 */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(initialSize = 1024) {
    this.buf = new Uint8Array(Math.max(16, initialSize));
    this.view = new DataView(this.buf.buffer);
  }

  private grow(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf);
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): this {
    this.grow(1);
    this.view.setUint8(this.length++, v);
    return this;
  }
  i8(v: number): this {
    this.grow(1);
    this.view.setInt8(this.length++, v);
    return this;
  }
  u16(v: number): this {
    this.grow(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
    return this;
  }
  i16(v: number): this {
    this.grow(2);
    this.view.setInt16(this.length, v, true);
    this.length += 2;
    return this;
  }
  u32(v: number): this {
    this.grow(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
    return this;
  }
  i32(v: number): this {
    this.grow(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
    return this;
  }
  f32(v: number): this {
    this.grow(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
    return this;
  }
  /** Each value as an f32. */
  floats(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.f32(values[i]);
    return this;
  }
  /** Bytes as they are (each value taken modulo 256). */
  raw(bytes: ArrayLike<number>): this {
    this.grow(bytes.length);
    for (let i = 0; i < bytes.length; i++) this.buf[this.length + i] = bytes[i];
    this.length += bytes.length;
    return this;
  }
  zeros(n: number): this {
    this.grow(n);
    this.buf.fill(0, this.length, this.length + n);
    this.length += n;
    return this;
  }
  /** Character codes of `text`, one byte each (Latin-1; no terminator). */
  ascii(text: string): this {
    return this.raw(Array.from(text, (c) => c.charCodeAt(0)));
  }
  /** A copy of the bytes written so far. */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** The parts one after another, in a new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
