/** A growable typed array (int32, float32 or float64 values). */
export class Grow<T extends Int32Array | Float32Array | Float64Array> {
  length = 0;
  constructor(public data: T) {}
  push(v: number): void {
    if (this.length === this.data.length) this.grow(1);
    this.data[this.length++] = v;
  }
  /** Makes room for `k` more values; returns the array to write them to (at `length`). */
  reserve(k: number): T {
    if (this.length + k > this.data.length) this.grow(k);
    return this.data;
  }
  private grow(k: number): void {
    const next = new (this.data.constructor as new (n: number) => T)(Math.max(16, this.data.length * 2, this.length + k));
    next.set(this.data);
    this.data = next;
  }
}

export const ints = (capacity: number) => new Grow(new Int32Array(capacity));
export const floats = (capacity: number) => new Grow(new Float64Array(capacity));
export const floats32 = (capacity: number) => new Grow(new Float32Array(capacity));
