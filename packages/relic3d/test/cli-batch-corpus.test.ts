// `relic3d batch` over a copy of the whole corpus: every model converted, known-bad and foreign files reported.
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusRoot, readManifest } from '@relic3d/test-harness';
import type { BatchReport } from '../src/cli.js';
import { hasCorpus, io, jobs, run } from './cli-helpers.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const FOLDERS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad', 'foreign'];

describe.runIf(hasCorpus)('relic3d batch over a copy of the whole corpus', () => {
  const tmp = scratchFolder('batch');
  const input = path.join(tmp, 'corpus');
  const out = path.join(tmp, 'out');
  const reportPath = path.join(tmp, 'report.json');
  let result: Awaited<ReturnType<typeof run>>;
  let report: BatchReport;

  beforeAll(async () => {
    for (const folder of FOLDERS) cpSync(path.join(corpusRoot(), folder), path.join(input, folder), { recursive: true });
    result = await run('batch', input, '--out', out, '--jobs', jobs, '--json', reportPath);
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  }, 120_000);

  // Model files per MANIFEST: everything but companions (.chr/.ani skeletons and motions, images).
  const expected = FOLDERS.flatMap((folder) =>
    readManifest(folder)
      .filter((e) => !/\.(chr|ani|jpg)$/i.test(e.file))
      .map((e) => ({ file: `${folder}/${e.file}`, folder, note: e.note })),
  );

  it('decodes every model file and skips only companions', () => {
    expect(report.files.map((f) => f.file).sort()).toEqual(expected.map((e) => e.file).sort());
    expect(report.skipped.every((s) => /(\.chr|\.ani|\.jpg|MANIFEST\.tsv)$/i.test(s.file))).toBe(true);
    expect(report.summary.files).toBe(expected.length);
  });

  it('converts every file of the format folders to a .glb', () => {
    for (const entry of report.files.filter((f) => !/^(bad|foreign)\//.test(f.file))) {
      expect(entry, entry.file).toMatchObject({ ok: true });
      const glb = readFileSync(path.join(out, entry.output!));
      expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    }
  });

  it('reports each known-bad and foreign file with its error: format, offset, code', () => {
    const failed = Object.fromEntries(report.files.filter((f) => !f.ok).map((f) => [f.file, f.error!]));
    expect(Object.keys(failed).sort()).toEqual([
      'bad/assimp__invalid__empty.ase',
      'bad/obj_dunTest.o3d',
      'foreign/halflife1__halogs_grenade.mdl',
      'foreign/leadwerks4__key.mdl',
      'foreign/quake1__slipgate_grenade.mdl',
      'foreign/source__noerrors_error.mdl',
    ]);
    expect(failed['bad/assimp__invalid__empty.ase']).toMatchObject({ code: 'EMPTY', offset: 0, format: 'ase' });
    expect(failed['bad/obj_dunTest.o3d']).toMatchObject({ format: 'o3d', offset: expect.any(Number) });
    // The MANIFEST names each foreign format; the error must say the same.
    expect(failed['foreign/halflife1__halogs_grenade.mdl']).toMatchObject({ code: 'FOREIGN_FORMAT', message: expect.stringContaining('Half-Life 1 MDL (IDST v10)') });
    expect(failed['foreign/leadwerks4__key.mdl'].message).toContain('Leadwerks 3/4');
    expect(failed['foreign/quake1__slipgate_grenade.mdl'].message).toContain('Quake 1 MDL (IDPO v6)');
    expect(failed['foreign/source__noerrors_error.mdl'].message).toContain('Source engine MDL (IDST v48)');
    // The malformed-but-recoverable ASE (unclosed *MATERIAL_LIST) converts, with warnings.
    const mundo = report.files.find((f) => f.file === 'bad/unv_station15__mundo_tree.ase')!;
    expect(mundo.ok).toBe(true);
    expect(mundo.warnings).toBeGreaterThan(0);
  });

  it('exits non-zero, prints a summary table and the failures, and no stack trace', () => {
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`relic3d batch: ${expected.length} models, ${expected.length - 6} converted, 6 failed`));
    expect(result.stdout).toMatch(/^total\s+\d+\s+\d+\s+6$/m);
    expect(result.stdout).toMatch(/^o3d\s+\d+\s+\d+\s+1$/m);
    expect(result.stdout).toContain('failures:');
    expect(result.stdout).toMatch(/foreign\/quake1__slipgate_grenade\.mdl\n\s+mdl at byte 0 \[FOREIGN_FORMAT\]/);
    expect(result.stderr).toMatch(/\[\s*\d+\/\d+\] ok {3}ms3d ms3d\/assimp__jeep1\.ms3d → ms3d\/assimp__jeep1\.glb/);
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  });

  it('keeps skeletons and motions found beside an .o3d (mvr_AiBatt: 14 bones, stand + walk)', async () => {
    const doc = await io.read(path.join(out, 'o3d', 'mvr_AiBatt.glb'));
    expect(doc.getRoot().listSkins()[0].listJoints()).toHaveLength(14);
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual(['stand', 'walk']);
  });

  it('mirrors the input tree in the output folder', () => {
    expect(readdirSync(out).sort()).toEqual(['ase', 'bad', 'lod', 'mdl', 'ms3d', 'o3d']);
  });
});
