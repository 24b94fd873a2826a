// The code lint (eslint.config.js, run by `pnpm test`) keeps the rules the project relies on:
// the probe in lint-probe/bad.ts (unused import, floating promise, HTML from a string) must fail it,
// and its fixed twin good.ts must pass. The probes are in the config's ignores, so `eslint .` skips them.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const probe = (name: string) => path.join(import.meta.dirname, 'lint-probe', name);

describe('eslint.config.js', () => {
  it('reports unused code, floating promises and innerHTML from strings, and accepts the fixed probe', { timeout: 120_000 }, async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [bad, good] = await eslint.lintFiles([probe('bad.ts'), probe('good.ts')]);
    expect(bad.messages.map((m) => m.ruleId).sort()).toEqual(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-unused-vars', 'no-restricted-syntax']);
    expect(good.messages).toEqual([]);
  });

  it('ignores the probes in the repository-wide run', async () => {
    const eslint = new ESLint({ cwd: root });
    expect(await eslint.isPathIgnored(probe('bad.ts'))).toBe(true);
  });
});
