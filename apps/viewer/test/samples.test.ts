import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireFormat, validateScene, type Format, type Scene } from '@relic3d/core';
import { ms3dFormat } from '@relic3d/ms3d';
import { aseFormat } from '@relic3d/ase';
import { o3dFormat } from '@relic3d/o3d';
import { mdlFormat } from '@relic3d/mdl';
import { lodFormat } from '@relic3d/lod';
import { sceneStats, toThree } from '@relic3d/three';
import { writeSamples, SAMPLE_MDL, SAMPLE_O3D } from '../scripts/samples.js';
import { samples } from '../src/samples.js';

const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(import.meta.dirname, '../../../../shared/corpus');

/** MANIFEST.tsv rows of a corpus folder, read here rather than through the parser's helpers. */
function manifest(folder: string): { file: string; sha256: string; license: string }[] {
  const [head, ...rows] = readFileSync(path.join(corpus, folder, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
  return rows.map((r) => ({ file: r[head.indexOf('file')], sha256: r[head.indexOf('sha256')], license: r[head.indexOf('license')] }));
}

const formats: Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];
const dir = path.resolve(import.meta.dirname, '..');
const shipped = readdirSync(path.join(dir, 'public/samples')).filter((f) => /\.(ms3d|ase|lod|o3d|mdl)$/i.test(f));

async function parseSample(file: string, companions: Record<string, Uint8Array> = {}): Promise<Scene> {
  const bytes = new Uint8Array(readFileSync(file));
  const name = path.basename(file);
  const format = requireFormat(bytes, name, formats);
  const options: Record<string, unknown> = { fileName: name, resolve: (n: string) => companions[path.basename(n)] };
  if (format.id === 'o3d') options.motions = Object.keys(companions).filter((n) => n.endsWith('.ani'));
  return format.parse(bytes, options);
}

describe('shipped samples', () => {
  // Licences that allow redistribution with a notice; anything else must not be shipped.
  const allowed = /^(MPL-2\.0|MPL-1\.1|BSD-3-Clause|MIT)\b/;

  it.skipIf(!existsSync(corpus)).each(shipped)('%s is an unmodified corpus file with a redistributable licence and a notice', (file) => {
    const folder = file.split('.').pop()!.toLowerCase();
    const row = manifest(folder).find((r) => r.file === file);
    expect(row, `${file} is in the ${folder} MANIFEST`).toBeDefined();
    expect(row!.license).toMatch(allowed);
    expect(createHash('sha256').update(readFileSync(path.join(dir, 'public/samples', file))).digest('hex')).toBe(row!.sha256);
    expect(readFileSync(path.join(dir, 'public/samples/NOTICE.md'), 'utf8')).toContain(`## ${file}`);
  });

  it('ships one sample per format, O3D and MDL generated rather than shipped', () => {
    expect(samples.map((s) => s.format).sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
    expect(samples.filter((s) => s.generated).map((s) => s.format).sort()).toEqual(['mdl', 'o3d']);
    expect(shipped.some((f) => /\.(o3d|mdl)$/i.test(f))).toBe(false);
    expect(samples[0].file).toBe('samples/glscene__Woman4.ms3d'); // the default
  });

  it('Woman4 (MANIFEST: 31 joints, 3450 triangles, animated) is valid and converts', async () => {
    const scene = await parseSample(path.join(dir, 'public/samples/glscene__Woman4.ms3d'));
    expect(validateScene(scene)).toEqual([]);
    expect(sceneStats(scene)).toMatchObject({ joints: 31, triangles: 3450 });
    const three = toThree(scene);
    expect(three.clips[0].duration).toBeGreaterThan(1);
    expect(three.skeletons[0].bones).toHaveLength(31);
  });

  it('MotionCaptureROM (MANIFEST: 26 geometry objects, 2016 faces, node animation) is valid', async () => {
    const scene = await parseSample(path.join(dir, 'public/samples/assimp__MotionCaptureROM.ase'));
    expect(validateScene(scene)).toEqual([]);
    expect(sceneStats(scene).triangles).toBe(2016);
    expect(scene.nodes.filter((n) => n.mesh !== undefined)).toHaveLength(26);
    expect(scene.animations.length).toBeGreaterThan(0);
    expect(toThree(scene).clips[0].tracks.length).toBeGreaterThan(0);
  });

  it('TRINITYrage (MANIFEST: 40 bones, 5 animations) is valid', async () => {
    const scene = await parseSample(path.join(dir, 'public/samples/xtreme3d__TRINITYrage.lod'));
    expect(validateScene(scene)).toEqual([]);
    expect(scene.skins[0].joints).toHaveLength(40);
    expect(scene.animations.map((a) => a.name)).toEqual(['TRINITYrage', 'walk', 'run', 'jump', 'long_jump']);
  });
});

describe('generated samples (scripts/samples.ts)', () => {
  it('writes an animated skinned O3D with companions and an MDL that parse and validate', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'relic3d-samples-'));
    const written = await writeSamples(out, (id) => import(id), () => {});
    expect(written.map((w) => w.file)).toEqual([SAMPLE_O3D, 'relic_column.chr', 'relic_column_sway.ani', SAMPLE_MDL]);
    const companions = Object.fromEntries(['relic_column.chr', 'relic_column_sway.ani'].map((f) => [f, new Uint8Array(readFileSync(path.join(out, f)))]));
    const o3d = await parseSample(path.join(out, SAMPLE_O3D), companions);
    expect(validateScene(o3d)).toEqual([]);
    expect(o3d.format).toBe('o3d');
    expect(o3d.skins.length).toBe(1);
    expect(o3d.animations.map((a) => a.name)).toEqual(['sway']);
    const mdl = await parseSample(path.join(out, SAMPLE_MDL));
    expect(validateScene(mdl)).toEqual([]);
    expect(mdl.format).toBe('mdl');
    expect(sceneStats(mdl).triangles).toBe(16 + 8); // fine level 16, coarse level 8
    // Two levels of detail, so the viewer's LOD switch has something to switch.
    expect(mdl.nodes.flatMap((n) => n.lods ?? []).map((l) => l.distance)).toEqual([0, 12]);
    expect(toThree(mdl).lodObjects[0].levels).toHaveLength(2);
  });
});
