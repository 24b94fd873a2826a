import { keepMapAlive } from '@relic3d/core';

/** Keys in ticks with `size` values each, in growable typed arrays. */
export class Keys {
  times: Float64Array;
  values: Float64Array;
  length = 0;
  /** `capacity`: keys to make room for (sampled tracks know their count in advance). */
  constructor(
    readonly size: number,
    capacity = 16,
  ) {
    this.times = new Float64Array(Math.max(1, capacity));
    this.values = new Float64Array(Math.max(1, capacity) * size);
  }

  /**
   * Adds a key (its values `value[at…at+size)`) unless one exists at (about) that tick already (then
   * its value is replaced); keeps the list ascending.
   */
  push(time: number, value: ArrayLike<number>, at = 0): void {
    const n = this.length, size = this.size;
    if (n && !(time > this.times[n - 1] + 1e-9)) {
      if (Math.abs(time - this.times[n - 1]) <= 1e-9) for (let k = 0; k < size; k++) this.values[(n - 1) * size + k] = value[at + k];
      return;
    }
    if (n === this.times.length) {
      const times = new Float64Array(n * 2);
      times.set(this.times);
      this.times = times;
      const values = new Float64Array(n * 2 * size);
      values.set(this.values);
      this.values = values;
    }
    this.times[n] = time;
    for (let k = 0; k < size; k++) this.values[n * size + k] = value[at + k];
    this.length = n + 1;
  }
}

// Every Keys dies with its parse; a full GC would then take the class's map and the optimised code
// of the track loops that saw it (bench/README.md, "map keepers").
keepMapAlive(new Keys(1, 1));
