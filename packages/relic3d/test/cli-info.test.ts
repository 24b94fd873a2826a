// `relic3d info`: the documented --json schema, MANIFEST facts, warnings, clips and the readable table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasCorpus, run, corpus } from './cli-helpers.js';

/** The documented `info --json` schema, checked field by field. */
function expectInfoSchema(info: Record<string, unknown>) {
  expect(Object.keys(info)).toEqual([
    'format', 'version', 'meshes', 'primitives', 'vertices', 'triangles', 'materials', 'textures', 'textureFiles', 'joints',
    'animations', 'lods', 'colliders', 'cameras', 'lights', 'bounds', 'warnings',
  ]);
  expect(typeof info.format).toBe('string');
  expect(['number', 'string'].includes(typeof info.version) || info.version === null).toBe(true);
  for (const key of ['meshes', 'primitives', 'vertices', 'triangles', 'materials', 'textures', 'joints', 'lods', 'colliders', 'cameras', 'lights']) {
    expect(Number.isInteger(info[key]) && (info[key] as number) >= 0, key).toBe(true);
  }
  expect((info.textureFiles as unknown[]).length).toBe(info.textures);
  for (const t of info.textureFiles as Record<string, unknown>[]) {
    expect(Object.keys(t)).toEqual(['name', 'embedded', 'found']);
    expect(typeof t.name).toBe('string');
    expect(t.found === null || typeof t.found === 'boolean').toBe(true);
  }
  for (const clip of info.animations as Record<string, unknown>[]) {
    expect(Object.keys(clip)).toEqual(['name', 'duration', 'channels']);
    expect(typeof clip.name).toBe('string');
    expect(clip.duration as number).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(clip.channels)).toBe(true);
  }
  const bounds = info.bounds as { min: number[]; max: number[] } | null;
  if (bounds) {
    expect(Object.keys(bounds)).toEqual(['min', 'max']);
    for (let i = 0; i < 3; i++) expect(bounds.min[i]).toBeLessThanOrEqual(bounds.max[i]);
  }
  for (const w of info.warnings as Record<string, unknown>[]) {
    expect(typeof w.code).toBe('string');
    expect(typeof w.message).toBe('string');
  }
}

describe.runIf(hasCorpus)('relic3d info', () => {
  it.each([
    // [folder, file, facts from the MANIFEST notes]
    ['ms3d', 'assimp__jeep1.ms3d', { format: 'ms3d', version: 4, triangles: 2032, materials: 1, joints: 0 }],
    ['ms3d', 'glscene__Woman4.ms3d', { format: 'ms3d', triangles: 3450, materials: 2, joints: 31 }],
    ['lod', 'xtreme3d__TRINITYrage.lod', { format: 'lod', joints: 40 }],
    ['o3d', 'mvr_AiBatt.o3d', { format: 'o3d', version: 22, joints: 14, triangles: 496 }],
    ['o3d', 'Part_femaleUpper.o3d', { format: 'o3d', version: 20, lods: 3, joints: 30 }],
    ['ase', 'assimp__CameraRollAnim.ase', { format: 'ase', cameras: 1, triangles: 12 }],
    ['mdl', 'circuitchaos__door_double_v300.mdl', { format: 'mdl', meshes: 1 }],
  ] as const)('%s/%s --json follows the documented schema and the MANIFEST facts', async (folder, file, facts) => {
    const { code, stdout } = await run('info', corpus(folder, file), '--json');
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expectInfoSchema(info);
    expect(info).toMatchObject(facts);
  });

  it('reports the warnings of a malformed file with their codes and offsets (MANIFEST: unclosed *MATERIAL_LIST, *SCENE_TICKSPERFxRAME typo, 1080 faces)', async () => {
    const file = corpus('bad', 'unv_station15__mundo_tree.ase');
    const { code, stdout } = await run('info', file, '--json');
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expectInfoSchema(info);
    expect(info).toMatchObject({ format: 'ase', triangles: 1080 });
    const materialList = readFileSync(file, 'latin1').indexOf('*MATERIAL_LIST');
    expect(info.warnings).toEqual(
      expect.arrayContaining([
        { code: 'ASE_UNCLOSED_MATERIAL_LIST', message: expect.stringContaining('MATERIAL_LIST'), offset: materialList },
        { code: 'ASE_NO_TICKSPERFRAME', message: expect.any(String) },
      ]),
    );
  });

  it('lists the five TRINITYrage clips (MANIFEST: TRINITYrage, walk, run, jump, long_jump)', async () => {
    const info = JSON.parse((await run('info', corpus('lod', 'xtreme3d__TRINITYrage.lod'), '--json')).stdout);
    expect(info.animations.map((a: { name: string }) => a.name)).toEqual(['TRINITYrage', 'walk', 'run', 'jump', 'long_jump']);
  });

  it('prints a readable table without --json', async () => {
    const { code, stdout } = await run('info', corpus('o3d', 'mvr_AiBatt.o3d'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^format\s+o3d \(version 22\)$/m);
    expect(stdout).toMatch(/^joints\s+14$/m);
    expect(stdout).toMatch(/^animations\s+stand \(.* s, \d+ channels\), walk/m);
  });
});
