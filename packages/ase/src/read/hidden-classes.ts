import { rowScratch } from './fast-rows.js';
import { floats, floats32, ints } from './growable.js';
import { faceLists } from './faces.js';
import { IndexedList } from './lists.js';
import { normalLists } from './normals.js';
import { Tokenizer, toTextBytes } from './tokenizer.js';

/**
 * One inert instance of each class the list loops run on, held for the module's lifetime. A hidden
 * class (map) that only transitions reach dies at a full GC once its last instance has, and V8 then
 * discards all optimized code built on it: the next parse would run ~4× slower (unoptimized, then
 * re-optimizing). Never read or written: no parse state.
 */
const inert = new Tokenizer(toTextBytes(new Uint8Array(0)));
const HIDDEN_CLASS_KEEPERS: readonly unknown[] = Object.freeze([
  inert,
  rowScratch(inert),
  ints(0),
  floats(0),
  floats32(0),
  new IndexedList(3, 0, true),
  new IndexedList(3, 0, false),
  faceLists(0),
  normalLists(0, 0),
]);

/** Holds the keepers (called by every read, so no bundler drops them as unused). */
export function keepHiddenClasses(): readonly unknown[] {
  return HIDDEN_CLASS_KEEPERS;
}
