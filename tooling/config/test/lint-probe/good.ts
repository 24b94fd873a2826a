// The probe of bad.ts, fixed: the lint test expects no message here.
export async function load(): Promise<void> {}

export function show(el: { textContent: string }, name: string): void {
  void load();
  el.textContent = name;
}
