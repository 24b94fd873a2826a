// `relic3d convert`: .glb and .gltf output, --animation and --lod, output names, relative textures, --quiet.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasCorpus, io, run, corpus } from './cli-helpers.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

describe.runIf(hasCorpus)('relic3d convert', () => {
  const tmp = scratchFolder('convert');

  it('writes a .glb with the texture found beside the model', async () => {
    const target = path.join(tmp, 'jeep.glb');
    // The model names '.\jeep1.jpg'; copy both with the real names so the resolver finds it.
    cpSync(corpus('ms3d', 'assimp__jeep1.ms3d'), path.join(tmp, 'jeep1.ms3d'));
    cpSync(corpus('ms3d', 'assimp__jeep1.jpg'), path.join(tmp, 'jeep1.jpg'));
    const { code, stdout } = await run('convert', path.join(tmp, 'jeep1.ms3d'), target);
    expect(code).toBe(0);
    expect(stdout).toMatch(/jeep1\.ms3d \(ms3d\) → .*jeep\.glb: \d+ bytes; \d+ mesh(es)?, 2032 triangles, 0 clips, 0 warnings/);
    const doc = await io.read(target);
    expect(doc.getRoot().listTextures().map((t) => t.getMimeType())).toEqual(['image/jpeg']);
  });

  it('writes .gltf with its .bin', async () => {
    const target = path.join(tmp, 'bat.gltf');
    const { code } = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), target);
    expect(code).toBe(0);
    expect(existsSync(path.join(tmp, 'bat.bin'))).toBe(true);
    const doc = await io.read(target);
    expect(doc.getRoot().listAnimations()).toHaveLength(2);
  });

  it('--animation keeps one clip; --lod keeps one level', async () => {
    const walk = path.join(tmp, 'walk.glb');
    expect((await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), walk, '--animation', 'walk')).code).toBe(0);
    expect((await io.read(walk)).getRoot().listAnimations().map((a) => a.getName())).toEqual(['walk']);
    const low = path.join(tmp, 'low.glb');
    expect((await run('convert', corpus('o3d', 'Part_femaleUpper.o3d'), low, '--lod', '2')).code).toBe(0);
    const doc = await io.read(low);
    expect(doc.getRoot().listNodes().some((n) => n.getExtension('MSFT_lod'))).toBe(false);
    let triangles = 0;
    for (const node of doc.getRoot().listNodes()) for (const p of node.getMesh()?.listPrimitives() ?? []) triangles += p.getIndices()!.getCount() / 3;
    expect(triangles).toBe(68); // MANIFEST: faces per LOD = [256, 120, 68]
  });

  it('explains an unknown clip and a wrong output extension', async () => {
    const missing = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'x.glb'), '--animation', 'dance');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/animation "dance" not found; the scene has "stand", "walk"|"walk", "stand"/);
    const wrong = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'x.obj'));
    expect(wrong.code).toBe(2);
  });
});

describe.runIf(hasCorpus)('relic3d convert: output names, relative textures, --quiet', () => {
  it('without OUT writes <name>.glb beside the input; a folder OUT gets <name>.glb inside', async () => {
    const tmp = scratchFolder('names');
    cpSync(corpus('ms3d', 'hiero__TBone.ms3d'), path.join(tmp, 'TBone.ms3d'));
    const beside = await run('convert', path.join(tmp, 'TBone.ms3d'));
    expect(beside.code).toBe(0);
    expect(beside.stdout).toContain(`→ ${path.join(tmp, 'TBone.glb')}`);
    expect((await io.read(path.join(tmp, 'TBone.glb'))).getRoot().listSkins()[0].listJoints()).toHaveLength(4); // MANIFEST: 4 joints
    const folder = path.join(tmp, 'out') + path.sep;
    expect((await run('convert', path.join(tmp, 'TBone.ms3d'), folder)).code).toBe(0);
    expect(existsSync(path.join(tmp, 'out', 'TBone.glb'))).toBe(true);
    // An existing folder without the trailing slash counts too: the same out/TBone.glb, refused
    // (exit 1) as a file this run did not create, replaced with --force.
    expect((await run('convert', path.join(tmp, 'TBone.ms3d'), path.join(tmp, 'out'), '--quiet')).code).toBe(1);
    expect((await run('convert', path.join(tmp, 'TBone.ms3d'), path.join(tmp, 'out'), '--quiet', '--force')).code).toBe(0);
  });

  it("finds a texture the model names relative to its folder ('..\\Textures\\Wood.jpg', other case)", async () => {
    const tmp = scratchFolder('relative');
    mkdirSync(path.join(tmp, 'models'));
    mkdirSync(path.join(tmp, 'textures'));
    const ase = readFileSync(corpus('ase', 'darkradiant__single_triangle.ase'), 'latin1');
    expect(ase).toContain('*BITMAP "\\\\base\\material"');
    writeFileSync(path.join(tmp, 'models', 'tri.ase'), ase.replace('*BITMAP "\\\\base\\material"', '*BITMAP "..\\Textures\\Wood.jpg"'), 'latin1');
    cpSync(corpus('ms3d', 'assimp__jeep1.jpg'), path.join(tmp, 'textures', 'WOOD.JPG'));
    // The model's own folder is the root: '..' does not leave it unless --root widens it.
    const contained = await run('convert', path.join(tmp, 'models', 'tri.ase'));
    expect(contained.code).toBe(0);
    expect(contained.stdout).toMatch(/1 warning\n.*GLTF_TEXTURE_MISSING: texture '\.\.\\Textures\\Wood\.jpg' was not found/);
    const { code, stdout } = await run('convert', path.join(tmp, 'models', 'tri.ase'), '--root', tmp, '--force');
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/0 warnings/);
    const doc = await io.read(path.join(tmp, 'models', 'tri.glb'));
    const texture = doc.getRoot().listMaterials()[0].getBaseColorTexture()!;
    expect(texture.getMimeType()).toBe('image/jpeg');
    expect(texture.getImage()!.byteLength).toBe(readFileSync(corpus('ms3d', 'assimp__jeep1.jpg')).byteLength);
  });

  it('--quiet prints nothing on success and still prints errors', async () => {
    const tmp = scratchFolder('quiet');
    const ok = await run('--quiet', 'convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'bat.glb'));
    expect(ok).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(path.join(tmp, 'bat.glb'))).toBe(true);
    const bad = await run('-q', 'convert', corpus('foreign', 'quake1__slipgate_grenade.mdl'), path.join(tmp, 'q.glb'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Quake 1 MDL (IDPO v6)');
  });
});
