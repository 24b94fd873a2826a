import type { Grow } from './growable.js';
import type { Tokenizer } from './tokenizer.js';

// Whole list rows in the form every exporter writes (`*MESH_VERTEX 12\t0.1000\t-2.5000\t3.0000`),
// read with one local cursor: no token state, no call per number. A row in any other form (negative
// or long indices, exponents, decimal commas, missing values, lower-case labels, anything glued to a
// number) returns -1 with nothing consumed, and the general loop reads it with its full rules; the
// values read here are the ones those rules give, so scenes are the same bits.

/**
 * One row's values, typed so they never box: integers (index first) and floats; how many a row of
 * varying length gave; a view of the text.
 */
export interface RowScratch {
  ints: Int32Array;
  floats: Float64Array;
  count: number;
  view: DataView;
}

/** The most values a row of varying length takes on the fast path (longer rows go the general way). */
const ROW_MAX = 64;

export const rowScratch = (tk: Tokenizer): RowScratch => ({
  ints: new Int32Array(ROW_MAX),
  floats: new Float64Array(ROW_MAX),
  count: 0,
  view: new DataView(tk.bytes.buffer, tk.bytes.byteOffset, tk.bytes.byteLength),
});

/** An upper-case keyword with its `*`, as little-endian 32-bit words and the bytes after them. */
export interface ExactWord {
  length: number;
  words: Uint32Array;
  tail: Uint8Array;
}

export function exactWord(text: string): ExactWord {
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const whole = bytes.length >> 2;
  const words = new Uint32Array(whole);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < whole; i++) words[i] = view.getUint32(i * 4, true);
  return { length: bytes.length, words, tail: bytes.subarray(whole * 4) };
}

/**
 * `w` at `p` (4 bytes per compare) followed by white space: the position after it, or -1. Keywords
 * in another case go the general way.
 */
export function wordAt(s: RowScratch, b: Uint8Array, p: number, n: number, w: ExactWord): number {
  if (p + w.length >= n) return -1;
  const words = w.words, tail = w.tail;
  for (let i = 0; i < words.length; i++) if (s.view.getUint32(p + i * 4, true) !== words[i]) return -1;
  const t = p + words.length * 4;
  for (let i = 0; i < tail.length; i++) if (b[t + i] !== tail[i]) return -1;
  p += w.length;
  return b[p] <= 32 ? p : -1;
}

/** Powers of ten that are exact in a double (as the tokenizer's). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** A byte that continues a word: not white space, not `{ } " *`. */
const wordByte = (c: number) => c > 32 && c !== 0x7b && c !== 0x7d && c !== 0x22 && c !== 0x2a;

export function skipSpace(b: Uint8Array, p: number, n: number): number {
  while (p < n && b[p] <= 32) p++;
  return p;
}

/**
 * 1–9 digits at `p` (past the end reads as no digit): the value to `out[k]`, returns the position
 * after them, or -1.
 */
export function digitsAt(b: Uint8Array, p: number, out: Int32Array, k: number): number {
  const first = p;
  let m = 0;
  let c = b[p] | 0;
  while (((c - 0x30) >>> 0) < 10) {
    m = m * 10 + (c - 0x30);
    c = b[++p] | 0;
  }
  if (p === first || p - first > 9) return -1;
  out[k] = m;
  return p;
}

/**
 * `-?d+(.d*)?` (at most 15 digits) at `p`, followed by white space or the end: the tokenizer's fast
 * number form and value, to `out[k]`; returns the position after it, or -1.
 */
function floatAt(b: Uint8Array, p: number, n: number, out: Float64Array | Float32Array | Int32Array, k: number): number {
  let negative = false;
  if (b[p] === 0x2d) {
    negative = true;
    p++;
  }
  const first = p;
  let m = 0;
  let c = b[p] | 0;
  while (((c - 0x30) >>> 0) < 10) {
    m = m * 10 + (c - 0x30);
    c = b[++p] | 0;
  }
  const intDigits = p - first;
  if (intDigits === 0) return -1;
  let fraction = 0;
  if (c === 0x2e) {
    const f0 = ++p;
    c = b[p] | 0;
    while (((c - 0x30) >>> 0) < 10) {
      m = m * 10 + (c - 0x30);
      c = b[++p] | 0;
    }
    fraction = p - f0;
  }
  if (intDigits + fraction > 15 || (p < n && c > 32)) return -1;
  const v = fraction ? m / POW10[fraction] : m;
  out[k] = negative ? -v : v;
  return p;
}

/**
 * `floatAt` into a Float32Array (the normals' rows): the same form and value, rounded to float by
 * the store. A copy of its body so that store site sees one array type (V8 keeps one function's
 * store feedback for every place it is inlined).
 */
export function float32At(b: Uint8Array, p: number, n: number, out: Float32Array, k: number): number {
  let negative = false;
  if (b[p] === 0x2d) {
    negative = true;
    p++;
  }
  const first = p;
  let m = 0;
  let c = b[p] | 0;
  while (((c - 0x30) >>> 0) < 10) {
    m = m * 10 + (c - 0x30);
    c = b[++p] | 0;
  }
  const intDigits = p - first;
  if (intDigits === 0) return -1;
  let fraction = 0;
  if (c === 0x2e) {
    const f0 = ++p;
    c = b[p] | 0;
    while (((c - 0x30) >>> 0) < 10) {
      m = m * 10 + (c - 0x30);
      c = b[++p] | 0;
    }
    fraction = p - f0;
  }
  if (intDigits + fraction > 15 || (p < n && c > 32)) return -1;
  const v = fraction ? m / POW10[fraction] : m;
  out[k] = negative ? -v : v;
  return p;
}

/** True when the entry ends at `p` (white space skipped): a keyword, `}` or the end follows. */
export function entryEndAt(b: Uint8Array, p: number, n: number): boolean {
  if (p >= n) return true;
  const c = b[p];
  return c === 0x7d || (c === 0x2a && p + 1 < n && wordByte(b[p + 1]));
}

/**
 * Consecutive `*KEYWORD i v0 … v(count−1)` rows, each with its entry's end, in one loop (a list's
 * body): each row's index is appended to `index` and its values to `values`, with no call per row;
 * stops before the first row in another form (nothing of it kept) and leaves the tokenizer there
 * (it may have peeked: its position is still before the token). Returns the rows read. Float and
 * integer lists share this loop: split in two (each store site one array type) it measured the same.
 */
export function numberRows(tk: Tokenizer, s: RowScratch, keyword: ExactWord, count: number, indexList: Grow<Int32Array>, valueList: Grow<Float32Array | Int32Array>): number {
  const b = tk.bytes, n = tk.length;
  const rowsBefore = indexList.length;
  let index = indexList.data, values = valueList.data, o = valueList.length;
  let at = tk.pos, rows = 0;
  for (;;) {
    let p = wordAt(s, b, skipSpace(b, at, n), n, keyword);
    if (p < 0) break;
    if (rowsBefore + rows === index.length || o + count > values.length) {
      indexList.length = rowsBefore + rows;
      valueList.length = o;
      index = indexList.reserve(1);
      values = valueList.reserve(count);
    }
    // Values land in the lists' spare room and count only once the whole row is read (no scratch copy).
    p = digitsAt(b, skipSpace(b, p, n), index, rowsBefore + rows);
    if (p < 0 || (p < n && b[p] > 32)) break;
    for (let i = 0; i < count && p >= 0; i++) p = floatAt(b, skipSpace(b, p, n), n, values, o + i);
    if (p < 0) break;
    p = skipSpace(b, p, n);
    if (!entryEndAt(b, p, n)) break;
    o += count;
    at = p;
    rows++;
  }
  indexList.length = rowsBefore + rows;
  valueList.length = o;
  if (rows) tk.rewind(at);
  return rows;
}

const BONE_VERTEX = exactWord('*MESH_BONE_VERTEX');

/**
 * `*MESH_BONE_VERTEX i x y z (bone weight)…` and the entry's end: the index to `ints[0]`, the bind
 * position to `floats[0…3)`, `count` pairs as bones in `ints[1…]` and weights in `floats[3…]`;
 * returns the position of the next token, or -1 (nothing consumed; an odd bone without its weight too).
 */
export function boneVertexRow(tk: Tokenizer, s: RowScratch): number {
  const b = tk.bytes, n = tk.length, ints = s.ints, floats = s.floats;
  let p = wordAt(s, b, skipSpace(b, tk.pos, n), n, BONE_VERTEX);
  if (p < 0) return -1;
  p = digitsAt(b, skipSpace(b, p, n), ints, 0);
  if (p < 0 || (p < n && b[p] > 32)) return -1;
  for (let i = 0; i < 3; i++) {
    p = floatAt(b, skipSpace(b, p, n), n, floats, i);
    if (p < 0) return -1;
  }
  let pairs = 0;
  for (;;) {
    p = skipSpace(b, p, n);
    if (entryEndAt(b, p, n)) break;
    if (pairs === ROW_MAX - 3) return -1;
    p = digitsAt(b, p, ints, 1 + pairs);
    if (p < 0 || (p < n && b[p] > 32)) return -1;
    p = floatAt(b, skipSpace(b, p, n), n, floats, 3 + pairs);
    if (p < 0) return -1;
    pairs++;
  }
  s.count = pairs;
  return p;
}

/**
 * Any keyword with one or more numbers and the entry's end (an animation key: time, values): the
 * numbers to `floats[0…count)`; returns the position of the next token, or -1 (nothing consumed).
 */
export function keyRow(tk: Tokenizer, s: RowScratch): number {
  const b = tk.bytes, n = tk.length, floats = s.floats;
  let p = skipSpace(b, tk.pos, n);
  if (b[p] !== 0x2a || !(p + 1 < n && wordByte(b[p + 1]))) return -1;
  p++;
  while (p < n && wordByte(b[p])) p++;
  let count = 0;
  for (;;) {
    p = skipSpace(b, p, n);
    if (entryEndAt(b, p, n)) break;
    if (count === ROW_MAX) return -1;
    p = floatAt(b, p, n, floats, count++);
    if (p < 0) return -1;
  }
  if (!count) return -1;
  s.count = count;
  return p;
}
