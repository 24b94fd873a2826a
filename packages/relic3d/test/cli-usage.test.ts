// `relic3d detect`, error reporting, usage errors and --help.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasCorpus, run, corpus } from './cli-helpers.js';

describe.runIf(hasCorpus)('relic3d detect and errors', () => {
  it('names the format', async () => {
    const { code, stdout } = await run('detect', corpus('ase', 'assimp__TestFormatDetection'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/assimp__TestFormatDetection: ase \(/);
  });

  it('prints format, byte offset and expectation for a foreign file, a stack only with --verbose', async () => {
    const plain = await run('detect', corpus('foreign', 'quake1__slipgate_grenade.mdl'));
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('this is a Quake 1 MDL (IDPO v6), not an Ultra Engine MDL');
    expect(plain.stderr).toMatch(/format mdl, at byte 0 \(0x0\): expected an Ultra Engine MDL file, found Quake 1 MDL \(IDPO v6\) \[FOREIGN_FORMAT\]/);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const verbose = await run('--verbose', 'info', corpus('foreign', 'quake1__slipgate_grenade.mdl'));
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });

  it('rejects unknown commands and bad options with a usage error (exit code 2)', async () => {
    const unknown = await run('explode');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'explode'/);
    expect((await run('convert', 'a.ms3d', 'b.glb', '--lod', 'x')).code).toBe(2);
    expect((await run('batch', 'somewhere')).code).toBe(2); // --out is required
    expect((await run()).code).toBe(2);
  });

  it('a missing input file is a failure (exit code 1) with a one-line message, no stack', async () => {
    const { code, stderr } = await run('info', path.join(os.tmpdir(), 'relic3d-no-such-file.ms3d'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: .*relic3d-no-such-file\.ms3d: ENOENT/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('relic3d --help', () => {
  it('lists every command, the global options and examples; exit code 0', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    for (const command of ['detect', 'info', 'convert', 'batch']) expect(stdout).toMatch(new RegExp(`^\\s+${command} `, 'm'));
    expect(stdout).toContain('--quiet');
    expect(stdout).toContain('--verbose');
    expect(stdout).toMatch(/Examples:\n\s+\$ relic3d detect /);
    expect(stdout).toContain('$ relic3d convert model.ms3d            writes model.glb beside the model');
    expect(stdout).toContain('Exit codes: 0 success, 1 a file failed, 2 usage error, 130 interrupted.');
  });

  it('each command has its own help', async () => {
    const { code, stdout } = await run('convert', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: relic3d convert \[options\] <input> \[output\]/);
    expect(stdout).toContain('--animation <name>');
  });
});
