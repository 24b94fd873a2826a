import type { WarningSink } from '@relic3d/core';
import { MAX_DEPTH } from '../file.js';
import type { RowScratch } from './fast-rows.js';
import { Tok, type Tokenizer } from './tokenizer.js';

// The block grammar shared by every section reader: keyword blocks, generic records, extras.

export interface Ctx {
  tk: Tokenizer;
  sink: WarningSink;
  /** Set when a material block met a top-level keyword: every open material block ends. */
  stopped: boolean;
  /** Arrays made by `addExtra` for repeated keywords. */
  repeated: WeakSet<unknown[]>;
  /** Frozen empty lists and extras that objects without any share (issue 26: ~180 bytes an object). */
  none: SharedEmpty;
  /** The byte fast path's row values (one per parse: a list's rows never interleave with another's). */
  row: RowScratch;
}

export interface SharedEmpty {
  list: never[];
  extras: Record<string, never>;
}

export function sharedEmpty(): SharedEmpty {
  return { list: Object.freeze([]) as unknown as never[], extras: Object.freeze({}) };
}

/**
 * Reads `{ … }` calling `onKeyword` for each keyword; leftover values and unread blocks of a keyword
 * are skipped. Returns false when a material-list stop keyword ended the block early.
 */
export function block(ctx: Ctx, what: string, onKeyword: (kw: string, at: number) => void, stop?: Set<string>): boolean {
  const tk = ctx.tk;
  if (tk.peek() !== Tok.Open) tk.fail(`'{' opening *${what}`);
  const open = tk.start;
  tk.take();
  for (;;) {
    const k = tk.peek();
    if (k === Tok.Close) {
      tk.take();
      return true;
    }
    if (k === Tok.Eof) tk.fail(`'}' closing *${what} opened at offset ${tk.inputOffset(open)}`, 'TRUNCATED');
    if (k === Tok.Open) {
      tk.skipBlock();
      continue;
    }
    if (k !== Tok.Keyword) {
      tk.take();
      continue;
    }
    const before = tk.pos;
    const at = tk.start;
    const kw = tk.keyword();
    if (stop?.has(kw)) {
      tk.rewind(before);
      ctx.stopped = true;
      return false;
    }
    onKeyword(kw, at);
    if (ctx.stopped) return false;
    tk.skipValuesAndBlock();
  }
}

/** Remaining values of a keyword: numbers where they parse, strings otherwise. */
export function values(tk: Tokenizer): unknown {
  const out: unknown[] = [];
  while (tk.hasValue()) {
    if (tk.kind === Tok.String) out.push(tk.str());
    else {
      const n = tk.optNum(NaN);
      out.push(Number.isNaN(n) ? tk.str() : n);
    }
  }
  return out.length === 0 ? true : out.length === 1 ? out[0] : out;
}

/** A generic block as a record (repeated keywords collect into arrays). */
export function generic(ctx: Ctx, what: string, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) ctx.tk.fail(`blocks nested at most ${MAX_DEPTH} deep`, 'BAD_SYNTAX');
  const out: Record<string, unknown> = {};
  block(ctx, what, (kw) => {
    let v: unknown = values(ctx.tk);
    if (ctx.tk.peek() === Tok.Open) {
      const inner = generic(ctx, kw, depth + 1);
      v = v === true ? inner : { values: v, ...inner };
    }
    if (kw in out) {
      const prev = out[kw];
      if (Array.isArray(prev) && (prev as { repeated?: boolean }).repeated) prev.push(v);
      else out[kw] = Object.assign([prev, v], { repeated: true });
    } else out[kw] = v;
  });
  for (const k of Object.keys(out)) {
    const v = out[k];
    if (Array.isArray(v) && (v as { repeated?: boolean }).repeated) out[k] = [...v];
  }
  return out;
}

/** Values and a block of one keyword as one extras value (`{ values, ...block }` when both exist). */
export function withBlock(v: unknown, block: Record<string, unknown>): unknown {
  return v === true ? block : { values: v, ...block };
}

/** Stores an unknown keyword's value; a repeated keyword collects its values into an array. */
export function addExtra(ctx: Ctx, extras: Record<string, unknown>, kw: string, value: unknown): void {
  if (!(kw in extras)) extras[kw] = value;
  else {
    const prev = extras[kw];
    if (Array.isArray(prev) && ctx.repeated.has(prev)) prev.push(value);
    else {
      const list = [prev, value];
      ctx.repeated.add(list);
      extras[kw] = list;
    }
  }
}

export function vec(tk: Tokenizer, n: number, what: string): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = tk.num(what);
  return out;
}
