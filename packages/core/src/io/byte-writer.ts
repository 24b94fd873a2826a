import { WriteError } from '../write/errors.js';
import { keepMapAlive } from './keep-map.js';

/**
 * What a serialiser writes through: a `ByteWriter`, or a `ByteCounter` (byte-counter.ts) that only
 * adds up sizes. A writer that knows its size only by serialising runs twice, counting first, then into
 * `ByteWriter.planned(counter.length)`: one buffer, never grown, nothing copied at the end.
 */
export interface ByteSink {
  /** Bytes written (counted) so far. */
  readonly length: number;
  u8(v: number): this;
  i8(v: number): this;
  u16(v: number): this;
  i16(v: number): this;
  u32(v: number): this;
  i32(v: number): this;
  f32(v: number): this;
  f32s(values: ArrayLike<number>): this;
  bytes(data: Uint8Array): this;
  zeros(n: number): this;
  fixed(data: Uint8Array, size: number): this;
  /** `size` bytes that `fill` writes in place at `at` of `view` (a counter only adds `size`). */
  place(size: number, fill: PlaceFill): this;
  /** At most `most` bytes at `at` of `view`; `fill` returns how many it wrote (a counter adds `most`). */
  placeUpTo(most: number, fill: PlaceUpToFill): this;
}

/** Writes a placed part: `view` is the whole output buffer, the part starts at byte `at`. */
export type PlaceFill = (view: DataView, at: number) => void;
export type PlaceUpToFill = (view: DataView, at: number) => number;

/**
 * The one binary writer every format writer uses: growable, little-endian, methods chain.
 * The twin of `ByteReader`; `result()` returns exactly the bytes written.
 * Bulk arrays are written straight into place with `claim(n)` (an offset into `view`/`target`) or
 * `place(n, fill)`; a writer of planned size (`ByteWriter.planned`) never grows and refuses to overrun.
 */
export class ByteWriter implements ByteSink {
  private buf: Uint8Array;
  private dataView: DataView;
  /** Set for a planned writer: its one buffer's size, which no write may pass. */
  private readonly plannedSize: number | undefined;
  /** The format named in a `WriteError` (an overrun or an out-of-range patch). */
  readonly format: string;
  length = 0;

  constructor(initialSize = 1024, options: { format?: string; planned?: boolean } = {}) {
    this.plannedSize = options.planned ? Math.max(0, Math.floor(initialSize)) : undefined;
    this.buf = new Uint8Array(this.plannedSize ?? Math.max(16, initialSize));
    this.dataView = new DataView(this.buf.buffer);
    this.format = options.format ?? 'bytes';
  }

  /** A writer of exactly `size` bytes (zero-filled), e.g. a `ByteCounter`'s length: it never grows, and writing past it throws `WriteError`. */
  static planned(size: number, format?: string): ByteWriter {
    return new ByteWriter(size, { planned: true, format });
  }

  /** The output buffer as a DataView; valid until a write grows the buffer (a planned writer never does). */
  get view(): DataView {
    return this.dataView;
  }
  /** The output buffer's bytes (offsets as in `view`); valid until a write grows the buffer. */
  get target(): Uint8Array {
    return this.buf;
  }

  /** Makes room for `n` more bytes (bulk writers call it once before a run of small writes). */
  reserve(n: number): this {
    if (this.length + n <= this.buf.length) return this;
    if (this.plannedSize !== undefined) throw this.overrun(n);
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.dataView = new DataView(next.buffer);
    return this;
  }

  /** `n` bytes written by the caller: returns their offset in `view`/`target` (their old contents are undefined). */
  claim(n: number): number {
    if (!(n >= 0) || !Number.isInteger(n)) throw this.refused('claimed bytes', n, 'a whole number ≥ 0');
    this.reserve(n);
    const at = this.length;
    this.length += n;
    return at;
  }

  place(size: number, fill: PlaceFill): this {
    const at = this.claim(size); // first: claiming may grow the buffer
    fill(this.dataView, at);
    return this;
  }

  placeUpTo(most: number, fill: PlaceUpToFill): this {
    const at = this.claim(most);
    const size = fill(this.dataView, at);
    if (!(size >= 0 && size <= most) || !Number.isInteger(size)) {
      this.length = at;
      throw this.refused('placed bytes', size, `0 to ${most}`);
    }
    this.length = at + size;
    return this;
  }

  u8(v: number): this {
    this.reserve(1);
    this.dataView.setUint8(this.length++, v);
    return this;
  }
  i8(v: number): this {
    this.reserve(1);
    this.dataView.setInt8(this.length++, v);
    return this;
  }
  u16(v: number): this {
    this.reserve(2);
    this.dataView.setUint16(this.length, v, true);
    this.length += 2;
    return this;
  }
  i16(v: number): this {
    this.reserve(2);
    this.dataView.setInt16(this.length, v, true);
    this.length += 2;
    return this;
  }
  u32(v: number): this {
    this.reserve(4);
    this.dataView.setUint32(this.length, v >>> 0, true);
    this.length += 4;
    return this;
  }
  i32(v: number): this {
    this.reserve(4);
    this.dataView.setInt32(this.length, v, true);
    this.length += 4;
    return this;
  }
  f32(v: number): this {
    this.reserve(4);
    this.dataView.setFloat32(this.length, v, true);
    this.length += 4;
    return this;
  }
  /** Each value as a little-endian f32. */
  f32s(values: ArrayLike<number>): this {
    this.reserve(values.length * 4);
    const view = this.dataView;
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
    this.checkPatch(at);
    this.dataView.setUint32(at, v >>> 0, true);
    return this;
  }
  patchI32(at: number, v: number): this {
    this.checkPatch(at);
    this.dataView.setInt32(at, v, true);
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

  private checkPatch(at: number): void {
    if (!(at >= 0 && at + 4 <= this.length) || !Number.isInteger(at)) throw this.refused('patch offset', at, `0 to ${this.length - 4} (a word already written)`);
  }
  private overrun(n: number): WriteError {
    const size = this.plannedSize ?? this.buf.length;
    return new WriteError({
      format: this.format,
      code: 'OVER_LIMIT',
      limit: 'planned bytes',
      value: this.length + n,
      max: size,
      message: `${this.format}: writing ${n} bytes at offset ${this.length} overruns the ${size} bytes planned`,
    });
  }
  private refused(what: string, value: number, expected: string): WriteError {
    return new WriteError({ format: this.format, code: 'UNSUPPORTED', limit: what, value, max: expected, message: `${this.format}: ${what} ${value} at offset ${this.length}, expected ${expected}` });
  }
}

// One inert instance keeps the class's map across full GCs (keep-map.ts).
keepMapAlive(ByteWriter.planned(0, 'core'));
keepMapAlive(new ByteWriter(16));
