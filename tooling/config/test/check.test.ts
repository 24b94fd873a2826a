// check.mjs (each package's `check` task in `pnpm test`): one TypeScript program serves both the
// type check and the type-aware lint, so neither may lose what it caught on its own program.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('lints with the types of that program: a floating promise, unused code and innerHTML are reported', { timeout: 120_000 }, async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      // The probes' own tsconfig.json: a program of the two probes (the folder's would add vitest's types).
      const { program, failed } = typecheck(path.join(import.meta.dirname, 'lint-probe'));
      expect(failed).toBe(false);
      expect(program.getRootFileNames().map((f: string) => path.resolve(f)).sort()).toEqual([probe('bad.ts'), probe('good.ts')]);
      const [bad, good] = await lint(program, path.join(import.meta.dirname, 'lint-probe'), { ignore: false });
      expect(bad.filePath).toBe(probe('bad.ts'));
      expect(bad.messages.map((m: { ruleId: string }) => m.ruleId).sort()).toEqual(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-unused-vars', 'no-restricted-syntax']);
      expect(good.messages).toEqual([]);
    } finally {
      write.mockRestore();
    }
  });
});
