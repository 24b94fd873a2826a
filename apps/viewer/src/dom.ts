// The few DOM helpers the page's panels share.

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
export const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const el = Object.assign(document.createElement(tag), props) as HTMLElementTagNameMap[K];
  el.append(...children);
  return el;
};
export const fmt = (n: number, digits = 3) => (Math.abs(n) >= 1000 ? n.toFixed(0) : Number(n.toPrecision(digits)).toString());
