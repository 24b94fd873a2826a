// Materials through the resolver: .mat paths, containment, JSON warnings, async resolvers.
import { describe, expect, it } from 'vitest';
import { parse, parseSync as parseMdl } from '../../src/index.js';
import { writeMdl } from '@relic3d/fixtures/mdl';
import { valid, tri } from './helpers.js';

describe('materials through the resolver', () => {
  const mat = JSON.stringify({ material: { color: [1, 0.5, 0.25, 1], metallic: 1, roughness: 0.5, texture0: './tex/base.dds', texture1: 'Materials/normal.dds', texture3: './extra.dds' } });
  const file = (path: string) => writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('m', { material: path })] }] } });

  it('an alpha cut-off that is not a finite number ≥ 0 falls back to 0.5 with a warning (fuzz: "alphacutoff": 1e999)', () => {
    for (const [text, expected] of [['1e999', 0.5], ['-1', 0.5], ['0.25', 0.25]] as const) {
      const json = `{"material": {"alphamask": true, "alphacutoff": ${text}}}`;
      const scene = valid(parseMdl(file('./a.mat'), { resolve: (n) => (n.endsWith('.mat') ? new TextEncoder().encode(json) : undefined) }));
      expect(scene.materials[0].alphaMode).toBe('MASK');
      expect(scene.materials[0].alphaCutoff).toBe(expected);
      expect(scene.warnings.some((w) => w.code === 'MDL_MATERIAL_VALUE')).toBe(expected !== 0.25);
    }
  });

  it('./ is relative to the model, anything else to the base folder', async () => {
    const asked: string[] = [];
    const resolve = (name: string) => {
      asked.push(name);
      return name.endsWith('.mat') ? new TextEncoder().encode(mat) : undefined;
    };
    const scene = valid(await parse(file('./mats/wood.mat'), { resolve: async (n) => resolve(n), baseFolder: '../..' }));
    expect(asked).toEqual(['mats/wood.mat']);
    const m = scene.materials[0];
    expect(m.name).toBe('wood');
    expect(m.extras).toMatchObject({ materialPath: './mats/wood.mat', materialFile: 'mats/wood.mat' });
    expect(m.baseColorFactor).toEqual([1, 0.5, 0.25, 1]);
    expect(m.roughnessFactor).toBe(0.5);
    expect(scene.textures.map((t) => t.uri)).toEqual(['mats/tex/base.dds', '../../Materials/normal.dds', 'mats/extra.dds']);
    expect(m.otherTextures!.texture3.texture).toBe(2);
    const base = valid(parseMdl(file('Materials/wood.mat'), { resolve }));
    expect(base.materials[0].extras!.materialFile).toBe('Materials/wood.mat');
    expect(base.textures[0].uri).toBe('Materials/tex/base.dds');
  });

  it('stored paths cannot climb out of where they start; absolute ones go by base name; no warning quotes a companion', () => {
    const secret = new TextEncoder().encode('root:x:0:0:root:/root:/bin/bash\nSECRET=hunter2\n');
    const asked: string[] = [];
    const resolve = (name: string) => {
      asked.push(name);
      return secret;
    };
    const paths = ['/etc/passwd', '/proc/self/environ', 'C:\\Windows\\win.ini', '\\\\host\\share\\a.mat', '../../../../etc/shadow', './../../up.mat', '..\\..\\Materials\\x.mat', 'Materials/../../../y.mat', './mats/./z.mat'];
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: paths.map((p, i) => tri(`m${i}`, { material: p })) }] } });
    const scene = valid(parseMdl(bytes, { resolve }));
    expect(asked).toEqual(['passwd', 'environ', 'win.ini', 'a.mat', 'etc/shadow', 'up.mat', 'Materials/x.mat', 'y.mat', 'mats/z.mat']);
    expect(scene.materials.map((m) => m.extras!.materialPath)).toEqual(paths);
    // The caller's base folder is the only way up.
    asked.length = 0;
    valid(parseMdl(bytes, { resolve, baseFolder: '../..' }));
    expect(asked).toEqual(['passwd', 'environ', 'win.ini', 'a.mat', '../../etc/shadow', 'up.mat', '../../Materials/x.mat', '../../y.mat', 'mats/z.mat']);
    // Each companion was not JSON: the warnings say so without a byte of what it holds.
    expect(scene.warnings.map((w) => w.code)).toEqual(Array(paths.length).fill('MDL_MATERIAL_JSON'));
    for (const w of scene.warnings) expect(w.message).not.toMatch(/root|hunter|SECRET|bash/);
    expect(scene.warnings[0].message).toBe(`material file 'passwd' is not JSON (${secret.length} bytes); not applied`);
  });

  it('texture paths inside a .mat are contained the same way', () => {
    const mat = JSON.stringify({ material: { texture0: '/home/user/secret.png', texture1: '../../../../etc/x.dds', texture2: './../t.dds' } });
    const scene = valid(parseMdl(file('./mats/wood.mat'), { resolve: (n) => (n.endsWith('.mat') ? new TextEncoder().encode(mat) : undefined), baseFolder: '../..' }));
    expect(scene.textures.map((t) => t.uri)).toEqual(['mats/secret.png', '../../etc/x.dds', 'mats/t.dds']);
  });

  it('bad JSON in node properties warns without quoting it', () => {
    const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { user: '{"password": hunter2' } })));
    expect(scene.warnings.map((w) => w.message)).toEqual(["user properties of node '' are not valid JSON (20 characters); the raw text is kept"]);
  });

  it('parseMdl skips an async resolver with a warning; a missing file warns', () => {
    const scene = valid(parseMdl(file('./a.mat'), { resolve: async () => undefined }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_ASYNC_RESOLVER']);
    const missing = valid(parseMdl(file('./a.mat'), { resolve: () => undefined }));
    expect(missing.warnings.map((w) => w.code)).toEqual(['MDL_MATERIAL_NOT_FOUND']);
  });
});
