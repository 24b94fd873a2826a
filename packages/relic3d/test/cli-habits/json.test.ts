// Issue 30 item 4: `--json` alone prints JSON on stdout (human text on stderr), `--json FILE` writes
// the file (never over one the run did not create without --force), for info, convert and batch.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, hasCorpus } from '../cli-helpers.js';
import { inProcessCli, spawnCli, text } from './spawn-cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

// MANIFEST facts: jeep1 1190 vertices / 2032 triangles; twospheres 240 triangles; mvr_AiBatt 496 faces.
describe.runIf(hasCorpus)('--json on stdout or to a file', () => {
  const dir = scratchFolder('json');
  const jeep = corpus('ms3d', 'assimp__jeep1.ms3d');

  it('info: --json before or after the file prints only JSON on stdout', async () => {
    // The bin for the first (JSON alone on the process's stdout); the same runCli in-process for the second.
    for (const [argv, cli] of [[['info', jeep, '--json'], spawnCli], [['info', '--json', jeep], inProcessCli]] as const) {
      const r = await cli([...argv]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(text(r))).toMatchObject({ format: 'ms3d', triangles: 2032 });
    }
  });

  it('info --json FILE writes the file and still prints the summary; an existing file needs --force', async () => {
    const file = path.join(dir, 'info.json');
    const first = await spawnCli(['info', jeep, '--json', file]);
    expect(first.code, first.stderr).toBe(0);
    expect(text(first)).toMatch(/^meshes .*2032 triangles/m);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'ms3d', triangles: 2032 });

    writeFileSync(file, 'mine');
    const again = await inProcessCli(['info', jeep, `--json=${file}`]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('OUTPUT_EXISTS');
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await inProcessCli(['info', jeep, '--json', file, '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).triangles).toBe(2032);
  });

  it('convert --json: JSON on stdout, the summary on stderr; --json FILE: the file, the summary on stdout', async () => {
    const r = await inProcessCli(['convert', corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(dir, 'spheres.glb'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(text(r))).toMatchObject({ ok: true, format: 'glb', triangles: 240 });
    expect(r.stderr).toMatch(/→ .*spheres\.glb: \d+ bytes/);

    const report = path.join(dir, 'convert.json');
    const f = await inProcessCli(['convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(dir, 'bat.glb'), '--json', report]);
    expect(f.code, f.stderr).toBe(0);
    expect(text(f)).toMatch(/→ .*bat\.glb: \d+ bytes; 1 mesh, 496 triangles, 2 clips/);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ ok: true, triangles: 496, clips: 2 });
  });

  it('batch --json prints the report on stdout (per-file lines and the summary on stderr)', async () => {
    const models = path.join(dir, 'models');
    mkdirSync(path.join(models, 'sub'), { recursive: true });
    copyFileSync(jeep, path.join(models, 'jeep.ms3d'));
    copyFileSync(corpus('ms3d', 'assimp__twospheres.ms3d'), path.join(models, 'sub', 'spheres.ms3d'));
    const out = path.join(dir, 'glb');
    const r = await spawnCli(['batch', models, '--out', out, '--jobs', '0', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(text(r));
    expect(report.summary).toMatchObject({ files: 2, converted: 2, failed: 0 });
    expect(report.files.map((f: { file: string }) => f.file).sort()).toEqual(['jeep.ms3d', 'sub/spheres.ms3d']);
    expect(r.stderr).toMatch(/relic3d batch: 2 models, 2 converted/);
    expect(existsSync(path.join(out, 'sub', 'spheres.glb'))).toBe(true);
  });

  it('batch --json FILE refuses a file the run did not create, before converting anything', async () => {
    const models = path.join(dir, 'one');
    mkdirSync(models);
    copyFileSync(jeep, path.join(models, 'jeep.ms3d'));
    const file = path.join(dir, 'report.json');
    writeFileSync(file, 'mine');
    const out = path.join(dir, 'glb-one');
    const r = await inProcessCli(['batch', models, '--out', out, '--jobs', '0', '--json', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('OUTPUT_EXISTS');
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(existsSync(path.join(out, 'jeep.glb'))).toBe(false);
  });
});
