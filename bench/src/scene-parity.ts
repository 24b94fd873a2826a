// Old sources against current ones on the bench's generated inputs (static and skinned) and, with
// `$RELIC3D_CORPUS`, every corpus model of the format: the two scenes must be equal bit for bit
// (typed arrays by bytes, numbers by Object.is). A speed change that is meant to change nothing
// runs this before its timing. `node --import tsx src/scene-parity.ts <format>… --old=DIR`
// (DIR/<format>/src/index.ts, as skinned-parse.ts takes it); `--kernels=js` for the TS paths.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers, type Parse } from './parsers.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const formats = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!flags.old || !formats.length) throw new Error('usage: scene-parity.ts <format>… --old=DIR [--kernels=js] [--mb=50]');
const kernels = (flags.kernels ?? 'wasm') as 'wasm' | 'js';

/** The first difference between two values, as a path, or undefined when they are equal. */
function difference(a: unknown, b: unknown, at: string): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? undefined : `${at}: ${String(a)} ≠ ${String(b)}`;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor || a.byteLength !== b.byteLength) return `${at}: typed arrays differ in type or length`;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${at}: byte ${i} differs`;
    return undefined;
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined).sort();
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined).sort();
  if (ka.join() !== kb.join()) return `${at}: keys ${ka.join()} ≠ ${kb.join()}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return undefined;
}

await ready();
const parsers = await loadParsers();
let failed = 0, checked = 0;
const corpus = process.env.RELIC3D_CORPUS;
for (const format of formats) {
  const current = parsers[format]!;
  const old = ((await import(pathToFileURL(path.resolve(flags.old, format, 'src', 'index.ts')).href)) as { parse: Parse }).parse;
  const cases: { name: string; run: (p: Parse) => Promise<unknown> }[] = benchInputs(Number(flags.mb ?? 50), 60000, new Set([format])).map((g) => ({
    name: `${g.kind} ${g.name}`,
    run: (p) => p(g.bytes, { ...parseOptionsOf(g), kernels }),
  }));
  const dir = corpus ? path.join(corpus, format) : '';
  if (dir && existsSync(dir)) {
    for (const n of readdirSync(dir).filter((n) => n.toLowerCase().endsWith(`.${format}`)).sort()) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, n)));
      // Companions are left out (no resolver): the parse paths are what is compared.
      cases.push({ name: `corpus ${n}`, run: (p) => p(bytes, { fileName: n, kernels }).catch((e: unknown) => ({ error: String(e) })) });
    }
  }
  for (const c of cases) {
    const d = difference(await c.run(old), await c.run(current), 'scene');
    checked++;
    if (d) {
      failed++;
      console.log(`${format} ${c.name}: DIFFERS at ${d}`);
    }
  }
  console.log(`${format}: ${cases.length} inputs compared`);
}
console.log(`${checked - failed} equal, ${failed} different`);
process.exitCode = failed ? 1 : 0;
