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

