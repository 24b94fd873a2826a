// One case per rule of eslint.config.js that options or TypeScript make subtle, each next to the
// cases the rule must let pass: test/oxlint-mirror.test.ts lints this file with ESLint and with oxlint
// and expects the same rules on the same lines.
export async function load(): Promise<number> { return 1; }

export function promises(el: HTMLElement, name: string, p: Promise<number>): unknown {
  load();
  void load();
  load().catch(() => undefined);
  if (!p) return 1;
  const either = p || 1;
  el.innerHTML = name;
  el.innerHTML = '';
  el.outerHTML += `<b>${name}</b>`;
  el.insertAdjacentHTML('beforeend', name);
  return [p, either];
}

export function unused(_arg: number, arg: number, { a, ...rest }: { a: number; b: number }): unknown {
  const unusedLocal = 1;
  const _ignored = 2;
  try { return rest; } catch (error) { return a; } finally { /* kept */ }
}

export function conditions(x: { y?: { z: number } }, loose: any): number {
  var old = 1;
  let never = 2;
  while (true) { if (old) break; }
  if (true) { old++; }
  if (old) {}
  try { old++; } catch { }
  const cast = (x?.y as { z: number }).z;
  const bare = (loose?.y).z;
  return old + never + cast + bare;
}

// @ts-ignore
export const ignored: number = 1;
export interface Empty {}
export const list = new Array(1, 2);
export type Callback = Function;
export const boxed: String = 'a';
export const literal: 'a' = 'a';
export namespace Space { export const inner = 1; }
debugger;
