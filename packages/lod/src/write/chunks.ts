// Chunk framing and the format's strings (docs/formats/lod.md §1.3, §1.1), over core's ByteSink.
import { ByteCounter, ByteWriter, WriteError, type ByteSink, type CodePageEncoder, type PlaceFill, type WarningSink } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { CHUNK_HEADER_SIZE } from '../read/layout.js';
import type { IndexList } from './weld.js';

/** Largest chunk Size an Integer field holds. */
export const MAX_CHUNK_SIZE = 0x7fffffff;

/**
 * The bytes of a LOD file being written, with chunk nesting and encoded strings. The same
 * serialiser runs twice (index.ts): into a `ByteCounter` (`LodWriter.counting`), which only adds up
 * sizes, says nothing and refuses a chunk past the Integer range before any output exists; then
 * into one `ByteWriter.planned` buffer of that size (`LodWriter.planned`), where chunk Sizes are
 * patched and bulk arrays go straight into place.
 */
export class LodWriter {
  private readonly open: { id: string; at: number }[] = [];
  /** The planned output (undefined while counting). */
  private readonly out: ByteWriter | undefined;

  private constructor(
    private readonly sink: ByteSink,
    readonly encoder: CodePageEncoder,
    /** Where text warnings go (undefined while counting: the writing pass says them once). */
    private readonly warnings: WarningSink | undefined,
  ) {
    this.out = sink instanceof ByteWriter ? sink : undefined;
  }

  /** A pass that only counts bytes. */
  static counting(encoder: CodePageEncoder): LodWriter {
    return new LodWriter(new ByteCounter(), encoder, undefined);
  }

  /** The writing pass, into a zero-filled buffer of exactly `size` bytes (a counting pass's length). */
  static planned(size: number, encoder: CodePageEncoder, warnings: WarningSink): LodWriter {
    return new LodWriter(ByteWriter.planned(size, FORMAT_ID), encoder, warnings);
  }

  /** Bytes written (counted) so far. */
  get length(): number {
    return this.sink.length;
  }

  /** The file (the planned buffer itself); a counting pass has none. */
  finish(): Uint8Array {
    return this.out ? this.out.finish() : new Uint8Array(0);
  }

  u8(v: number): this {
    this.sink.u8(v);
    return this;
  }
  i16(v: number): this {
    this.sink.i16(v);
    return this;
  }
  i32(v: number): this {
    this.sink.i32(v);
    return this;
  }
  f32(v: number): this {
    this.sink.f32(v);
    return this;
  }
  f32s(values: ArrayLike<number>): this {
    this.sink.f32s(values);
    return this;
  }
  bytes(data: Uint8Array): this {
    this.sink.bytes(data);
    return this;
  }
  /** `size` bytes that `fill` writes in place (a counting pass only adds `size`). */
  place(size: number, fill: PlaceFill): this {
    this.sink.place(size, fill);
    return this;
  }
  /** Zero bytes: the planned buffer is zero-filled and each byte is written once, so they are left as they are. */
  zeros(n: number): this {
    if (this.out) this.out.claim(n);
    else this.sink.zeros(n);
    return this;
  }

  /** Overwrites an i32 written earlier (a size known only later); nothing while counting. */
  patchI32(at: number, v: number): this {
    this.out?.patchI32(at, v);
    return this;
  }

  /** 4 ASCII characters. */
  id(id: string): this {
    for (let i = 0; i < 4; i++) this.sink.u8(id.charCodeAt(i));
    return this;
  }

  /** Opens a chunk: its Size is patched by `end()`, once the data is written. */
  begin(id: string, count: number): this {
    this.open.push({ id, at: this.length });
    return this.id(id).i32(0).i32(count);
  }

  /** Closes the innermost chunk; a Size past the Integer range is refused (by the counting pass, before any output). */
  end(): this {
    const chunk = this.open.pop()!;
    const size = this.length - chunk.at - CHUNK_HEADER_SIZE;
    if (size > MAX_CHUNK_SIZE) {
      throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit: `${chunk.id} chunk bytes`, value: size, max: MAX_CHUNK_SIZE });
    }
    return this.patchI32(chunk.at + 4, size);
  }

  /** Patches the Count of the innermost open chunk (known only after its children). */
  setCount(count: number): this {
    return this.patchI32(this.open[this.open.length - 1].at + 8, count);
  }

  /** Encoded text (the reader cuts a string at its first NUL, so nothing after one is written). */
  text(value: string, what: string): Uint8Array {
    const cut = value.indexOf('\0');
    const kept = cut < 0 ? value : value.slice(0, cut);
    const { bytes, lossy } = this.encoder.encode(kept);
    if (lossy) this.warnings?.warn('WRITE_NAME_LOSSY', `${what} "${value}" has characters ${this.encoder.name} cannot hold; written as "?"`);
    if (cut >= 0) this.warnings?.warn('LOD_WRITE_NAME_NUL', `${what} "${kept}…" holds a NUL character; the text after it is not written`);
    return bytes;
  }

  /** The format's string: an Integer length, then the characters (no terminator). */
  str(value: string, what: string): this {
    const bytes = this.text(value, what);
    return this.i32(bytes.length).bytes(bytes);
  }

  /** Float32 values in bulk (little-endian, as the file and every supported platform are). */
  floats(values: Float32Array): this {
    return this.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  }

  /** Indices (or bone ids) of `width` bytes each, in bulk; a list of zeros as zero bytes. */
  indices(values: IndexList | Uint16Array, width: 1 | 2 | 4): this {
    if (!(values instanceof Uint32Array || values instanceof Uint16Array)) return this.zeros(values.length * width);
    if (values.BYTES_PER_ELEMENT === width) return this.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    const out = this.out;
    if (!out) return this.zeros(values.length * width);
    // Narrowed straight into the output where a view of that width fits (typed-array `set` converts
    // element by element, as the constructors do); else through one narrowed copy.
    const at = out.claim(values.length * width);
    const offset = out.target.byteOffset + at;
    if (width === 1) new Uint8Array(out.target.buffer, offset, values.length).set(values);
    else if (offset % 2 === 0) new Uint16Array(out.target.buffer, offset, values.length).set(values);
    else out.target.set(new Uint8Array(new Uint16Array(values).buffer), at);
    return this;
  }

  bool(value: boolean): this {
    return this.u8(value ? 1 : 0);
  }

  /** Non-finite floats (NaN, ±infinity, beyond float32) replaced by 0 so far, for one warning (the writing pass's). */
  notFinite = 0;

  /** `values` with every non-finite float as 0 (a copy only when one is), counted; as they are while counting. */
  finite<T extends ArrayLike<number>>(values: T): T {
    if (!this.out) return values;
    let fixed: number[] | undefined;
    for (let i = 0; i < values.length; i++) {
      if (Number.isFinite(Math.fround(values[i]))) continue;
      fixed ??= Array.from(values);
      fixed[i] = 0;
      this.notFinite++;
    }
    if (!fixed) return values;
    return (ArrayBuffer.isView(values) ? new (values.constructor as new (a: number[]) => T)(fixed) : fixed) as unknown as T;
  }

  /** Float32 values in bulk, non-finite ones written as 0. */
  finiteFloats(values: Float32Array): this {
    return this.floats(this.finite(values));
  }

  /** Each value as an f32, non-finite ones written as 0. */
  finiteF32s(values: ArrayLike<number>): this {
    return this.f32s(this.finite(values));
  }

  /** One f32, 0 when not finite. */
  finiteF32(value: number): this {
    return this.f32(this.finite([value])[0]);
  }
}
