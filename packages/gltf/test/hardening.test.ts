import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireFormat, validateScene, type Format, type Scene } from '@relic3d/core';
import { aseFormat } from '@relic3d/ase';
import { lodFormat } from '@relic3d/lod';
import { mdlFormat } from '@relic3d/mdl';
import { ms3dFormat } from '@relic3d/ms3d';
import { findCompanions, o3dFormat } from '@relic3d/o3d';
import { assertHardened, corpusFiles, longFuzz, mutationFuzz } from '@relic3d/test-harness';
import { toGlb } from '../src/index.js';
import { featureScene } from './scenes.js';
import { describeIssues, validateGltf } from './validate.js';

const formats: Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];

/**
 * Exporter hardening: mutated real files that a reader still turns into a valid scene must export
 * without throwing and pass the validator. Parser robustness is each reader's own suite, so a
 * parse failure here just skips the input.
 */
function exporter(folder: string, file: string) {
  const dir = path.join(path.dirname(corpusFiles(folder)[0]?.path ?? ''), '');
  const listing = readdirSync(dir);
  const resolve = (name: string) => {
    const hit = listing.find((f) => f.toLowerCase() === name.replace(/^.*[\\/]/, '').toLowerCase());
    return hit ? new Uint8Array(readFileSync(path.join(dir, hit))) : undefined;
  };
  const motions = Object.values(findCompanions(file, listing).motions);
  const stats = { exported: 0 };
  const run = async (bytes: Uint8Array) => {
    let scene: Scene;
    try {
      scene = await requireFormat(bytes, file, formats).parse(bytes, { fileName: file, resolve, motions } as Parameters<Format["parse"]>[1]);
    } catch {
      return;
    }
    if (validateScene(scene).length) return;
    const glb = await toGlb(scene, { resolve });
    const report = await validateGltf(glb);
    if (report.errors.length) throw new Error(`validator: ${describeIssues(report.errors.slice(0, 3))}`);
    stats.exported++;
  };
  return { run, stats, bytes: new Uint8Array(readFileSync(path.join(dir, file))) };
}

const cases: [string, string][] = [
  ['ms3d', 'hiero__TBone.ms3d'],
  ['ms3d', 'soulsheng__Model.ms3d'],
  ['ase', 'assimp__anim.ASE'],
  ['ase', 'darkradiant__room_cuboid_install.ase'],
  ['o3d', 'Mvr_MiniWall11.o3d'],
  ['o3d', 'Obj_MaCoPrSi05.o3d'],
  ['o3d', 'Part_fColosseumset01Cap.o3d'],
  ['mdl', 'circuitchaos__switchlever_v300.mdl'],
  ['lod', 'xtreme3d__TRINITYrage.lod'],
];

describe('exporting mutated real files', () => {
  const available = corpusFiles('o3d').length > 0;
  it.runIf(available).each(cases)('%s/%s', async (folder, file) => {
    const { run, stats, bytes } = exporter(folder, file);
    const report = await mutationFuzz(bytes, run, { name: `gltf:${file}`, iterations: longFuzz() ? 300 : 12, timeBudgetMs: 10_000 });
    assertHardened(report, file);
    expect(stats.exported).toBeGreaterThan(0);
  });
});

describe('exporting odd but valid scenes', () => {
  it('a scene with nothing in it (no buffer, no glTF scene; extras move to the root)', async () => {
    const scene = featureScene();
    for (const key of ['nodes', 'roots', 'meshes', 'materials', 'textures', 'skins', 'animations', 'cameras', 'lights', 'colliders'] as const) {
      (scene[key] as unknown[]).length = 0;
    }
    const glb = await toGlb(scene);
    const report = await validateGltf(glb);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
  });

  it('extras holding typed arrays, maps, NaN and cycles become plain JSON', async () => {
    const scene = featureScene();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    scene.extras = { nan: NaN, map: new Map([['k', new Float32Array([1.5])]]), cyclic, big: 10n };
    const { json } = await import('../src/index.js').then((m) => m.toGltf(scene));
    const extras = (json.scenes as { extras: Record<string, unknown> }[])[0].extras;
    expect(extras).toMatchObject({ nan: null, map: { k: [1.5] }, cyclic: { a: 1, self: null }, big: 10 });
  });
});
