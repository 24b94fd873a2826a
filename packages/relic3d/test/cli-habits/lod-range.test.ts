// Issue 30 item 7: `convert --lod` values outside the model's levels are refused, naming the valid range.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, hasCorpus } from '../cli-helpers.js';
import { inProcessCli, spawnCli, text } from './spawn-cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

// MANIFEST: Part_femaleUpper.o3d has 3 LOD groups (faces per LOD 256, 120, 68); twospheres.ms3d none.
describe.runIf(hasCorpus)('convert --lod range', () => {
  const dir = scratchFolder('lod-range');
  const part = corpus('o3d', 'Part_femaleUpper.o3d');

  it.each(['-1', '3', '4294967296'])('--lod %j is a usage error (exit 2) naming 0 to 2; nothing written', async (value) => {
    const out = path.join(dir, `part${value.trim()}.glb`);
    // The bin for one (its exit code and stderr); the same runCli in-process for the others.
    const r = await (value === '-1' ? spawnCli : inProcessCli)(['convert', part, out, `--lod=${value}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--lod/);
    expect(r.stderr).toContain('0 to 2');
    expect(existsSync(out)).toBe(false);
  });

  it.each(['0x1', '1e0', ' 1', '1.5', ''])('--lod %j is no whole number: a usage error (exit 2) before reading', async (value) => {
    const out = path.join(dir, 'text.glb');
    const r = await inProcessCli(['convert', path.join(dir, 'not-there.o3d'), out, `--lod=${value}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected a whole number');
    expect(existsSync(out)).toBe(false);
  });

  it('a model without levels accepts only 0', async () => {
    const r = await inProcessCli(['convert', corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(dir, 'spheres.glb'), '--lod', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('only 0');
  });

  it('with --json the refusal is a typed JSON error on stdout (code, option, value, min, max)', async () => {
    const r = await inProcessCli(['convert', part, path.join(dir, 'json.glb'), '--lod', '5', '--json']);
    expect(r.code).toBe(2);
    const json = JSON.parse(text(r));
    expect(json).toMatchObject({ ok: false, error: { name: 'OptionRangeError', code: 'OPTION_OUT_OF_RANGE', option: '--lod', value: 5, min: 0, max: 2 } });
  });

  it('the last level is accepted', async () => {
    const r = await inProcessCli(['convert', part, path.join(dir, 'last.glb'), '--lod', '2']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(text(r)).toContain('68 triangles');
  });
});
