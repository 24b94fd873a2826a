// One cohesive grammar, over 400 lines on purpose: the byte classes, the token scanner and the
// in-place number, keyword and face-label readers share the cursor state and its fast paths.
import { FormatError, codePage, type CodePageDecoder, type FormatErrorCode } from '@relic3d/core';

/** Token kinds of the ASE lexer. */
export const enum Tok {
  Eof = 0,
  Keyword = 1,
  Open = 2,
  Close = 3,
  String = 4,
  /** A number, a bare word (`Omni`, `A:`, `0:`), anything else. */
  Word = 5,
}

const SPACE = 1, BREAK = 2; // byte classes

/** Byte classes: whitespace (and NUL, control bytes) vs token breaks. */
const CLASS = new Uint8Array(256);
for (let b = 0; b <= 32; b++) CLASS[b] = SPACE;
CLASS[0x7b] = BREAK; // {
CLASS[0x7d] = BREAK; // }
CLASS[0x22] = BREAK; // "
CLASS[0x2a] = BREAK; // *

/** The text as one byte per character, plus the mapping back to offsets in the input. */
export interface TextBytes {
  bytes: Uint8Array;
  /** Input offset of text byte i = base + i × scale. */
  base: number;
  scale: number;
  encoding: 'ascii' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';
}

/**
 * Removes a UTF-8 BOM or decodes UTF-16 (by BOM) to one byte per code unit. Code units above 0xFF
 * become '?': names are Windows-1252 byte strings in every exporter.
 */
export function toTextBytes(input: Uint8Array): TextBytes {
  if (input.length >= 2 && ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff))) {
    const le = input[0] === 0xff;
    const n = (input.length - 2) >> 1;
    const out = new Uint8Array(n);
    for (let i = 0, p = 2; i < n; i++, p += 2) {
      const unit = le ? input[p] | (input[p + 1] << 8) : (input[p] << 8) | input[p + 1];
      out[i] = unit > 0xff ? 0x3f : unit;
    }
    return { bytes: out, base: 2, scale: 2, encoding: le ? 'utf-16le' : 'utf-16be' };
  }
  if (input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
    return { bytes: input.subarray(3), base: 3, scale: 1, encoding: 'utf-8-bom' };
  }
  return { bytes: input, base: 0, scale: 1, encoding: 'ascii' };
}

/** Powers of ten that are exact in a double. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * A cursor over ASE text. Tokens are scanned in place; numbers are parsed from the bytes without
 * building strings, and keywords are interned per tokenizer so repeated keywords cost no allocation.
 */
export class Tokenizer {
  readonly bytes: Uint8Array;
  readonly length: number;
  readonly decoder: CodePageDecoder;
  private readonly text: TextBytes;
  pos = 0;
  /** Start and end of the token that `peek` found (end exclusive; strings without quotes). */
  start = 0;
  end = 0;
  kind: Tok = Tok.Eof;
  private peeked = false;
  private readonly interned = new Map<number, string[]>();

  constructor(text: TextBytes, codePageName?: string | CodePageDecoder) {
    this.text = text;
    this.bytes = text.bytes;
    this.length = text.bytes.length;
    this.decoder = codePage(codePageName ?? 'windows-1252');
  }

  /** Offset in the original input of a text position. */
  inputOffset(at: number): number {
    return this.text.base + at * this.text.scale;
  }

  fail(expected: string, code: FormatErrorCode = 'BAD_SYNTAX', at = this.start): never {
    const found = this.kind === Tok.Eof && at >= this.length ? 'end of file' : `'${this.describe(at)}'`;
    throw new FormatError({ format: 'ase', offset: this.inputOffset(at), expected, found, code });
  }

  private describe(at: number): string {
    let end = at;
    while (end < this.length && end - at < 24 && this.bytes[end] > 32) end++;
    let s = '';
    for (let i = at; i < end; i++) {
      const b = this.bytes[i];
      s += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    }
    return s;
  }

  /** Scans the next token without consuming it. */
  peek(): Tok {
    if (this.peeked) return this.kind;
    const b = this.bytes;
    const n = this.length;
    let p = this.pos;
    while (p < n && CLASS[b[p]] === SPACE) p++;
    this.start = p;
    this.peeked = true;
    if (p >= n) {
      this.end = p;
      return (this.kind = Tok.Eof);
    }
    const c = b[p];
    if (c === 0x7b || c === 0x7d) {
      this.end = p + 1;
      return (this.kind = c === 0x7b ? Tok.Open : Tok.Close);
    }
    if (c === 0x22) {
      // No escapes; an unterminated string ends at the line end.
      let q = p + 1;
      while (q < n && b[q] !== 0x22 && b[q] !== 0x0a && b[q] !== 0x0d) q++;
      this.start = p + 1;
      this.end = q;
      return (this.kind = Tok.String);
    }
    let q = p + 1;
    while (q < n && CLASS[b[q]] === 0) q++;
    this.end = q;
    return (this.kind = c === 0x2a && q > p + 1 ? Tok.Keyword : Tok.Word);
  }

  /** Consumes the peeked token. */
  take(): void {
    if (!this.peeked) this.peek();
    this.pos = this.kind === Tok.String && this.end < this.length && this.bytes[this.end] === 0x22 ? this.end + 1 : this.end;
    this.peeked = false;
  }

  /** Consumes the peeked `}` and every `}` after it (white space between); returns how many. */
  skipCloseRun(): number {
    if (!this.peeked) this.peek();
    if (this.kind !== Tok.Close) return 0;
    const b = this.bytes;
    const n = this.length;
    let p = this.start;
    let count = 0;
    for (;;) {
      while (p < n && CLASS[b[p]] === SPACE) p++;
      if (p >= n || b[p] !== 0x7d) break;
      count++;
      p++;
    }
    this.pos = p;
    this.peeked = false;
    return count;
  }

  /** Rewinds to a position saved from `pos` (before a peek). */
  rewind(pos: number): void {
    this.pos = pos;
    this.peeked = false;
  }

  /** True when the next token is a value of the current keyword (not a keyword, brace or EOF). */
  hasValue(): boolean {
    const k = this.peek();
    return k === Tok.Word || k === Tok.String;
  }

  /**
   * True when the peeked keyword token is `*NAME` (`name` upper-case ASCII bytes without the `*`),
   * case-insensitively. Nothing is consumed and nothing allocated.
   */
  isKeyword(name: Uint8Array): boolean {
    const b = this.bytes;
    const s = this.start + 1;
    if (this.end - s !== name.length) return false;
    for (let i = 0; i < name.length; i++) {
      const c = b[s + i];
      if (c !== name[i] && !(c >= 0x61 && c <= 0x7a && c - 32 === name[i])) return false;
    }
    return true;
  }

  /**
   * Index into `labels` of the peeked Word token when it is a face label (`A:`, `AB:` …, compared
   * case-insensitively), else -1. Labels are upper-case ASCII.
   */
  faceLabel(): number {
    if (this.kind !== Tok.Word) return -1;
    const b = this.bytes, s = this.start, n = this.end - s;
    if ((n !== 2 && n !== 3) || b[s + n - 1] !== 0x3a) return -1;
    const c0 = b[s] & 0xdf;
    if (n === 2) return c0 === 0x41 ? 0 : c0 === 0x42 ? 1 : c0 === 0x43 ? 2 : -1;
    const c1 = b[s + 1] & 0xdf;
    if (c0 === 0x41 && c1 === 0x42) return 3;
    if (c0 === 0x42 && c1 === 0x43) return 4;
    if (c0 === 0x43 && c1 === 0x41) return 5;
    return -1;
  }

  /**
   * Consumes the next token when it is the keyword `*NAME` (`name` upper-case ASCII bytes without
   * the `*`, matched case-insensitively) and returns true; otherwise consumes nothing. The same as
   * `peek() === Tok.Keyword && isKeyword(name)` then `take()`, in one pass.
   */
  quickKeyword(name: Uint8Array): boolean {
    if (this.peeked) {
      if (this.kind !== Tok.Keyword || !this.isKeyword(name)) return false;
      this.take();
      return true;
    }
    const b = this.bytes, n = this.length;
    let p = this.pos;
    while (p < n && CLASS[b[p]] === SPACE) p++;
    const L = name.length;
    if (b[p] !== 0x2a || p + 1 + L > n) return false;
    p++;
    for (let i = 0; i < L; i++) {
      const c = b[p + i];
      if (c !== name[i] && !(c >= 0x61 && c <= 0x7a && c - 32 === name[i])) return false;
    }
    p += L;
    if (p < n && CLASS[b[p]] === 0) return false;
    this.pos = p;
    return true;
  }

  /**
   * True when no value or block follows (the next token is a keyword, `}` or the end), so there is
   * nothing to skip after an entry. Consumes whitespace only.
   */
  atEntryEnd(): boolean {
    if (this.peeked) return this.kind === Tok.Keyword || this.kind === Tok.Close || this.kind === Tok.Eof;
    const b = this.bytes, n = this.length;
    let p = this.pos;
    while (p < n && CLASS[b[p]] === SPACE) p++;
    this.pos = p; // only whitespace skipped: the next peek finds the same token
    if (p >= n) return true;
    const c = b[p];
    return c === 0x7d || (c === 0x2a && p + 1 < n && CLASS[b[p + 1]] === 0);
  }

  /**
   * Fast path of a face label: when the next token (not yet peeked) is `A:` `B:` `C:` `AB:` `BC:`
   * or `CA:`, consumes it and returns its index (0..5); otherwise consumes nothing and returns -1.
   */
  quickLabel(): number {
    if (this.peeked) return -1;
    const b = this.bytes, n = this.length;
    let p = this.pos;
    while (p < n && CLASS[b[p]] === SPACE) p++;
    let q = p;
    while (q < n && CLASS[b[q]] === 0) q++;
    const save = this.start, saveEnd = this.end, saveKind = this.kind;
    this.start = p;
    this.end = q;
    this.kind = q > p && b[p] !== 0x2a ? Tok.Word : Tok.Eof;
    const label = this.faceLabel();
    if (label >= 0) this.pos = q;
    else {
      this.start = save;
      this.end = saveEnd;
      this.kind = saveKind;
    }
    return label;
  }

  /** Upper-case keyword name without the `*`, interned. Call after `peek() === Tok.Keyword`. */
  keyword(): string {
    const b = this.bytes;
    const s = this.start + 1, e = this.end;
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) {
      const c = b[i] >= 0x61 && b[i] <= 0x7a ? b[i] - 32 : b[i];
      h = Math.imul(h ^ c, 0x01000193);
    }
    let bucket = this.interned.get(h);
    if (bucket) {
      outer: for (const name of bucket) {
        if (name.length !== e - s) continue;
        for (let i = 0; i < name.length; i++) {
          const c = b[s + i] >= 0x61 && b[s + i] <= 0x7a ? b[s + i] - 32 : b[s + i];
          if (name.charCodeAt(i) !== c) continue outer;
        }
        this.take();
        return name;
      }
    } else this.interned.set(h, (bucket = []));
    let name = '';
    for (let i = s; i < e; i++) name += String.fromCharCode(b[i] >= 0x61 && b[i] <= 0x7a ? b[i] - 32 : b[i]);
    bucket.push(name);
    this.take();
    return name;
  }

  /**
   * Parses the number at the start of the current token: `-?\d+(\.\d*)?([eE][-+]?\d+)?`.
   * Returns NaN when the token does not start with a number; `1.#QNAN` style tokens give NaN too.
   * `stop` receives the position after the numeric prefix.
   */
  private scanNumber(from: number, to: number): number {
    const b = this.bytes;
    let p = from;
    let negative = false;
    if (p < to && (b[p] === 0x2d || b[p] === 0x2b)) {
      negative = b[p] === 0x2d;
      p++;
    }
    let mantissa = 0, digits = 0, exponent = 0, any = false;
    while (p < to && b[p] >= 0x30 && b[p] <= 0x39) {
      if (digits < 17) {
        mantissa = mantissa * 10 + (b[p] - 0x30);
        if (mantissa) digits++;
      } else exponent++;
      any = true;
      p++;
    }
    if (p < to && (b[p] === 0x2e || b[p] === 0x2c)) {
      p++;
      while (p < to && b[p] >= 0x30 && b[p] <= 0x39) {
        if (digits < 17) {
          mantissa = mantissa * 10 + (b[p] - 0x30);
          if (mantissa) digits++;
          exponent--;
        }
        any = true;
        p++;
      }
    }
    if (!any) return NaN;
    if (p < to && (b[p] === 0x65 || b[p] === 0x45)) {
      let q = p + 1, eNeg = false, e = 0, eAny = false;
      if (q < to && (b[q] === 0x2d || b[q] === 0x2b)) eNeg = b[q++] === 0x2d;
      while (q < to && b[q] >= 0x30 && b[q] <= 0x39) {
        if (e < 10000) e = e * 10 + (b[q] - 0x30);
        eAny = true;
        q++;
      }
      if (eAny) {
        exponent += eNeg ? -e : e;
        p = q;
      }
    }
    this.numberEnd = p;
    if (p < to && b[p] === 0x23) return NaN; // 1.#QNAN, -1.#IND
    let v: number;
    if (mantissa === 0) v = 0;
    else if (exponent === 0) v = mantissa;
    else if (exponent < 0 && exponent >= -22) v = mantissa / POW10[-exponent];
    else if (exponent > 0 && exponent <= 22) v = mantissa * POW10[exponent];
    else v = mantissa * 10 ** exponent;
    return negative ? -v : v;
  }

  /**
   * One-pass fast path of `num`/`int` for the common forms `-?d+(.d*)?` (at most 15 digits, so the
   * mantissa is exact and the value is the one `scanNumber` gives) and, for integers, `-?d+:?`.
   * Consumes the token and returns its value, or returns NaN without consuming anything when the
   * token needs the full rules (exponents, decimal commas, `1.#QNAN`, errors).
   */
  quickNumber(integer: boolean): number {
    return this.quickScan(this.scratch, 0, integer) ? this.scratch[0] : NaN;
  }

  /** Landing place of `quickNumber` values. */
  private readonly scratch = new Float64Array(1);

  /**
   * Writes the next number (or, with `integer`, integer) to `out[at]`: the fast path of
   * `quickNumber`, else `num`/`int` with their errors. Storing in place keeps the value unboxed.
   */
  numberInto(out: Float64Array | Int32Array, at: number, integer: boolean, what: string): void {
    if (!this.quickScan(out, at, integer)) out[at] = integer ? this.int(what) : this.num(what);
  }

  /** `count` numbers into `out[at…]` (as `numberInto`, in one call). */
  numbersInto(out: Float32Array | Float64Array | Int32Array, at: number, count: number, what: string): void {
    for (let i = 0; i < count; i++) if (!this.quickScan(out, at + i, false)) out[at + i] = this.num(what);
  }

  /** The fast path alone: writes `out[at]` and returns true, or consumes nothing and returns false. */
  quickInto(out: Float64Array | Int32Array, at: number, integer: boolean): boolean {
    return this.quickScan(out, at, integer);
  }

  /** `optNum` writing to `out[at]`. */
  optNumberInto(out: Float32Array | Float64Array | Int32Array, at: number, fallback: number): void {
    if (!this.quickScan(out, at, false)) out[at] = this.optNum(fallback);
  }

  /**
   * The scan of `quickNumber`: true (token consumed, value written to `out[at]`) or false (nothing
   * consumed or written).
   */
  private quickScan(out: Float32Array | Float64Array | Int32Array, at: number, integer: boolean): boolean {
    if (this.peeked) return false;
    const b = this.bytes, n = this.length;
    let p = this.pos;
    while (p < n && CLASS[b[p]] === SPACE) p++;
    if (p >= n) return false;
    let negative = false;
    if (b[p] === 0x2d) {
      negative = true;
      p++;
    }
    const first = p;
    let m = 0;
    // Past the end a typed array reads undefined, and `undefined | 0` is 0: no digit, no bounds test.
    let c = b[p] | 0;
    while (((c - 0x30) >>> 0) < 10) {
      m = m * 10 + (c - 0x30);
      c = b[++p] | 0;
    }
    const intDigits = p - first;
    if (intDigits === 0) return false;
    let fraction = 0;
    if (c === 0x2e) {
      if (integer) return false;
      const f0 = ++p;
      c = b[p] | 0;
      while (((c - 0x30) >>> 0) < 10) {
        m = m * 10 + (c - 0x30);
        c = b[++p] | 0;
      }
      fraction = p - f0;
    } else if (c === 0x3a && integer) {
      // `0:` (face index): the rest of the token is ignored, as `int` does.
      while (p < n && CLASS[b[p]] === 0) p++;
      c = 0x20;
    }
    if (intDigits + fraction > 15 || (p < n && CLASS[c] === 0)) return false;
    if (integer && m > 0x7fffffff) return false;
    const v = fraction ? m / POW10[fraction] : m;
    this.pos = p;
    out[at] = negative ? -v : v;
    return true;
  }

  /** Position after the numeric prefix of the last scanned number. */
  numberEnd = 0;

  /** A number value; fails on a missing or non-numeric value. `1.#QNAN` gives NaN. */
  num(what = 'a number'): number {
    if (this.quickScan(this.scratch, 0, false)) return this.scratch[0];
    if (this.peek() !== Tok.Word) this.fail(what, this.kind === Tok.Eof ? 'TRUNCATED' : 'BAD_VALUE');
    const v = this.scanNumber(this.start, this.end);
    if (Number.isNaN(v) ? !(this.numberEnd < this.end && this.bytes[this.numberEnd] === 0x23) : !Number.isFinite(v)) this.fail(what, 'BAD_VALUE');
    this.take();
    return v;
  }

  /** A number when one follows, else `fallback` (nothing consumed). */
  optNum(fallback: number): number {
    if (this.quickScan(this.scratch, 0, false)) return this.scratch[0];
    if (this.peek() !== Tok.Word) return fallback;
    const v = this.scanNumber(this.start, this.end);
    if (Number.isNaN(v) ? !(this.numberEnd < this.end && this.bytes[this.numberEnd] === 0x23) : !Number.isFinite(v)) return fallback;
    this.take();
    return v;
  }

  /** An integer value (a trailing `:` or other suffix is allowed, as in `*MESH_FACE 0:`). */
  int(what = 'an integer'): number {
    if (this.quickScan(this.scratch, 0, true)) return this.scratch[0];
    if (this.peek() !== Tok.Word) this.fail(what, this.kind === Tok.Eof ? 'TRUNCATED' : 'BAD_VALUE');
    const v = this.scanNumber(this.start, this.end);
    if (!Number.isFinite(v) || !Number.isInteger(v) || Math.abs(v) > 0x7fffffff) this.fail(what, 'BAD_VALUE');
    this.take();
    return v;
  }

  /** The integers of a comma list token sequence (`1,3,5` or `1, 3`) up to the next keyword. */
  intList(out: number[]): number[] {
    const b = this.bytes;
    while (this.hasValue()) {
      let p = this.start;
      const e = this.end;
      while (p < e) {
        if (b[p] === 0x2c) {
          p++;
          continue;
        }
        let q = p;
        while (q < e && b[q] !== 0x2c) q++;
        const v = this.scanNumber(p, q);
        if (Number.isInteger(v)) out.push(v);
        p = q;
      }
      this.take();
    }
    return out;
  }

  /** A quoted string (or a bare word) decoded as the code page; '' when no value follows. */
  str(): string {
    const k = this.peek();
    if (k !== Tok.String && k !== Tok.Word) return '';
    const s = this.decoder.decode(this.bytes.subarray(this.start, this.end));
    this.take();
    return s;
  }

  /** True if the current Word token equals `label` case-insensitively (ASCII upper-case label). */
  wordIs(label: string): boolean {
    if (this.peek() !== Tok.Word || this.end - this.start !== label.length) return false;
    for (let i = 0; i < label.length; i++) {
      let c = this.bytes[this.start + i];
      if (c >= 0x61 && c <= 0x7a) c -= 32;
      if (c !== label.charCodeAt(i)) return false;
    }
    return true;
  }

  /** Skips the values of the current keyword and, when one follows, its balanced `{…}` block. */
  skipValuesAndBlock(): void {
    while (this.hasValue()) this.take();
    if (this.peek() === Tok.Open) this.skipBlock();
  }

  /** Skips a balanced block starting at `{`. Fails at EOF. */
  skipBlock(): void {
    const open = this.start;
    this.take();
    let depth = 1;
    for (;;) {
      const k = this.peek();
      if (k === Tok.Eof) this.fail(`'}' closing the block at offset ${this.inputOffset(open)}`, 'TRUNCATED');
      this.take();
      if (k === Tok.Open) depth++;
      else if (k === Tok.Close && --depth === 0) return;
    }
  }

  /** Validates a declared count against the text size before anything is allocated for it. */
  count(n: number, minBytesPerItem: number, what: string, at: number): number {
    if (!Number.isInteger(n) || n < 0 || n * minBytesPerItem > this.length) {
      throw new FormatError({
        format: 'ase',
        offset: this.inputOffset(at),
        expected: `a count of ${what} that fits in ${this.length} bytes of text`,
        found: String(n),
        code: 'BAD_COUNT',
      });
    }
    return n;
  }
}
