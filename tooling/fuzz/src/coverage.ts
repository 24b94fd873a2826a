// V8 coverage (NODE_V8_COVERAGE) of the bundled child, mapped back to the TypeScript sources through
// the bundle's source map: lines and functions of one folder (packages/<format>/src) covered.
// A generated position is covered when the innermost V8 range holding it ran at least once (in any
// of the child processes); a source line when any of its mapped positions is; a function when any
// position inside its body is (an inner function only runs once its outer one has).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TypeScript from 'typescript';

// TypeScript is required when coverage is summarised, not imported: every fuzz runner loads this
// module, and an ESM import of typescript.js costs ~0.8 CPU-s (the CJS export scan of 9 MB), a
// require ~0.3 s; most runs (--no-coverage) need it not at all.
const requireHere = createRequire(import.meta.url);
let typescript: typeof TypeScript | undefined;
const tsApi = (): typeof TypeScript => (typescript ??= requireHere('typescript') as typeof TypeScript);

interface V8Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface V8Coverage {
  result: { url: string; functions: { ranges: V8Range[] }[] }[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_VALUES[B64.charCodeAt(i)] = i;

/** One mapping: generated line/column → source index, source line (0-based), source column. */
export interface Segment {
  genLine: number;
  genColumn: number;
  source: number;
  line: number;
  column: number;
}

/** Decodes a source map's `mappings` (VLQ, base64) into segments that have a source. */
export function decodeMappings(mappings: string): Segment[] {
  const out: Segment[] = [];
  let genLine = 0, genColumn = 0, source = 0, line = 0, column = 0;
  let i = 0;
  const fields: number[] = [];
  while (i < mappings.length) {
    const c = mappings.charCodeAt(i);
    if (c === 59 /* ; */) {
      genLine++;
      genColumn = 0;
      i++;
      continue;
    }
    if (c === 44 /* , */) {
      i++;
      continue;
    }
    fields.length = 0;
    while (i < mappings.length && mappings.charCodeAt(i) !== 44 && mappings.charCodeAt(i) !== 59) {
      let value = 0, shift = 0, digit: number;
      do {
        digit = B64_VALUES[mappings.charCodeAt(i++)];
        if (digit < 0) throw new Error(`bad base64 in source map at ${i - 1}`);
        value += (digit & 31) << shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    }
    genColumn += fields[0];
    if (fields.length >= 4) {
      source += fields[1];
      line += fields[2];
      column += fields[3];
      out.push({ genLine, genColumn, source, line, column });
    }
  }
  return out;
}

/** Marks each character of a script covered (1) or not (0) from V8 ranges; nested ranges win. */
export function paintCoverage(length: number, functions: { ranges: V8Range[] }[], into: Uint8Array = new Uint8Array(length)): Uint8Array {
  const ranges = functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const painted = new Uint8Array(length);
  for (const r of ranges) painted.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(length, r.endOffset));
  for (let i = 0; i < length; i++) into[i] |= painted[i];
  return into;
}

export interface CoverageSummary {
  lines: { covered: number; total: number };
  functions: { covered: number; total: number };
  /** Per source file, for the report's detail. */
  files: Record<string, { lines: [number, number]; functions: [number, number]; uncoveredLines: number[] }>;
}

/** Function bodies of a TypeScript source: [start, end) character offsets. */
function functionBodies(text: string, file: string): { name: string; start: number; end: number }[] {
  const ts = tsApi();
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; start: number; end: number }[] = [];
  const visit = (node: TypeScript.Node) => {
    if ((ts.isFunctionLike(node) && 'body' in node && node.body) || ts.isClassStaticBlockDeclaration(node)) {
      const body = (node as { body: TypeScript.Node }).body;
      const name = ((node as { name?: TypeScript.Node }).name?.getText(sf) ?? '(anonymous)') + `:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
      out.push({ name, start: body.getStart(sf), end: body.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * Coverage of the sources under `folder` from every coverage file in `coverageDir` that covers
 * `bundle` (its source map beside it, `<bundle>.map`).
 */
export function summariseCoverage(bundle: string, coverageDir: string, folder: string): CoverageSummary {
  const code = readFileSync(bundle, 'utf8');
  const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const url = pathToFileURL(bundle).href;
  const covered = new Uint8Array(code.length);
  let files = 0;
  for (const name of readdirSync(coverageDir).filter((f) => f.endsWith('.json'))) {
    const data = JSON.parse(readFileSync(path.join(coverageDir, name), 'utf8')) as V8Coverage;
    for (const script of data.result) {
      if (script.url !== url) continue;
      paintCoverage(code.length, script.functions, covered);
      files++;
    }
  }
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const dir = path.dirname(bundle);
  const wanted = path.resolve(folder) + path.sep;
  const sources = map.sources.map((s) => path.resolve(dir, s));
  const summary: CoverageSummary = { lines: { covered: 0, total: 0 }, functions: { covered: 0, total: 0 }, files: {} };
  const perSource = new Map<number, { text: string; starts: number[]; mapped: Map<number, boolean>; offsets: { at: number; covered: boolean }[] }>();
  for (const seg of decodeMappings(map.mappings)) {
    if (!sources[seg.source]?.startsWith(wanted)) continue;
    let entry = perSource.get(seg.source);
    if (!entry) {
      const text = readFileSync(sources[seg.source], 'utf8');
      const starts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
      perSource.set(seg.source, (entry = { text, starts, mapped: new Map(), offsets: [] }));
    }
    const at = entry.starts[seg.line] + seg.column;
    // A closing brace is not code of its own: its line counts only if something else on it does.
    if (entry.text[at] === '}') continue;
    const offset = (lineStarts[seg.genLine] ?? code.length) + seg.genColumn;
    const hit = files > 0 && covered[offset] === 1;
    entry.mapped.set(seg.line, (entry.mapped.get(seg.line) ?? false) || hit);
    entry.offsets.push({ at, covered: hit });
  }
  for (const [index, entry] of perSource) {
    const file = sources[index];
    const text = entry.text;
    const offsets = entry.offsets.sort((a, b) => a.at - b.at);
    let fnCovered = 0, fnTotal = 0;
    for (const fn of functionBodies(text, file)) {
      const inside = offsets.filter((o) => o.at > fn.start && o.at < fn.end);
      if (!inside.length) continue; // erased or empty
      fnTotal++;
      if (inside.some((o) => o.covered)) fnCovered++;
    }
    const lines = [...entry.mapped.values()];
    const lineCovered = lines.filter(Boolean).length;
    const uncoveredLines = [...entry.mapped].filter(([, c]) => !c).map(([l]) => l + 1).sort((a, b) => a - b);
    summary.files[path.relative(path.resolve(folder), file)] = { lines: [lineCovered, lines.length], functions: [fnCovered, fnTotal], uncoveredLines };
    summary.lines.covered += lineCovered;
    summary.lines.total += lines.length;
    summary.functions.covered += fnCovered;
    summary.functions.total += fnTotal;
  }
  return summary;
}
