// The workspace as a fresh clone has it, before any build: package managers link every bin at
// install time, so a bin must be a committed file, not build output.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPackages, repoRoot } from '../src/packages.js';
import { run } from '../src/run.js';

describe('bins in a fresh clone', () => {
  it('every bin of every public package is a committed file outside dist/', () => {
    const committed = new Set(execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n'));
    const bins = publicPackages().flatMap((pkg) =>
      Object.entries(pkg.bin).map(([name, file]) => ({ name, file: path.relative(repoRoot, path.join(pkg.dir, file)).split(path.sep).join('/') })),
    );
    expect(bins.map((b) => b.name)).toContain('relic3d');
    for (const bin of bins) {
      expect(bin.file, bin.name).not.toMatch(/(^|\/)dist\//);
      expect(committed.has(bin.file), `${bin.file} is committed`).toBe(true);
    }
  });

  it('the relic3d bin says how to build when the CLI is not built, and exits 1', async () => {
    const pkg = mkdtempSync(path.join(os.tmpdir(), 'relic3d-unbuilt-'));
    try {
      mkdirSync(path.join(pkg, 'bin'));
      copyFileSync(path.join(repoRoot, 'packages/relic3d/bin/relic3d.js'), path.join(pkg, 'bin/relic3d.js'));
      writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ type: 'module' }));
      const result = await run(process.execPath, [path.join(pkg, 'bin/relic3d.js'), '--help'], { cwd: pkg });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('the CLI is not built yet');
      expect(result.stderr).toContain('npx -y pnpm@10 build');
      expect(result.stdout).toBe('');
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });
});
