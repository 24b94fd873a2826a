// Per bone and frame rotation arithmetic of the clips, bit for bit as before, without `Math.hypot`.

/*
 * `Math.hypot` as V8 computes it (builtins/math.tq: NaN and infinity first, then a Kahan sum of the
 * squares scaled by the largest), step for step, so the results are the same bits
 * (test/write/euler.test.ts). V8's builtin allocates an array per call: bench/src/lod-write-euler.ts
 * measured hypot4 3.4× faster than `Math.hypot` (load 35), which was a third of the clips' CPU.
 */

/** `Math.hypot(a, b)`, the same bits. */
export function hypot2(a: number, b: number): number {
  if (a !== a || b !== b) return Math.abs(a) === Infinity || Math.abs(b) === Infinity ? Infinity : NaN;
  a = Math.abs(a);
  b = Math.abs(b);
  const max = a > b ? a : b;
  if (max === Infinity) return Infinity;
  if (max === 0) return 0;
  // The first square and its compensation, then the second (the Kahan steps with sum = 0 at first).
  const n0 = a / max, first = n0 * n0 - 0, sum = 0 + first, compensation = sum - 0 - first;
  const n1 = b / max;
  return Math.sqrt(sum + (n1 * n1 - compensation)) * max;
}

/** `Math.hypot(a, b, c, d)`, the same bits. */
export function hypot4(a: number, b: number, c: number, d: number): number {
  if (a !== a || b !== b || c !== c || d !== d) {
    const inf = Math.abs(a) === Infinity || Math.abs(b) === Infinity || Math.abs(c) === Infinity || Math.abs(d) === Infinity;
    return inf ? Infinity : NaN;
  }
  a = Math.abs(a);
  b = Math.abs(b);
  c = Math.abs(c);
  d = Math.abs(d);
  let max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (d > max) max = d;
  if (max === Infinity) return Infinity;
  if (max === 0) return 0;
  let sum = 0, compensation = 0;
  let n = a / max, summand = n * n - compensation, preliminary = sum + summand;
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
  sum = sum + summand;
  return Math.sqrt(sum) * max;
}

/** core's `math.eulerXYZFromQuatInto` (R = Rz·Ry·Rx), the same arithmetic with `hypot2`/`hypot4`. */
export function eulerXYZInto(q: ArrayLike<number>, out: { [i: number]: number }, at: number): void {
  const l = hypot4(q[0], q[1], q[2], q[3]) || 1;
  const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y);
  const rz = Math.atan2(r10, r00);
  const ry = Math.atan2(-r20, hypot2(r00, r10));
  const s = Math.sin(rz), c = Math.cos(rz);
  out[at] = Math.atan2(s * r02 - c * r12, c * r11 - s * r01);
  out[at + 1] = ry;
  out[at + 2] = rz;
}

/** `math.quatNormalize(v)` (the same bits) into `out` at `at`. */
export function normalizeInto(v: ArrayLike<number>, out: Float64Array, at: number): void {
  const l = hypot4(v[0], v[1], v[2], v[3]);
  if (!l || !Number.isFinite(l)) {
    out[at] = 0, out[at + 1] = 0, out[at + 2] = 0, out[at + 3] = 1;
    return;
  }
  out[at] = v[0] / l, out[at + 1] = v[1] / l, out[at + 2] = v[2] / l, out[at + 3] = v[3] / l;
}
