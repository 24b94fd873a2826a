import { codePage, codePageEncoder, type CodePageDecoder, type CodePageEncoder, type WarningSink } from '@relic3d/core';

/** ASCII bytes of a token, made once (the writer copies them instead of encoding strings per line). */
export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

const TAB = 0x09, NEWLINE = 0x0a, SPACE = 0x20, MINUS = 0x2d, DOT = 0x2e, ZERO = 0x30, QUOTE = 0x22;

/**
 * The ASE text as bytes, written in place: numbers are formatted straight into the buffer as
 * printf's `%.4f` (what the Max exporter writes), names are encoded once in the code page.
 */
export class TextWriter {
  private buf: Uint8Array;
  length = 0;
  private readonly scale: number;
  private readonly digits = new Uint8Array(24);

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
    this.reserve(bytes.length);
    const b = this.buf;
    let p = this.length;
    if (bytes.length < 24) for (let i = 0; i < bytes.length; i++) b[p++] = bytes[i];
    else {
      b.set(bytes, p);
      p += bytes.length;
    }
    this.length = p;
  }

  /** An ASCII string (keywords, enum words). */
  text(s: string): void {
    this.reserve(s.length);
    const b = this.buf;
    let p = this.length;
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
    this.length = p;
  }

  byte(c: number): void {
    this.reserve(1);
    this.buf[this.length++] = c;
  }

  tabs(n: number): void {
    this.reserve(n);
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
    if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) v = 0;
    const negative = v < 0;
    if (negative) v = -v;
    const d = this.digits;
    let n = 0;
    do {
      d[n++] = ZERO + (v % 10);
      v = Math.floor(v / 10);
    } while (v > 0);
    const size = n + (negative ? 1 : 0);
    this.reserve(Math.max(size, width));
    const b = this.buf;
    let p = this.length;
    for (let i = size; i < width; i++) b[p++] = SPACE;
    if (negative) b[p++] = MINUS;
    while (n > 0) b[p++] = d[--n];
    this.length = p;
  }

  /**
   * `%.Nf` with printf's rounding of the exact binary value (ties by `toFixed`), and 0 for NaN and
   * ±Infinity (callers warn about those before they get here). Unlike printf, a value that rounds
   * to zero has no sign (Max writes `-0.0000`): a rewritten file then keeps its bytes.
   */
  fixed(value: number): void {
    if (value !== value || value === Infinity || value === -Infinity) value = 0;
    let negative = value < 0;
    const a = negative ? -value : value;
    const scaled = a * this.scale;
    const floor = Math.floor(scaled);
    const fraction = scaled - floor;
    if (scaled >= 9e15 || Math.abs(fraction - 0.5) < 1e-6) {
      // Huge values, and products that land near a tie, where `a × scale` may round the wrong way.
      const text = a.toFixed(this.decimals);
      this.text((negative && /[1-9]/.test(text) ? '-' : '') + text);
      return;
    }
    const n = fraction > 0.5 ? floor + 1 : floor;
    if (n === 0) negative = false;
    const whole = Math.floor(n / this.scale);
    let part = n - whole * this.scale;
    if (negative) this.byte(MINUS);
    this.int(whole);
    if (this.decimals === 0) return;
    this.reserve(this.decimals + 1);
    const b = this.buf;
    b[this.length++] = DOT;
    for (let i = this.decimals - 1; i >= 0; i--) {
      b[this.length + i] = ZERO + (part % 10);
      part = Math.floor(part / 10);
    }
    this.length += this.decimals;
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

  /** The bytes written so far (a copy of exactly that length). */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
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
