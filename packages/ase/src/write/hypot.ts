/*
 * `Math.hypot(a, b, c)` as V8 computes it (builtins/math.tq: NaN and infinity first, then a Kahan sum
 * of the squares scaled by the largest), step for step, so the results are the same bits
 * (test/write/hypot.test.ts) and the written normals keep their bytes. V8's builtin is variadic: each
 * call boxes its arguments and result (10–16 MB of heap numbers per bench write), this one is inlined.
 * Core has the 2- and 4-argument twins (`math.hypot2`, `math.hypot4`).
 */
export function hypot3(a: number, b: number, c: number): number {
  if (a !== a || b !== b || c !== c) return Math.abs(a) === Infinity || Math.abs(b) === Infinity || Math.abs(c) === Infinity ? Infinity : NaN;
  a = Math.abs(a);
  b = Math.abs(b);
  c = Math.abs(c);
  let max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (max === Infinity) return Infinity;
  if (max === 0) return 0;
  let n = a / max;
  let sum = n * n;
  // Kahan: the first summand is exact (0 compensation), the second and third carry it.
  let compensation = sum - 0 - sum;
  n = b / max;
  let summand = n * n - compensation;
  const preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = c / max;
  summand = n * n - compensation;
  return Math.sqrt(sum + summand) * max;
}
