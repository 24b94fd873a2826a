// check.mjs (a package's `check`, and check-all.mjs's parts): the type check must fail as `tsc -p`
// does, and the lint (oxlint with tsgolint's type-aware rules) must report each rule it runs.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { lint, typecheck } from '../check.mjs';

const probe = (name: string) => path.join(import.meta.dirname, 'lint-probe', name);

describe('check.mjs', () => {
  it('fails on a type error, as tsc -p does', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-'));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], lib: ['es5'] }, include: ['*.ts'] }));
      writeFileSync(path.join(dir, 'wrong.ts'), "export const count: number = 'three';\n");
      expect(typecheck(dir).failed).toBe(true);
      expect(String(write.mock.calls[0]?.[0])).toContain('TS2322');
      writeFileSync(path.join(dir, 'wrong.ts'), 'export const count: number = 3;\n');
      expect(typecheck(dir).failed).toBe(false);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lints with oxlint and tsgolint: a floating promise, unused code and innerHTML are reported, each by its rule', { timeout: 120_000 }, () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-'));
    try {
      // The probes' own tsconfig.json types them (a program of the two probes, as tsgolint builds it).
      const { program, failed } = typecheck(path.join(import.meta.dirname, 'lint-probe'));
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
