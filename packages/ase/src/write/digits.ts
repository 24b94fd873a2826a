/**
 * Numbers formatted straight into a byte buffer, with no string or object per number: each `put…`
 * writes at `p` and returns the position after what it wrote. The caller has made room first
 * (`MAX_NUMBER_BYTES` per number, plus its fixed text).
 */

export const TAB = 0x09, NEWLINE = 0x0a, SPACE = 0x20, MINUS = 0x2d, DOT = 0x2e, ZERO = 0x30;

/**
 * The most bytes one number takes: `%.9f` below 9e15 is a sign, 16 digits, a point and 9; `toFixed`
 * (huge values) at most a sign, 21 digits, a point and 9, or its exponent form (24).
 */
export const MAX_NUMBER_BYTES = 32;
/** From this length `set`/`copyWithin` beat a byte loop (measured 2–4× from 12 bytes, slower below). */
const SET_FROM = 12;

/** "00" … "99": two digits per division. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i & 1 ? (i >> 1) % 10 : ((i >> 1) / 10) | 0));

/** Decimal digits of a non-negative integer (1 for 0). */
export function digitCount(v: number): number {
  if (v < 10) return 1;
  if (v < 100) return 2;
  if (v < 1000) return 3;
  if (v < 10000) return 4;
  let len = 5;
  if (v < 2147483648) for (let t = (v / 100000) | 0; t > 0; t = (t / 10) | 0) len++;
  else for (let t = Math.floor(v / 100000); t > 0; t = Math.floor(t / 10)) len++;
  return len;
}

/** The `len` digits of a non-negative integer, written from the right, two per step. */
function putDigits(b: Uint8Array, p: number, v: number, len: number): number {
  let q = p + len;
  if (v < 2147483648) {
    let t = v | 0;
    while (t >= 100) {
      const next = (t / 100) | 0;
      const pair = (t - next * 100) << 1;
      b[--q] = PAIRS[pair + 1];
      b[--q] = PAIRS[pair];
      t = next;
    }
    if (t >= 10) {
      b[--q] = PAIRS[(t << 1) + 1];
      b[--q] = PAIRS[t << 1];
    } else b[--q] = ZERO + t;
  } else {
    let t = v;
    while (q > p) {
      const digit = t % 10;
      b[--q] = ZERO + digit;
      t = (t - digit) / 10;
    }
  }
  return p + len;
}

/** A non-negative integer (indices, counts). */
export function putUint(b: Uint8Array, p: number, v: number): number {
  if (v < 10) {
    b[p] = ZERO + v;
    return p + 1;
  }
  return putDigits(b, p, v, digitCount(v));
}

/** A non-negative integer right-aligned in at least `width` columns (`%4d`). */
export function putUintPadded(b: Uint8Array, p: number, v: number, width: number): number {
  const len = digitCount(v);
  for (let i = len; i < width; i++) b[p++] = SPACE;
  return putDigits(b, p, v, len);
}

/** `%d` of any number: truncated, 0 when not a safe integer, right-aligned in `width` columns. */
export function putInt(b: Uint8Array, p: number, value: number, width = 0): number {
  let v = Math.trunc(value);
  if (!(v <= Number.MAX_SAFE_INTEGER && v >= -Number.MAX_SAFE_INTEGER)) v = 0;
  const negative = v < 0;
  if (negative) v = -v;
  const len = digitCount(v);
  for (let i = len + (negative ? 1 : 0); i < width; i++) b[p++] = SPACE;
  if (negative) b[p++] = MINUS;
  return putDigits(b, p, v, len);
}

/** Pre-encoded ASCII bytes. */
export function putBytes(b: Uint8Array, p: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n >= SET_FROM) {
    b.set(bytes, p);
    return p + n;
  }
  for (let i = 0; i < n; i++) b[p++] = bytes[i];
  return p;
}

/** Copies `[from, to)` of the buffer, written before, to `p` (text that repeats: a vertex's normal line). */
export function putCopy(b: Uint8Array, p: number, from: number, to: number): number {
  if (to - from >= SET_FROM) {
    b.copyWithin(p, from, to);
    return p + to - from;
  }
  while (from < to) b[p++] = b[from++];
  return p;
}

/**
 * `%.Nf` (`scale` = 10^N) with printf's rounding of the exact binary value (ties by `toFixed`), and
 * 0 for NaN and ±Infinity (callers warn about those before they get here). Unlike printf, a value
 * that rounds to zero has no sign (Max writes `-0.0000`): a rewritten file then keeps its bytes.
 * The value is `values[i]`: read here, so no call passes a double (V8 boxes a double argument of a
 * call it does not inline, and this one is too big to inline: a heap number per number written).
 */
export function putFixedAt(b: Uint8Array, p: number, values: Float64Array | Float32Array, i: number, scale: number, decimals: number): number {
  let value = values[i];
  if (!(value === value) || value === Infinity || value === -Infinity) value = 0;
  let negative = value < 0;
  const a = negative ? -value : value;
  const scaled = a * scale;
  let n = Math.floor(scaled);
  const fraction = scaled - n;
  // Huge values, and products that land near a tie, where `a × scale` may round the wrong way.
  if (scaled >= 9e15 || (fraction > 0.5 - 1e-6 && fraction < 0.5 + 1e-6)) return putFixedText(b, p, values, i, decimals);
  if (fraction > 0.5) n++;
  if (n === 0) negative = false;
  if (negative) b[p++] = MINUS;
  const whole = Math.floor(n / scale);
  let part = n - whole * scale;
  p = whole < 10 ? ((b[p] = ZERO + whole), p + 1) : putDigits(b, p, whole, digitCount(whole));
  if (decimals === 4) {
    const high = (part / 100) | 0, low = (part - high * 100) << 1;
    b[p] = DOT;
    b[p + 1] = PAIRS[high << 1];
    b[p + 2] = PAIRS[(high << 1) + 1];
    b[p + 3] = PAIRS[low];
    b[p + 4] = PAIRS[low + 1];
    return p + 5;
  }
  if (decimals === 0) return p;
  b[p] = DOT;
  for (let q = p + decimals; q > p; q--) {
    const t = Math.floor(part / 10);
    b[q] = ZERO + part - t * 10;
    part = t;
  }
  return p + decimals + 1;
}

/** `values[i]`, `values[i + 1]` and `values[i + 2]` by `putFixedAt`, tab-separated (a vertex, normal or colour). */
export function putFixed3At(b: Uint8Array, p: number, values: Float64Array | Float32Array, i: number, scale: number, decimals: number): number {
  p = putFixedAt(b, p, values, i, scale, decimals);
  b[p++] = TAB;
  p = putFixedAt(b, p, values, i + 1, scale, decimals);
  b[p++] = TAB;
  return putFixedAt(b, p, values, i + 2, scale, decimals);
}

const scratch = new Float64Array(1);

/** `putFixedAt` of one value (lines written once: headers, transforms). */
export function putFixed(b: Uint8Array, p: number, value: number, scale: number, decimals: number): number {
  scratch[0] = value;
  return putFixedAt(b, p, scratch, 0, scale, decimals);
}

/** `toFixed`'s digits (exact for ties and huge values), the sign only when a digit is not 0. */
function putFixedText(b: Uint8Array, p: number, values: Float64Array | Float32Array, i: number, decimals: number): number {
  const value = values[i];
  const text = Math.abs(value).toFixed(decimals);
  if (value < 0 && /[1-9]/.test(text)) b[p++] = MINUS;
  for (let i = 0; i < text.length; i++) b[p++] = text.charCodeAt(i);
  return p;
}

/**
 * What `%.Nf` of `value` reads back as: `Number(value.toFixed(N))`, 0 when not finite. Without the
 * string where the scaled product is exact enough (below 1e9 its error is under the 1e-6 tie
 * margin), as the quotient n / 10^N, which is the double nearest the decimal just as `Number` gives.
 */
export function roundedValue(value: number, scale: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const negative = value < 0;
  // Math.abs, not −value: −0 reads back as +0 ("0.0000").
  const scaled = Math.abs(value) * scale;
  let n = Math.floor(scaled);
  const fraction = scaled - n;
  if (scaled >= 1e9 || (fraction > 0.5 - 1e-6 && fraction < 0.5 + 1e-6)) return Number(value.toFixed(decimals));
  if (fraction > 0.5) n++;
  // `-0.0000` reads back as −0.
  return negative ? -(n / scale) : n / scale;
}
