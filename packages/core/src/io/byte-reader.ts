import type { Quat, Vec2, Vec3, Vec4 } from '../scene/types.js';
import { codePage, type CodePageDecoder } from './codepage.js';
import { FormatError, type FormatErrorCode } from './errors.js';
import { keepMapAlive } from './keep-map.js';

const hostIsLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export interface ByteReaderOptions {
  /** Format id named in errors. */
  format: string;
  codePage?: string | CodePageDecoder;
  /** Added to offsets in errors, for readers over a slice of a larger input. */
  baseOffset?: number;
}

type TypedArrayCtor<T> = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  new (length: number): T;
  BYTES_PER_ELEMENT: number;
};

/**
 * A bounds-checked little-endian cursor over a Uint8Array view (its `byteOffset` is honoured).
 * Every read checks the bytes that remain and throws a `FormatError` instead of a RangeError.
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly format: string;
  readonly decoder: CodePageDecoder;
  readonly baseOffset: number;
  private readonly view: DataView;
  private pos = 0;

  constructor(bytes: Uint8Array, options: ByteReaderOptions) {
    this.bytes = bytes;
    this.format = options.format;
    this.decoder = codePage(options.codePage);
    this.baseOffset = options.baseOffset ?? 0;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Current position, relative to the start of this reader's bytes. */
  get offset(): number {
    return this.pos;
  }
  /** Position in the original input (for messages). */
  get absoluteOffset(): number {
    return this.baseOffset + this.pos;
  }
  get length(): number {
    return this.bytes.byteLength;
  }
  get remaining(): number {
    return this.bytes.byteLength - this.pos;
  }
  get eof(): boolean {
    return this.pos >= this.bytes.byteLength;
  }

  /** Throws a FormatError at the current position (or `at`). */
  fail(expected: string, found: string, code: FormatErrorCode = 'BAD_VALUE', at = this.pos): never {
    throw new FormatError({ format: this.format, offset: this.baseOffset + at, expected, found, code });
  }

  /** Ensures `n` more bytes exist. */
  need(n: number, what = 'data'): void {
    if (!(n >= 0) || n > this.remaining) {
      this.fail(`${n} bytes of ${what}`, `${Math.max(0, this.remaining)} bytes left`, 'TRUNCATED');
    }
  }

  seek(offset: number): this {
    if (!Number.isInteger(offset) || offset < 0 || offset > this.length) {
      this.fail(`an offset within 0..${this.length}`, String(offset), 'BAD_SIZE');
    }
    this.pos = offset;
    return this;
  }

  skip(n: number, what = 'skipped data'): this {
    this.need(n, what);
    this.pos += n;
    return this;
  }

  /**
   * Validates a count read from the file before anything is allocated for it: it must be a
   * non-negative integer and `n × bytesPerItem` must fit in the bytes that remain.
   * `at` is where the error points (default: the current position); pass the offset the count
   * was read from so the message names the count field itself.
   */
  count(n: number, bytesPerItem: number, what = 'items', at = this.pos): number {
    if (!Number.isInteger(n) || n < 0) this.fail(`a count of ${what}`, String(n), 'BAD_COUNT', at);
    if (n * bytesPerItem > this.remaining) {
      this.fail(`${n} ${what} (${n * bytesPerItem} bytes)`, `${this.remaining} bytes left`, 'BAD_COUNT', at);
    }
    return n;
  }

  /** Reads an i32 count and validates it with `count`; errors point at the count field. */
  countI32(bytesPerItem: number, what = 'items'): number {
    const at = this.pos;
    return this.count(this.i32(), bytesPerItem, what, at);
  }

  /** Reads a u32 count and validates it with `count`; errors point at the count field. */
  countU32(bytesPerItem: number, what = 'items'): number {
    const at = this.pos;
    return this.count(this.u32(), bytesPerItem, what, at);
  }

  u8(): number {
    this.need(1);
    return this.view.getUint8(this.pos++);
  }
  i8(): number {
    this.need(1);
    return this.view.getInt8(this.pos++);
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }
  i16(): number {
    this.need(2);
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f32(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  vec2(): Vec2 {
    this.need(8);
    return [this.f32(), this.f32()];
  }
  vec3(): Vec3 {
    this.need(12);
    return [this.f32(), this.f32(), this.f32()];
  }
  vec4(): Vec4 {
    this.need(16);
    return [this.f32(), this.f32(), this.f32(), this.f32()];
  }
  /** Four floats in file order x, y, z, w. */
  quat(): Quat {
    return this.vec4();
  }
  /** Sixteen floats in file order, copied. Interpretation (row/column major) is the format's. */
  mat4(): Float32Array {
    return this.f32Array(16, 'matrix').slice();
  }

  /** Peeks without moving. */
  peekU8(at = this.pos): number {
    if (at < 0 || at + 1 > this.length) this.fail('1 byte to peek', `${this.length - at} bytes`, 'TRUNCATED', at);
    return this.view.getUint8(at);
  }
  peekU32(at = this.pos): number {
    if (at < 0 || at + 4 > this.length) this.fail('4 bytes to peek', `${Math.max(0, this.length - at)} bytes`, 'TRUNCATED', at);
    return this.view.getUint32(at, true);
  }

  private typed<T>(ctor: TypedArrayCtor<T>, n: number, what: string): T {
    const size = ctor.BYTES_PER_ELEMENT;
    this.count(n, size, what);
    const start = this.bytes.byteOffset + this.pos;
    let out: T;
    if (hostIsLittleEndian && start % size === 0) {
      out = new ctor(this.bytes.buffer, start, n); // zero-copy
    } else {
      out = new ctor(n);
      new Uint8Array((out as unknown as Uint8Array).buffer).set(this.bytes.subarray(this.pos, this.pos + n * size));
      if (!hostIsLittleEndian) swapInPlace(out as unknown as Uint8Array, size);
    }
    this.pos += n * size;
    return out;
  }

  /** `n` bytes as a zero-copy view. */
  u8Array(n: number, what = 'bytes'): Uint8Array {
    this.count(n, 1, what);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  /** Zero-copy when aligned, copied otherwise. */
  u16Array(n: number, what = 'u16 values'): Uint16Array {
    return this.typed(Uint16Array, n, what);
  }
  i16Array(n: number, what = 'i16 values'): Int16Array {
    return this.typed(Int16Array, n, what);
  }
  u32Array(n: number, what = 'u32 values'): Uint32Array {
    return this.typed(Uint32Array, n, what);
  }
  i32Array(n: number, what = 'i32 values'): Int32Array {
    return this.typed(Int32Array, n, what);
  }
  f32Array(n: number, what = 'f32 values'): Float32Array {
    return this.typed(Float32Array, n, what);
  }

  /** Decodes bytes through the reader's code page, cut at the first NUL. */
  decode(bytes: Uint8Array): string {
    const nul = bytes.indexOf(0);
    return this.decoder.decode(nul < 0 ? bytes : bytes.subarray(0, nul));
  }

  /** A fixed-size field, NUL-padded; a full field has no NUL. */
  string(size: number, what = 'string'): string {
    return this.decode(this.u8Array(size, what));
  }

  /** A NUL-terminated string; `maxLength` bounds the search. */
  cstring(maxLength = this.remaining, what = 'string'): string {
    const end = Math.min(this.length, this.pos + maxLength);
    const nul = this.bytes.subarray(this.pos, end).indexOf(0);
    if (nul < 0) this.fail(`a NUL-terminated ${what}`, 'no NUL', 'TRUNCATED');
    const s = this.decoder.decode(this.bytes.subarray(this.pos, this.pos + nul));
    this.pos += nul + 1;
    return s;
  }

  /** A string preceded by its byte length. NULs inside are kept only up to the first one. */
  lengthString(prefix: 'u8' | 'u16' | 'u32' | 'i32' = 'u32', what = 'string'): string {
    const start = this.pos;
    const n = prefix === 'u8' ? this.u8() : prefix === 'u16' ? this.u16() : prefix === 'u32' ? this.u32() : this.i32();
    if (n < 0 || n > this.remaining) {
      this.pos = start;
      this.fail(`a ${what} length within ${this.remaining - (this.pos - start)} bytes`, String(n), 'BAD_COUNT', start);
    }
    return this.decode(this.u8Array(n, what));
  }

  /** A 4-character tag, e.g. 'NODE'. */
  tag(): string {
    const b = this.u8Array(4, 'tag');
    return String.fromCharCode(b[0], b[1], b[2], b[3]);
  }

  /** Reads a tag and fails with `expected 'TAG' at offset N, found 'XXXX'` if it differs. */
  expectTag(tag: string): void {
    const at = this.pos;
    const found = this.tag();
    if (found !== tag) this.fail(`'${tag}'`, `'${printable(found)}'`, 'BAD_TAG', at);
  }

  /** Reads literal bytes and fails if they differ (magic numbers). */
  expectBytes(expected: string | Uint8Array, what = 'signature'): void {
    const at = this.pos;
    const want = typeof expected === 'string' ? Uint8Array.from(expected, (c) => c.charCodeAt(0)) : expected;
    if (this.remaining < want.length) {
      this.fail(`${what} '${printable(String.fromCharCode(...want))}'`, `${this.remaining} bytes`, 'BAD_MAGIC', at);
    }
    const got = this.bytes.subarray(this.pos, this.pos + want.length);
    for (let i = 0; i < want.length; i++) {
      if (got[i] !== want[i]) {
        this.fail(`${what} '${printable(String.fromCharCode(...want))}'`, `'${printable(String.fromCharCode(...got))}'`, 'BAD_MAGIC', at);
      }
    }
    this.pos += want.length;
  }

  /** A reader over the next `n` bytes (a chunk), advancing this one past them. */
  sub(n: number, what = 'chunk'): ByteReader {
    const at = this.pos;
    const bytes = this.u8Array(n, what);
    return new ByteReader(bytes, { format: this.format, codePage: this.decoder, baseOffset: this.baseOffset + at });
  }
}

/** Shows control bytes as \xNN so messages stay readable. */
export function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function swapInPlace(bytes: Uint8Array, size: number): void {
  for (let i = 0; i < bytes.length; i += size) bytes.subarray(i, i + size).reverse();
}

// One inert instance keeps the class's map across full GCs (keep-map.ts).
keepMapAlive(new ByteReader(new Uint8Array(0), { format: 'core' }));
