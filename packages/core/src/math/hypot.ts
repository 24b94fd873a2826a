/**
 * Math.hypot(a, b, c, d) for finite arguments, bit for bit: V8's algorithm (normalise by the
 * largest magnitude, Kahan-sum the squares), without the variadic call, which costs more than
 * the rest of a key's conversion (MS3D and LOD keys use it).
 */
export function hypot4(a: number, b: number, c: number, d: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  c = Math.abs(c);
  d = Math.abs(d);
  let max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (d > max) max = d;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  let n = a / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = b / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = c / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = d / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}
