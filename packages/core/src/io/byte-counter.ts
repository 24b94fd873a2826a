import type { ByteSink } from './byte-writer.js';
import { keepMapAlive } from './keep-map.js';

/**
 * The counting pass of a planned write: a `ByteSink` that only adds up lengths, so that the same
 * serialiser can then write into `ByteWriter.planned(counter.length)`. A `placeUpTo` part counts its most.
 */
export class ByteCounter implements ByteSink {
  length = 0;
  u8(): this {
    this.length += 1;
    return this;
  }
  i8(): this {
    this.length += 1;
    return this;
  }
  u16(): this {
    this.length += 2;
    return this;
  }
  i16(): this {
    this.length += 2;
    return this;
  }
  u32(): this {
    this.length += 4;
    return this;
  }
  i32(): this {
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
  fixed(_data: Uint8Array, size: number): this {
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

// One inert instance keeps the class's map across full GCs (keep-map.ts).
keepMapAlive(new ByteCounter());
