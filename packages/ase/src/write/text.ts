import { codePage, codePageEncoder, type CodePageDecoder, type CodePageEncoder, type WarningSink } from '@relic3d/core';

/** ASCII bytes of a token, made once (the writer copies them instead of encoding strings per line). */
export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

const TAB = 0x09, NEWLINE = 0x0a, SPACE = 0x20, MINUS = 0x2d, DOT = 0x2e, ZERO = 0x30, QUOTE = 0x22;

/** Decimal digits of a non-negative integer (1 for 0). */
function digitCount(v: number): number {
  let len = 1;
  if (v < 2147483648) for (let t = v | 0; t >= 10; t = (t / 10) | 0) len++;
  else for (let t = v; t >= 10; t = Math.floor(t / 10)) len++;
  return len;
}

/** Writes the `len` digits of a non-negative integer at `p`; returns the position after them. */
function putDigits(b: Uint8Array, p: number, v: number, len: number): number {
  if (v < 2147483648) {
    let t = v | 0;
    for (let q = p + len - 1; q >= p; q--) {
      const next = (t / 10) | 0;
      b[q] = ZERO + t - next * 10;
      t = next;
    }
  } else {
    let t = v;
    for (let q = p + len - 1; q >= p; q--) {
      const digit = t % 10;
      b[q] = ZERO + digit;
      t = (t - digit) / 10;
    }
  }
  return p + len;
}

/**
 * The ASE text as bytes, written in place: numbers are formatted straight into the buffer as
 * printf's `%.4f` (what the Max exporter writes), names are encoded once in the code page.
 */
export class TextWriter {
  private buf: Uint8Array;
  length = 0;
  private readonly scale: number;

  /** `decimals`: digits after the point of every float (Max writes 4). */
  constructor(readonly decimals = 4, capacity = 1 << 16) {
    this.buf = new Uint8Array(capacity);
    this.scale = 10 ** decimals;
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** Pre-encoded ASCII bytes. */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.length + n > this.buf.length) this.reserve(n);
    const b = this.buf;
    let p = this.length;
    for (let i = 0; i < n; i++) b[p++] = bytes[i];
    this.length = p;
  }

  /** An ASCII string (keywords, enum words). */
  text(s: string): void {
    if (this.length + s.length > this.buf.length) this.reserve(s.length);
    const b = this.buf;
    let p = this.length;
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
    this.length = p;
  }

  byte(c: number): void {
    if (this.length + 1 > this.buf.length) this.reserve(1);
    this.buf[this.length++] = c;
  }

  tabs(n: number): void {
    if (this.length + n > this.buf.length) this.reserve(n);
    for (let i = 0; i < n; i++) this.buf[this.length++] = TAB;
  }

  tab(): void {
    this.byte(TAB);
  }

  space(): void {
    this.byte(SPACE);
  }

  newline(): void {
    this.byte(NEWLINE);
  }

  /** `%d` (`width`: right-aligned in at least that many columns, as `%4d`). */
  int(value: number, width = 0): void {
    let v = Math.trunc(value);
    if (!(v <= Number.MAX_SAFE_INTEGER && v >= -Number.MAX_SAFE_INTEGER)) v = 0;
    const negative = v < 0;
    if (negative) v = -v;
    const len = digitCount(v);
    const size = len + (negative ? 1 : 0);
    if (this.length + size + width > this.buf.length) this.reserve(size + width);
    const b = this.buf;
    let p = this.length;
    for (let i = size; i < width; i++) b[p++] = SPACE;
    if (negative) b[p++] = MINUS;
    this.length = putDigits(b, p, v, len);
  }

  /**
   * `%.Nf` with printf's rounding of the exact binary value (ties by `toFixed`), and 0 for NaN and
   * ±Infinity (callers warn about those before they get here). Unlike printf, a value that rounds
   * to zero has no sign (Max writes `-0.0000`): a rewritten file then keeps its bytes.
   */
  fixed(value: number): void {
    if (!(value === value) || value === Infinity || value === -Infinity) value = 0;
    let negative = value < 0;
    const a = negative ? -value : value;
    const scaled = a * this.scale;
    let n = Math.floor(scaled);
    const fraction = scaled - n;
    if (scaled >= 9e15 || (fraction > 0.5 - 1e-6 && fraction < 0.5 + 1e-6)) {
      // Huge values, and products that land near a tie, where `a × scale` may round the wrong way.
      const text = a.toFixed(this.decimals);
      this.text((negative && /[1-9]/.test(text) ? '-' : '') + text);
      return;
    }
    if (fraction > 0.5) n++;
    if (n === 0) negative = false;
    const d = this.decimals;
    const whole = Math.floor(n / this.scale);
    let part = (n - whole * this.scale) | 0;
    const len = digitCount(whole);
    if (this.length + len + d + 2 > this.buf.length) this.reserve(len + d + 2);
    const b = this.buf;
    let p = this.length;
    if (negative) b[p++] = MINUS;
    p = putDigits(b, p, whole, len);
    if (d > 0) {
      b[p] = DOT;
      for (let q = p + d; q > p; q--) {
        const t = (part / 10) | 0;
        b[q] = ZERO + part - t * 10;
        part = t;
      }
      p += d + 1;
    }
    this.length = p;
  }

  /** Three floats separated by tabs (Max's `Format(Point3)`). */
  fixed3(x: number, y: number, z: number): void {
    this.fixed(x);
    this.tab();
    this.fixed(y);
    this.tab();
    this.fixed(z);
  }

  /** A quoted, already encoded string. */
  quoted(bytes: Uint8Array): void {
    this.reserve(bytes.length + 2);
    this.buf[this.length++] = QUOTE;
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
    this.buf[this.length++] = QUOTE;
  }

  /** The bytes written so far (a view when it fills most of the buffer, else a copy of exactly that length). */
  result(): Uint8Array {
    return this.length * 4 >= this.buf.length * 3 ? this.buf.subarray(0, this.length) : this.buf.slice(0, this.length);
  }
}

/** What the text of a formatted float reads back as (what any reader of the file will see). */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  return Number(value.toFixed(decimals));
}

/**
 * Names and paths in the file's code page: `"` becomes `'` and control characters `_` (the Max
 * exporter's `FixupName`, so a string can never end early); characters the page lacks become `?`.
 * Each distinct text is encoded once; changes are warned once per text.
 */
export class NameEncoder {
  readonly encoder: CodePageEncoder;
  readonly decoder: CodePageDecoder;
  private readonly cache = new Map<string, Uint8Array>();

  constructor(
    page: string | undefined,
    private readonly sink: WarningSink,
  ) {
    this.encoder = codePageEncoder(page ?? 'windows-1252');
    this.decoder = codePage(page ?? 'windows-1252');
  }

  /** The text as the reader will decode it from `bytes(text)`. */
  readBack(text: string, what: string): string {
    return this.decoder.decode(this.bytes(text, what));
  }

  bytes(text: string, what: string): Uint8Array {
    let out = this.cache.get(text);
    if (out) return out;
    const fixed = text.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]/g, '_');
    if (fixed !== text) this.sink.warn('ASE_WRITE_NAME_CHANGED', `${what} "${printableName(text)}": quotes and control characters cannot stand in an ASE string; written as "${printableName(fixed)}"`);
    const { bytes, lossy } = this.encoder.encode(fixed);
    if (lossy) this.sink.warn('WRITE_NAME_LOSSY', `${what} "${printableName(text)}" has characters ${this.encoder.name} cannot hold; written as "?"`);
    out = bytes;
    this.cache.set(text, out);
    return out;
  }
}

/** A name for a message: control characters shown as escapes. */
export function printableName(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
