/**
 * Non-finite values (NaN, ±infinity, or beyond float32, which glTF stores) replaced by a fallback and
 * counted, so one warning can say how many were. One per parse.
 */
export class FiniteScrub {
  count = 0;

  value(v: number, fallback = 0): number {
    if (Number.isFinite(Math.fround(v))) return v;
    this.count++;
    return fallback;
  }

  vec<T extends number[]>(v: T): T {
    return v.map((x) => this.value(x)) as T;
  }
}

/** Sets non-finite values of a float32 array to 0 in place; returns how many there were. */
export function scrubArray(values: Float32Array): number {
  let bad = 0;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      values[i] = 0;
      bad++;
    }
  }
  return bad;
}
