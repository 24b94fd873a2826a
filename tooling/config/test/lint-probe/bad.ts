// A probe the lint test expects to fail: an unused import, a floating promise, HTML from a string.
// Its own tsconfig.json (no DOM, no @types): the lint tests type it in a program of two small files.
import { show as fixedShow } from './good.js';

export async function load(): Promise<void> {}

export function show(el: { innerHTML: string }, name: string): void {
  load();
  el.innerHTML = name;
}
