// The runner's report when Blender fails before any job: Blender prints a Python error (a failed
// `import numpy`, as under a pyenv shim's PATH) on stdout, and the jobs' error must carry it.
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findBlender, runBlender } from '../src/run-blender.js';
import { scratchDir } from '../src/suite.js';

const dir = scratchDir('runner');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for Blender: prints what a failed check_glb.py prints, exits as `--python-exit-code 3` does. */
function fakeBlender(stdout: string, stderr: string): string {
  const file = path.join(dir, 'blender');
  writeFileSync(file, `#!/bin/sh\necho '${stdout}'\necho '${stderr}' >&2\nexit 3\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('runBlender when Blender cannot start the script', () => {
  it("names Blender's own error (stdout and stderr) in every job's result", async () => {
    const blender = fakeBlender('ModuleNotFoundError: No module named numpy', 'Error: script failed, exiting.');
    const results = await runBlender(blender, [{ id: 'a', glb: 'a.glb' }, { id: 'b', glb: 'b.glb' }], dir, { timeoutMs: 60_000 });
    expect([...results.keys()]).toEqual(['a', 'b']);
    for (const result of results.values()) {
      expect(result.error).toMatch(/^Blender made no progress \(code 3\): /);
      expect(result.error).toContain('No module named numpy');
      expect(result.error).toContain('script failed');
    }
  });
});

describe('findBlender', () => {
  afterAll(() => vi.unstubAllEnvs());

  it('finds an executable blender on PATH or named by BLENDER, and nothing else', () => {
    const onPath = scratchDir('path');
    const file = path.join(onPath, 'blender');
    writeFileSync(file, '#!/bin/sh\n');
    vi.stubEnv('BLENDER', '');
    vi.stubEnv('PATH', [path.join(onPath, 'missing'), onPath].join(path.delimiter));
    expect(findBlender()).toBe(undefined); // not executable
    chmodSync(file, 0o755);
    expect(findBlender()).toBe('blender');
    vi.stubEnv('PATH', path.join(onPath, 'missing'));
    expect(findBlender()).toBe(undefined);
    vi.stubEnv('BLENDER', file);
    expect(findBlender()).toBe(file);
    vi.stubEnv('BLENDER', path.join(onPath, 'missing', 'blender'));
    expect(findBlender()).toBe(undefined);
    rmSync(onPath, { recursive: true, force: true });
  });
});
