/**
 * The matrix steps clip sampling runs per node and frame, each for one array type: core's `fromTRS`,
 * `multiplyAt` and `invertAt`, then `toD3dMatrixAt` (axes.ts), with the same operations in the same
 * order, so the same bits (test/write/frame-math.test.ts). Core's are called with Float32Array,
 * Float64Array and plain arrays across the packages, so V8 compiles their element loads for every
 * kind it has seen and inlines them less; these see one kind each.
 */

/** `math.fromTRS` of translation `t[tAt..]`, rotation `r[rAt..]`, scale `s[sAt..]` into `out[at..at+16)`. */
export function trsInto(t: Float32Array, tAt: number, r: Float32Array, rAt: number, s: Float32Array, sAt: number, out: Float32Array, at: number): void {
  const x = r[rAt], y = r[rAt + 1], z = r[rAt + 2], w = r[rAt + 3];
  const s0 = s[sAt], s1 = s[sAt + 1], s2 = s[sAt + 2];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[at] = (1 - (yy + zz)) * s0;
  out[at + 1] = (xy + wz) * s0;
  out[at + 2] = (xz - wy) * s0;
  out[at + 3] = 0;
  out[at + 4] = (xy - wz) * s1;
  out[at + 5] = (1 - (xx + zz)) * s1;
  out[at + 6] = (yz + wx) * s1;
  out[at + 7] = 0;
  out[at + 8] = (xz + wy) * s2;
  out[at + 9] = (yz - wx) * s2;
  out[at + 10] = (1 - (xx + yy)) * s2;
  out[at + 11] = 0;
  out[at + 12] = t[tAt];
  out[at + 13] = t[tAt + 1];
  out[at + 14] = t[tAt + 2];
  out[at + 15] = 1;
}

/** `math.multiplyAt(a, aAt, b, bAt, out, at)` (column-major a × b) on Float32Arrays; `out` may be `a` at another offset. */
export function multiplyInto(a: Float32Array, aAt: number, b: Float32Array, bAt: number, out: Float32Array, at: number): void {
  const a00 = a[aAt], a01 = a[aAt + 1], a02 = a[aAt + 2], a03 = a[aAt + 3];
  const a10 = a[aAt + 4], a11 = a[aAt + 5], a12 = a[aAt + 6], a13 = a[aAt + 7];
  const a20 = a[aAt + 8], a21 = a[aAt + 9], a22 = a[aAt + 10], a23 = a[aAt + 11];
  const a30 = a[aAt + 12], a31 = a[aAt + 13], a32 = a[aAt + 14], a33 = a[aAt + 15];
  for (let c = 0; c < 4; c++) {
    const k = bAt + c * 4, o = at + c * 4;
    const b0 = b[k], b1 = b[k + 1], b2 = b[k + 2], b3 = b[k + 3];
    out[o] = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    out[o + 1] = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    out[o + 2] = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    out[o + 3] = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
  }
}

/** `math.invertAt` of a Float32Array matrix into a Float64Array; false for a singular matrix (out untouched). */
export function invertInto(m: Float32Array, mAt: number, out: Float64Array, at: number): boolean {
  const a00 = m[mAt], a01 = m[mAt + 1], a02 = m[mAt + 2], a03 = m[mAt + 3];
  const a10 = m[mAt + 4], a11 = m[mAt + 5], a12 = m[mAt + 6], a13 = m[mAt + 7];
  const a20 = m[mAt + 8], a21 = m[mAt + 9], a22 = m[mAt + 10], a23 = m[mAt + 11];
  const a30 = m[mAt + 12], a31 = m[mAt + 13], a32 = m[mAt + 14], a33 = m[mAt + 15];
  const b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;
  let det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!det || !Number.isFinite(det)) return false;
  det = 1 / det;
  out[at] = (a11 * b11 - a12 * b10 + a13 * b09) * det;
  out[at + 1] = (a02 * b10 - a01 * b11 - a03 * b09) * det;
  out[at + 2] = (a31 * b05 - a32 * b04 + a33 * b03) * det;
  out[at + 3] = (a22 * b04 - a21 * b05 - a23 * b03) * det;
  out[at + 4] = (a12 * b08 - a10 * b11 - a13 * b07) * det;
  out[at + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * det;
  out[at + 6] = (a32 * b02 - a30 * b05 - a33 * b01) * det;
  out[at + 7] = (a20 * b05 - a22 * b02 + a23 * b01) * det;
  out[at + 8] = (a10 * b10 - a11 * b08 + a13 * b06) * det;
  out[at + 9] = (a01 * b08 - a00 * b10 - a03 * b06) * det;
  out[at + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * det;
  out[at + 11] = (a21 * b02 - a20 * b04 - a23 * b00) * det;
  out[at + 12] = (a11 * b07 - a10 * b09 - a12 * b06) * det;
  out[at + 13] = (a00 * b09 - a01 * b07 + a02 * b06) * det;
  out[at + 14] = (a31 * b01 - a30 * b03 - a32 * b00) * det;
  out[at + 15] = (a20 * b03 - a21 * b01 + a22 * b00) * det;
  return true;
}

/*
 * D3D form (axes.ts): element k = 4c + j is negated when exactly one of c and j is 2, as `0 − v`
 * (so +0 stays +0): in column 2 every element but the third, elsewhere the third only.
 */

/** `toD3dMatrixAt(multiplyAt(a, aAt, b, bAt))`: the product of a Float64Array and a Float32Array matrix, in D3D form, into `out[at..]`. */
export function productD3dInto(a: Float64Array, aAt: number, b: Float32Array, bAt: number, out: Float64Array, at: number): void {
  const a00 = a[aAt], a01 = a[aAt + 1], a02 = a[aAt + 2], a03 = a[aAt + 3];
  const a10 = a[aAt + 4], a11 = a[aAt + 5], a12 = a[aAt + 6], a13 = a[aAt + 7];
  const a20 = a[aAt + 8], a21 = a[aAt + 9], a22 = a[aAt + 10], a23 = a[aAt + 11];
  const a30 = a[aAt + 12], a31 = a[aAt + 13], a32 = a[aAt + 14], a33 = a[aAt + 15];
  for (let c = 0; c < 4; c++) {
    const k = bAt + c * 4, o = at + c * 4;
    const b0 = b[k], b1 = b[k + 1], b2 = b[k + 2], b3 = b[k + 3];
    const v0 = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    const v1 = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    const v2 = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    const v3 = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
    const third = c === 2;
    out[o] = third ? 0 - v0 : v0;
    out[o + 1] = third ? 0 - v1 : v1;
    out[o + 2] = third ? v2 : 0 - v2;
    out[o + 3] = third ? 0 - v3 : v3;
  }
}

/** `toD3dMatrixAt(m, mAt, out, at)` from a Float32Array into a Float64Array. */
export function d3dInto(m: Float32Array, mAt: number, out: Float64Array, at: number): void {
  for (let c = 0; c < 4; c++) {
    const k = mAt + c * 4, o = at + c * 4;
    const third = c === 2;
    out[o] = third ? 0 - m[k] : m[k];
    out[o + 1] = third ? 0 - m[k + 1] : m[k + 1];
    out[o + 2] = third ? m[k + 2] : 0 - m[k + 2];
    out[o + 3] = third ? 0 - m[k + 3] : m[k + 3];
  }
}
