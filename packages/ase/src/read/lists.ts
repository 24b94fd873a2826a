import type { Ctx } from './blocks.js';
import { exactWord, numberRows } from './fast-rows.js';
import { floats32, ints, type Grow } from './growable.js';
import { Tok, type Tokenizer } from './tokenizer.js';

// The lists hold nearly all of a file's bytes. Their entries are read by dedicated loops that
// compare keyword bytes in place and append to typed arrays (pre-sized from the declared counts,
// capped by the text left), so a list costs no string and no object per entry.

/**
 * Initial capacity for `declared` entries whose shortest line is `*KEYWORD 0 0 0 0`-like
 * (`minBytes`): never more entries than the text left can hold, so a forged count cannot make the
 * temporaries outgrow the input. Lists grow past it when the count was low or missing.
 */
export function capacityFor(tk: Tokenizer, declared: number | undefined, minBytes: number): number {
  if (declared === undefined || !(declared > 0)) return 16;
  return Math.min(declared, Math.floor((tk.length - tk.pos) / minBytes) + 1);
}

/** Shortest text of one list line (`*MESH_VERTEX 0 0 0 0` …), for capacities. */
export const MIN_LINE = { vertex: 20, face: 18, tvert: 17, tface: 19, cvert: 21, cface: 19, faceNormal: 24, vertexNormal: 26 };

/** List entries whose values are indices (read into an Int32Array, as they are placed). */
const FACE_ENTRIES = new Set(['MESH_TFACE', 'MESH_CFACE']);

export const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** Keyword bytes of the list entries, built once (constants, not parse state). */
const ENTRY_BYTES = new Map(['MESH_VERTEX', 'MESH_TVERT', 'MESH_TFACE', 'MESH_VERTCOL', 'MESH_CFACE'].map((k) => [k, bytesOf(k)]));
/** The same keywords with their `*`, for the byte fast path. */
const ENTRY_WORDS = new Map([...ENTRY_BYTES.keys()].map((k) => [k, exactWord(`*${k}`)]));

/**
 * Entries of an indexed list (`*MESH_VERTEX i x y z`): collected first, then placed by index into an
 * array sized by the declared count (or the entry count), dropping indices out of range with a warning.
 */
export class IndexedList {
  readonly index: Grow<Int32Array>;
  readonly data: Grow<Float32Array | Int32Array>;
  /**
   * `float32` for lists whose values end in a Float32Array, else their values are read into the
   * Int32Array they end in (a typed-array store converts a number as `set` from doubles did), so an
   * exact in-order list is the result with no second copy.
   */
  constructor(readonly width: number, capacity = 0, float32 = false) {
    this.index = ints(capacity);
    this.data = float32 ? floats32(capacity * width) : ints(capacity * width);
  }
  get count(): number {
    return this.index.length;
  }
  place<T extends Float32Array | Int32Array>(out: T, ctx: Ctx, what: string, at: number): T {
    const w = this.width;
    const n = out.length / w;
    const index = this.index.data, data = this.data.data, count = this.index.length;
    // Exporters write entries 0, 1, 2, … in order: then the values are copied whole, or the list's own
    // array is the result when it is already exactly the output (no second copy of the list).
    let inOrder = count <= n;
    for (let e = 0; e < count && inOrder; e++) inOrder = index[e] === e;
    if (inOrder) {
      if (count > 0 && count < n) ctx.sink.warn('ASE_COUNT_MISMATCH', `${what}: ${n} declared, ${count} given`, ctx.tk.inputOffset(at));
      if (count === n && data.length === out.length && data.constructor === out.constructor) return data as T;
      out.set(data.subarray(0, count * w));
      return out;
    }
    let dropped = 0;
    for (let e = 0; e < count; e++) {
      const i = index[e];
      if (i < 0 || i >= n) {
        dropped++;
        continue;
      }
      for (let c = 0; c < w; c++) out[i * w + c] = data[e * w + c];
    }
    if (dropped) ctx.sink.warn('ASE_BAD_INDEX', `${dropped} ${what} entries have an index outside 0..${n - 1}; dropped`, ctx.tk.inputOffset(at));
    if (count - dropped < n && count > 0) {
      ctx.sink.warn('ASE_COUNT_MISMATCH', `${what}: ${n} declared, ${count - dropped} given`, ctx.tk.inputOffset(at));
    }
    return out;
  }
}

/** Opens the `{` of a list block; returns its text position for messages. */
export function openList(tk: Tokenizer, what: string): number {
  if (tk.peek() !== Tok.Open) tk.fail(`'{' opening *${what}`);
  const open = tk.start;
  tk.take();
  return open;
}

/**
 * Handles a token of a list block that is not one of its entries, as `block` does: skips other
 * keywords with their values and blocks, stray values and blocks. Returns true at the closing `}`.
 */
export function listOther(tk: Tokenizer, k: Tok, what: string, open: number): boolean {
  if (k === Tok.Keyword) {
    tk.keyword();
    tk.skipValuesAndBlock();
    return false;
  }
  if (k === Tok.Close) {
    tk.take();
    return true;
  }
  if (k === Tok.Eof) tk.fail(`'}' closing *${what} opened at offset ${tk.inputOffset(open)}`, 'TRUNCATED');
  if (k === Tok.Open) tk.skipBlock();
  else tk.take();
  return false;
}

/** After an entry: skips leftover values and a block of the entry keyword, as `block` does. */
export function endEntry(tk: Tokenizer): void {
  if (tk.atEntryEnd()) return;
  const k = tk.peek();
  if (k === Tok.Word || k === Tok.String || k === Tok.Open) tk.skipValuesAndBlock();
}

/** The next integer (fast path first). */
export function integer(tk: Tokenizer, what: string): number {
  const v = tk.quickNumber(true);
  return v === v ? v : tk.int(what);
}

/** Reads `{ *KW i v… }` entries of `width` numbers (missing trailing values default to `pad`). */
export function readList(ctx: Ctx, what: string, entry: string, width: number, required: number, pad: number, capacity = 16): IndexedList {
  const tk = ctx.tk;
  // Vertices, texture vertices and colours end as floats; face lists as ints.
  const list = new IndexedList(width, capacity, !FACE_ENTRIES.has(entry));
  const indexWhat = `a *${entry} index`, valueWhat = `*${entry} values`;
  const name = ENTRY_BYTES.get(entry) ?? bytesOf(entry);
  const index = list.index, data = list.data;
  const row = ctx.row;
  const fast = ENTRY_WORDS.get(entry) ?? exactWord(`*${entry}`);
  const open = openList(tk, what);
  for (;;) {
    if (numberRows(tk, row, fast, width, index, data)) continue;
    if (tk.quickKeyword(name)) {
      tk.numberInto(index.reserve(1), index.length++, true, indexWhat);
      const out = data.reserve(width);
      tk.numbersInto(out, data.length, required, valueWhat);
      data.length += required;
      for (let c = required; c < width; c++) tk.optNumberInto(out, data.length++, pad);
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), what, open)) return list;
  }
}

export function sized(ctx: Ctx, declared: number | undefined, list: IndexedList, minBytes: number, what: string, at: number): number {
  const n = declared ?? list.count;
  return ctx.tk.count(n, minBytes, what, at);
}
