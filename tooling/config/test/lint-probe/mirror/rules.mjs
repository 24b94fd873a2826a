// The JavaScript half of rules.ts (eslint.config.js's rules for .js/.mjs/.cjs files).
export function scripts(unusedArg, _arg) {
  const _kept = 1;
  const object = { a: 1, a: 2 };
  try { return undefinedGlobal + object.a; } catch (error) { return process.argv; }
  return 0;
}

export function loops(node) {
  while (true) { if (node) break; }
  if (/\x1f/.test(node)) return node;
  document.body.innerHTML = node;
  return 1;
}
