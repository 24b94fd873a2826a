import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFiles, corpusRoot, readCorpusFile } from '@relic3d/test-harness';
import { FormatError as CoreFormatError } from '@relic3d/core';
import * as relic3d from '../src/index.js';
import { describeScene, detect, formats, parse, parseSync, validateScene } from '../src/index.js';
import { folderResolver, parseFile } from '../src/node.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const corpus = (folder: string, file: string) => path.join(corpusRoot(), folder, file);
const hasCorpus = corpusFiles('o3d').length > 0;

describe('the umbrella entry', () => {
  it('lists the five formats', () => {
    expect(formats.map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
  });

  it('re-exports every format package as a namespace, plus core and the glTF bridge', () => {
    expect(typeof relic3d.ms3d.parseSync).toBe('function');
    expect(typeof relic3d.ase.parseSync).toBe('function');
    expect(typeof relic3d.o3d.findCompanions).toBe('function');
    expect(typeof relic3d.mdl.parseSync).toBe('function');
    expect(typeof relic3d.lod.parseSync).toBe('function');
    expect(typeof relic3d.gltf.toGlb).toBe('function');
    expect(typeof relic3d.toGltf).toBe('function');
    expect(typeof relic3d.computeBounds).toBe('function');
    expect(relic3d.FormatError).toBe(CoreFormatError);
  });

  it.runIf(hasCorpus)('detects by content, even without an extension', () => {
    expect(detect(readCorpusFile('assimp__jeep1.ms3d', 'ms3d'), 'assimp__jeep1.ms3d')?.id).toBe('ms3d');
    expect(detect(readCorpusFile('assimp__TestFormatDetection', 'ase'))?.id).toBe('ase');
    expect(detect(readCorpusFile('mvr_AiBatt.o3d', 'o3d'), 'renamed.bin')?.id).toBe('o3d');
    expect(detect(readCorpusFile('circuitchaos__doorframe_v300.mdl', 'mdl'))?.id).toBe('mdl');
    expect(detect(readCorpusFile('xtreme3d__TRINITYrage.lod', 'lod'))?.id).toBe('lod');
    expect(detect(readCorpusFile('quake1__slipgate_grenade.mdl', 'foreign'), 'grenade.mdl')).toBeUndefined();
  });

  it.runIf(hasCorpus)('parse() delegates to the detected format', async () => {
    const scene = await parse(readCorpusFile('assimp__jeep1.ms3d', 'ms3d'), { fileName: 'assimp__jeep1.ms3d' });
    expect(scene.format).toBe('ms3d');
    expect(validateScene(scene)).toEqual([]);
    // MANIFEST: 1190 vertices / 2032 triangles / 7 groups / 1 material.
    expect(describeScene(scene)).toMatchObject({ triangles: 2032, materials: 1 });
    const sync = parseSync(readCorpusFile('circuitchaos__doorframe_v300.mdl', 'mdl'));
    expect(sync.format).toBe('mdl');
  });

  it.runIf(hasCorpus)('names foreign and empty files in a FormatError', async () => {
    await expect(parse(readCorpusFile('quake1__slipgate_grenade.mdl', 'foreign'), { fileName: 'grenade.mdl' })).rejects.toMatchObject({
      name: 'FormatError',
      code: 'FOREIGN_FORMAT',
      offset: 0,
      message: expect.stringContaining('Quake 1 MDL (IDPO v6)'),
    });
    await expect(parse(new Uint8Array(0), { fileName: 'empty.ase' })).rejects.toMatchObject({ code: 'EMPTY' });
  });

  it.runIf(hasCorpus)("a file no format accepts but whose extension names one gets that parser's own error", async () => {
    // MANIFEST: valid XOR name but version 18 < 20; the O3D reader says so.
    const error = await parse(readCorpusFile('obj_dunTest.o3d', 'bad'), { fileName: 'obj_dunTest.o3d' }).catch((e) => e);
    expect(error).toMatchObject({ name: 'FormatError', format: 'o3d' });
    expect(error.code).not.toBe('UNKNOWN_FORMAT');
  });
});

describe('the Node entry', () => {
  it('folderResolver finds companions with either slash, case-insensitively, else by base name, inside its root', async () => {
    const dir = scratchFolder('resolve');
    mkdirSync(path.join(dir, 'Textures'));
    mkdirSync(path.join(dir, 'models'));
    writeFileSync(path.join(dir, 'Textures', 'Wood.BMP'), 'wood');
    writeFileSync(path.join(dir, 'models', 'Skin.TGA'), 'skin');
    const resolve = folderResolver(path.join(dir, 'models'), { root: dir });
    const text = async (name: string, r = resolve) => {
      const bytes = await r(name);
      return bytes ? Buffer.from(bytes as Uint8Array).toString() : undefined;
    };
    expect(await text('..\\textures\\wood.bmp')).toBe('wood');
    expect(await text('../TEXTURES/WOOD.bmp')).toBe('wood');
    expect(await text('.\\skin.tga')).toBe('skin');
    expect(await text('C:\\Game\\Data\\skin.tga')).toBe('skin'); // absolute path from another machine: base name
    expect(await text('wood.bmp')).toBeUndefined();
    // The default root is the model's own folder: '..' stops there.
    const contained = folderResolver(path.join(dir, 'models'));
    expect(await text('..\\textures\\wood.bmp', contained)).toBeUndefined();
    expect(await text('skin.tga', contained)).toBe('skin');
    expect(await text(path.join(dir, 'Textures', 'Wood.BMP'), contained)).toBeUndefined(); // absolute: base name inside the root only
  });

  it('parseFile refuses a root that does not contain the model', async () => {
    const dir = scratchFolder('root');
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'b'));
    writeFileSync(path.join(dir, 'a', 'm.ms3d'), 'x');
    await expect(parseFile(path.join(dir, 'a', 'm.ms3d'), { root: path.join(dir, 'b') })).rejects.toThrow(/does not contain/);
  });

  it.runIf(hasCorpus)('parseFile loads an .o3d with its .chr and every .ani beside it (MANIFEST: 14 bones, stand + walk)', async () => {
    const scene = await parseFile(corpus('o3d', 'mvr_AiBatt.o3d'));
    expect(validateScene(scene)).toEqual([]);
    expect(scene.skins[0].joints).toHaveLength(14);
    expect(scene.animations.map((a) => a.name).sort()).toEqual(['stand', 'walk']);
  });

  it.runIf(hasCorpus)('parseFile matches companions case-insensitively (Part_femaleUpper → mvr_female.chr, Mvr_female_GenStand.ani)', async () => {
    // A player part is skinned to the shared skeleton without the player motions, unless asked.
    const part = await parseFile(corpus('o3d', 'Part_femaleUpper.o3d'));
    expect(validateScene(part)).toEqual([]);
    expect(part.skins[0].joints).toHaveLength(30); // MANIFEST: mvr_female.chr bones=30
    expect(part.animations).toEqual([]);
    const scene = await parseFile(corpus('o3d', 'Part_femaleUpper.o3d'), { motions: 'all' });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.animations.map((a) => a.name)).toEqual(['GenStand']);
    const none = await parseFile(corpus('o3d', 'mvr_AiBatt.o3d'), { motions: 'none' });
    expect(none.animations).toEqual([]);
  });
});

describe('computeBounds with kernelSkinning', () => {
  it.runIf(hasCorpus)('poses Woman4 the same on the WASM and TypeScript paths', async () => {
    const { computeBounds: coreBounds } = await import('@relic3d/core');
    await relic3d.ready();
    const scene = await parse(readCorpusFile('glscene__Woman4.ms3d', 'ms3d'), { fileName: 'glscene__Woman4.ms3d' });
    for (const time of [0, 20, 71.1]) {
      const wasm = relic3d.computeBounds(scene, { animation: 0, time, skin: relic3d.kernelSkinning({ kernels: 'wasm' }) });
      const js = relic3d.computeBounds(scene, { animation: 0, time, skin: relic3d.kernelSkinning({ kernels: 'js' }) });
      const reference = coreBounds(scene, { animation: 0, time });
      for (const b of [wasm, js]) {
        for (let k = 0; k < 3; k++) {
          expect(b.min[k]).toBeCloseTo(reference.min[k], 3);
          expect(b.max[k]).toBeCloseTo(reference.max[k], 3);
        }
      }
    }
    // The rest pose is not the posed one: the kernel really skins.
    const rest = relic3d.computeBounds(scene, { skin: relic3d.kernelSkinning() });
    const posed = relic3d.computeBounds(scene, { animation: 0, time: 20, skin: relic3d.kernelSkinning() });
    expect(posed).not.toEqual(rest);
  });
});
