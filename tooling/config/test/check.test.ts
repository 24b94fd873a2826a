// check.mjs (a package's `check`, and check-all.mjs's parts): the type check must fail as `tsc -p`
// does, with TypeScript 7 (the default) and 5.9 (RELIC3D_TSC=5) alike, and the lint (oxlint with
// tsgolint's type-aware rules) must report each rule it runs.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { lint, nativeDiagnostics, typeChecker, typecheck } from '../check.mjs';

const probe = (name: string) => path.join(import.meta.dirname, 'lint-probe', name);

interface Diagnostic {
  file?: string;
  line?: number;
  category: string;
  code: number;
}

/** The repo's flags that decide which errors there are (tsconfig.base.json), without lib.dom or @types/node. */
const repoFlags = { strict: true, noImplicitOverride: true, noFallthroughCasesInSwitch: true, isolatedModules: true, declaration: true, skipLibCheck: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', types: [], lib: ['es2022'] };

/** One planted error a line, each of a kind the checks must catch; the codes both checkers must report. */
const planted: Record<string, [string, number | null][]> = {
  'wrong.ts': [
    ["export const n: number = Math.max('a');", 2345], // wrong argument type
    ['export const p: { a: number; b: string } = { a: 1 };', 2741], // missing property
    ['export function f(x) { return x; }', 7006], // strict: implicit any
    ['export function g(s: string | undefined) { return s.length; }', 18048], // strict: possibly undefined
    ['class Base { run() {} }', null],
    ['export class Sub extends Base { run() {} }', 4114], // noImplicitOverride
    ['export function h(k: number) { switch (k) { case 1: k++; case 2: return 1; } return 0; }', 7029], // noFallthroughCasesInSwitch
    ['// @ts-expect-error', 2578], // an unused directive
    ['export const ok = 1;', null],
    ['export const make = () => class { private hidden = 1; };', 4094], // a declaration error
    ["export { Only } from './types.js';", 1205], // isolatedModules
    ["import { nothing } from './no-such-module.js';", 2307],
    ['export const unusedLocal = () => { const never = 1; };', null], // no noUnusedLocals: the lint's
  ],
  'types.ts': [['export interface Only { a: number }', null]],
  'broken.d.ts': [['export declare const broken: NoSuchType;', null]], // skipLibCheck: .d.ts not checked
};

function withFolder<T>(files: Record<string, string>, run: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-'));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return run(dir);
  } finally {
    write.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('check.mjs', () => {
  it('type-checks with TypeScript 7 unless RELIC3D_TSC=5 asks for 5.9', () => {
    expect(typeChecker({})).toBe('native');
    expect(typeChecker({ RELIC3D_TSC: '5' })).toBe('typescript');
  });

  it.each(['native', 'typescript'])('fails on a type error, as tsc -p does (%s)', { timeout: 120_000 }, (checker) => {
    const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] });
    withFolder({ 'tsconfig.json': tsconfig, 'wrong.ts': "export const count: number = 'three';\n" }, (dir) => {
      const write = vi.mocked(process.stdout.write);
      const wrong = typecheck(dir, undefined, new Set(), checker);
      expect(wrong.failed).toBe(true);
      expect(wrong.diagnostics.map((d: Diagnostic) => `${path.basename(d.file!)}:${d.line} TS${d.code}`)).toEqual(['wrong.ts:1 TS2322']);
      expect(String(write.mock.calls[0]?.[0])).toContain('TS2322');
      writeFileSync(path.join(dir, 'wrong.ts'), 'export const count: number = 3;\n');
      expect(typecheck(dir, undefined, new Set(), checker).failed).toBe(false);
    });
  });

  it('TypeScript 7 and 5.9 report the same errors on planted ones of every kind, under the repo flags', { timeout: 120_000 }, () => {
    const files = Object.fromEntries(Object.entries(planted).map(([name, lines]) => [name, lines.map(([text]) => `${text}\n`).join('')]));
    const expected = Object.entries(planted).flatMap(([name, lines]) => lines.flatMap(([, code], i) => (code === null ? [] : [`${name}:${i + 1} error TS${code}`]))).sort();
    files['tsconfig.json'] = JSON.stringify({ compilerOptions: repoFlags, include: ['*.ts'] });
    withFolder(files, (dir) => {
      for (const checker of ['native', 'typescript']) {
        const { failed, diagnostics } = typecheck(dir, undefined, new Set(), checker);
        expect(failed, checker).toBe(true);
        expect(diagnostics.map((d: Diagnostic) => `${path.basename(d.file ?? '-')}:${d.line} ${d.category} TS${d.code}`).sort(), checker).toEqual(expected);
      }
    });
  });

  it('reads the native compiler’s diagnostics: located or global, with their continuation lines', () => {
    const output = "src/a.ts(2,14): error TS2741: Property 'b' is missing.\n  'b' is declared here.\nerror TS5023: Unknown compiler option 'x'.\nFound 2 errors.\n";
    expect(nativeDiagnostics(output, '/repo')).toEqual([
      { file: path.resolve('/repo/src/a.ts'), line: 2, category: 'error', code: 2741, text: "src/a.ts(2,14): error TS2741: Property 'b' is missing.\n  'b' is declared here." },
      { file: undefined, category: 'error', code: 5023, text: "error TS5023: Unknown compiler option 'x'." },
    ]);
  });

  it('lints with oxlint and tsgolint: a floating promise, unused code and innerHTML are reported, each by its rule', { timeout: 120_000 }, () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-'));
    try {
      // The probes' own tsconfig.json types them (a program of the two probes, as tsgolint builds it).
      expect(typecheck(path.join(import.meta.dirname, 'lint-probe')).failed).toBe(false);
      const { program, failed } = typecheck(path.join(import.meta.dirname, 'lint-probe'), undefined, new Set(), 'typescript');
      expect(failed).toBe(false);
      expect(program.getRootFileNames().map((f: string) => path.resolve(f)).sort()).toEqual([probe('bad.ts'), probe('good.ts')]);
      // A copy outside the repository: .oxlintrc.json ignores the probes where they are.
      for (const name of ['bad.ts', 'good.ts', 'tsconfig.json']) copyFileSync(probe(name), path.join(dir, name));
      const results = lint([dir]);
      expect(results.map((r: { filePath: string }) => r.filePath)).toEqual([path.join(dir, 'bad.ts')]);
      expect(results[0].errorCount).toBe(3);
      expect(results[0].messages.map((m: { ruleId: string; line: number }) => `${m.line} ${m.ruleId}`).sort()).toEqual(['3 eslint/no-unused-vars', '8 typescript/no-floating-promises', '9 relic3d/no-restricted-syntax']);
      // What the check prints: file, line and rule of each.
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toContain('8:3  error');
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
