import type { Tokenizer } from './tokenizer.js';

// Whole list rows in one pass over the bytes (issue #25): the numbers of a row in the forms the
// tokenizer's `quickScan` takes (`-?d+(.d*)?`, at most 15 digits, so `mantissa / 10^k` is exact and
// bit-identical to the slow path; integers also `d+:`), each scan returning the position after it
// or -1. A row that leaves the fast forms anywhere is read again from its start by the general
// loop, so values, errors and warnings stay those of the general path.

/** Bytes that end a number token: white space and control bytes, `{`, `}`, `"`, `*` (and the end: 0). */
const ENDS = new Uint8Array(256);
for (let b = 0; b <= 32; b++) ENDS[b] = 1;
for (const b of [0x7b, 0x7d, 0x22, 0x2a]) ENDS[b] = 1;

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** A row scanner over one tokenizer's bytes; `value` holds the last number scanned. */
export class RowScanner {
  readonly b: Uint8Array;
  value = 0;

  constructor(tk: Tokenizer) {
    this.b = tk.bytes;
  }

  /** A number at `p` (white space first); the position after it, or -1. */
  num(p: number): number {
    const b = this.b;
    let c = b[p] | 0;
    // Past the end a typed array reads undefined; `| 0` makes it 0, which ends every loop here.
    while (c <= 32 && c !== 0) c = b[++p] | 0;
    if (c === 0 && p < b.length) return -1; // a NUL inside the text: the general path decides
    let negative = false;
    if (c === 0x2d) {
      negative = true;
      c = b[++p] | 0;
    }
    const first = p;
    let m = 0;
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
    if (intDigits + fraction > 15 || ENDS[c] === 0) return -1;
    const v = fraction ? m / POW10[fraction] : m;
    this.value = negative ? -v : v;
    return p;
  }

  /** An integer at `p` (`12`, `-3`, `12:` with the rest of its token ignored); the position after it, or -1. */
  int(p: number): number {
    const b = this.b;
    let c = b[p] | 0;
    while (c <= 32 && c !== 0) c = b[++p] | 0;
    if (c === 0 && p < b.length) return -1;
    let negative = false;
    if (c === 0x2d) {
      negative = true;
      c = b[++p] | 0;
    }
    const first = p;
    let m = 0;
    while (((c - 0x30) >>> 0) < 10) {
      m = m * 10 + (c - 0x30);
      c = b[++p] | 0;
    }
    const digits = p - first;
    if (digits === 0 || digits > 15 || m > 0x7fffffff) return -1;
    if (c === 0x3a) {
      while (ENDS[c] === 0) c = b[++p] | 0;
    } else if (ENDS[c] === 0) return -1;
    this.value = negative ? -m : m;
    return p;
  }

  /** `label` (upper-case bytes, e.g. `AB:`) as the token at `p`; the position after it, or -1. */
  label(p: number, label: Uint8Array): number {
    const b = this.b;
    let c = b[p] | 0;
    while (c <= 32 && c !== 0) c = b[++p] | 0;
    for (let i = 0; i < label.length; i++) if (b[p + i] !== label[i]) return -1;
    p += label.length;
    return ENDS[b[p] | 0] === 1 ? p : -1;
  }

  /**
   * The start of the next token when the row ends at `p` (a keyword, `}` or the end follows, as the
   * tokenizer's `atEntryEnd`), else -1.
   */
  entryEnd(p: number): number {
    const b = this.b;
    const n = b.length;
    let c = b[p] | 0;
    while (p < n && c <= 32) c = b[++p] | 0;
    if (p >= n || c === 0x7d) return p;
    return c === 0x2a && p + 1 < n && ENDS[b[p + 1]] === 0 ? p : -1;
  }
}
