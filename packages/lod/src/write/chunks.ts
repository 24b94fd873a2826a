// Chunk framing and the format's strings (docs/formats/lod.md §1.3, §1.1), over core's ByteWriter.
import { ByteWriter, WriteError, type CodePageEncoder, type WarningSink } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { CHUNK_HEADER_SIZE } from '../read/layout.js';
import type { IndexList } from './weld.js';

/** Largest chunk Size an Integer field holds. */
export const MAX_CHUNK_SIZE = 0x7fffffff;

/** The bytes of a LOD file being written, with chunk nesting and encoded strings. */
export class LodWriter extends ByteWriter {
  private readonly open: { id: string; at: number }[] = [];

  constructor(
    readonly encoder: CodePageEncoder,
    readonly sink: WarningSink,
    initialSize?: number,
  ) {
    super(initialSize);
  }

  /** 4 ASCII characters. */
  id(id: string): this {
    for (let i = 0; i < 4; i++) this.u8(id.charCodeAt(i));
    return this;
  }

  /** Opens a chunk: its Size is patched by `end()`, once the data is written. */
  begin(id: string, count: number): this {
    this.open.push({ id, at: this.length });
    return this.id(id).i32(0).i32(count);
  }

  /** Closes the innermost chunk; a Size past the Integer range is refused. */
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
    if (lossy) this.sink.warn('WRITE_NAME_LOSSY', `${what} "${value}" has characters ${this.encoder.name} cannot hold; written as "?"`);
    if (cut >= 0) this.sink.warn('LOD_WRITE_NAME_NUL', `${what} "${kept}…" holds a NUL character; the text after it is not written`);
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

  /** Indices of `width` bytes each, in bulk; a list of zeros as zero bytes. */
  indices(values: IndexList, width: 1 | 2 | 4): this {
    if (!(values instanceof Uint32Array)) return this.zeros(values.length * width);
    if (width === 4) return this.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    // The typed-array constructors convert element by element (`from` walks an iterator).
    const narrow = width === 1 ? new Uint8Array(values) : new Uint16Array(values);
    return this.bytes(new Uint8Array(narrow.buffer));
  }

  bool(value: boolean): this {
    return this.u8(value ? 1 : 0);
  }

  /** Non-finite floats (NaN, ±infinity, beyond float32) replaced by 0 so far, for one warning. */
  notFinite = 0;

  /** `values` with every non-finite float as 0 (a copy only when one is), counted. */
  finite<T extends ArrayLike<number>>(values: T): T {
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
