// Issue 30 item 5: quoted patterns are expanded by relic3d (sorted, never outside their base). The
// built bin expands one, in its folder; the other cases run the same runCli in-process in that folder.
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, hasCorpus } from '../cli-helpers.js';
import { inProcessCli, spawnCli, text } from './spawn-cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

// MANIFEST facts: twospheres.ms3d 240 triangles, jeep1.ms3d 2032, TestFormatDetection (ase) is a file without extension.
describe.runIf(hasCorpus)('globs', () => {
  const root = scratchFolder('globs');
  const models = path.join(root, 'models');
  mkdirSync(path.join(models, 'sub'), { recursive: true });
  copyFileSync(corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(models, 'b.ms3d'));
  copyFileSync(corpus('ms3d', 'assimp__jeep1.ms3d'), path.join(models, 'a.ms3d'));
  copyFileSync(corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(models, 'sub', 'c.ms3d'));
  writeFileSync(path.join(models, 'notes.txt'), 'not a model');
  // A model outside the base, reached through a link inside it: never matched.
  copyFileSync(corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(root, 'outside.ms3d'));
  symlinkSync(path.join(root, 'outside.ms3d'), path.join(models, 'link.ms3d'));

  it('info "dir/*.ms3d": every match, sorted, as a JSON array with each file named', async () => {
    const r = await spawnCli(['info', 'models/*.ms3d', '--json'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(text(r));
    expect(rows.map((row: { file: string }) => row.file)).toEqual([path.join('models', 'a.ms3d'), path.join('models', 'b.ms3d')]);
    expect(rows.map((row: { triangles: number }) => row.triangles)).toEqual([2032, 240]);
  });

  it('convert "models/**/*.ms3d" out/ mirrors the tree under the pattern\'s base', async () => {
    const r = await inProcessCli(['convert', 'models/**/*.ms3d', 'out/'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    for (const f of ['out/a.glb', 'out/b.glb', 'out/sub/c.glb']) expect(existsSync(path.join(root, f)), f).toBe(true);
    expect(existsSync(path.join(root, 'out/link.glb'))).toBe(false);
    expect(text(r).trim().split('\n').filter((l) => l.includes('→'))).toHaveLength(3);
  });

  it('a pattern that matches nothing, or climbs out with .., is a usage error naming it', async () => {
    const none = await inProcessCli(['info', 'models/*.lod'], { cwd: root });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('models/*.lod: no file matches');
    const climb = await inProcessCli(['info', 'models/*/../../*.ms3d'], { cwd: root });
    expect(climb.code).toBe(2);
    expect(climb.stderr).toContain("may not climb out of its base ('models')");
  });

  it('--json=FILE never replaces one of the matched inputs, even with --force', async () => {
    const r = await inProcessCli(['info', 'models/*.ms3d', '--json=models/a.ms3d', '--force'], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('OUTPUT_IS_INPUT');
    expect(readFileSync(path.join(models, 'a.ms3d')).subarray(0, 10).toString('latin1')).toBe('MS3D000000');
  });

  it('several inputs need a folder as the output', async () => {
    const r = await inProcessCli(['convert', 'models/*.ms3d', 'one.glb'], { cwd: root });
    expect(r.code).toBe(2);
    expect(existsSync(path.join(root, 'one.glb'))).toBe(false);
  });
});
