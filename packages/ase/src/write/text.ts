import { codePage, codePageEncoder, keepMapAlive, type CodePageDecoder, type CodePageEncoder, type WarningSink } from '@relic3d/core';
import { MAX_NUMBER_BYTES, NEWLINE, SPACE, TAB, putBytes, putFixed, putInt, roundedValue } from './digits.js';

/** ASCII bytes of a token, made once (the writer copies them instead of encoding strings per line). */
export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

const QUOTE = 0x22;

/**
 * The ASE text as bytes, written in place: numbers are formatted straight into the buffer as
 * printf's `%.4f` (what the Max exporter writes), names are encoded once in the code page. Hot loops
 * write whole lines through `ensure` and the `put…` functions of `digits.ts`, with a local cursor.
 */
export class TextWriter {
  private buf: Uint8Array;
  length = 0;
  /** 10^decimals. */
  readonly scale: number;

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

  /** Ends a line written at a local cursor: `p` becomes the length, and the buffer returned has room for `n` more bytes. */
  ensure(p: number, n: number): Uint8Array {
    this.length = p;
    if (p + n > this.buf.length) this.reserve(n);
    return this.buf;
  }

  /** Pre-encoded ASCII bytes. */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.length + n > this.buf.length) this.reserve(n);
    this.length = putBytes(this.buf, this.length, bytes);
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
    if (this.length + MAX_NUMBER_BYTES + width > this.buf.length) this.reserve(MAX_NUMBER_BYTES + width);
    this.length = putInt(this.buf, this.length, value, width);
  }

  /** `%.Nf` (`putFixed`). */
  fixed(value: number): void {
    if (this.length + MAX_NUMBER_BYTES > this.buf.length) this.reserve(MAX_NUMBER_BYTES);
    this.length = putFixed(this.buf, this.length, value, this.scale, this.decimals);
  }

  /** Three floats separated by tabs (Max's `Format(Point3)`). */
  fixed3(x: number, y: number, z: number): void {
    if (this.length + 3 * MAX_NUMBER_BYTES + 2 > this.buf.length) this.reserve(3 * MAX_NUMBER_BYTES + 2);
    const b = this.buf, scale = this.scale, d = this.decimals;
    let p = putFixed(b, this.length, x, scale, d);
    b[p++] = TAB;
    p = putFixed(b, p, y, scale, d);
    b[p++] = TAB;
    this.length = putFixed(b, p, z, scale, d);
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

// One writer kept for the process (core's keepMapAlive): a write's writer dies in the next full GC, and
// with its map V8 dropped the mesh list loops that saw it ('weak objects'), compiled again every write.
// Its `length` made a double field first: a list loop that deoptimises hands its cursor back as a heap
// number, and storing that in a small-integer field would move every later writer to a new map.
const keptWriter = keepMapAlive(new TextWriter(4, 0));
keptWriter.length = 0.5;
keptWriter.length = 0;

/** What the text of a formatted float reads back as (what any reader of the file will see). */
export function roundTo(value: number, decimals: number): number {
  return roundedValue(value, 10 ** decimals, decimals);
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
