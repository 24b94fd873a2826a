// A probe the lint test expects to fail: an unused import, a floating promise, HTML from a string.
import { readFileSync } from 'node:fs';

export async function load(): Promise<void> {}

export function show(el: HTMLElement, name: string): void {
  load();
  el.innerHTML = name;
}
