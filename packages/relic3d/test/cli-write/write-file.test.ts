// write(), writerFor() and relic3d/node's writeFile: lookup, plain names, containment, atomic files, texture copies.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScene, fileNameProblem, isWriteError, write, writerFor, WriteError, type Scene } from 'relic3d';
import { folderResolver, writeFile } from 'relic3d/node';
import { tmp } from '../run-cli.js';
import { bytes, fakeWriter, listFiles } from './helpers.js';

const scene = (): Scene => createScene('test');
const rejection = async (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as Error & Record<string, unknown>);

describe('writerFor and write', () => {
  it('finds a writer by id, extension or file name, in any case; glTF and unknown names find none', () => {
    expect(writerFor('ms3d')?.id).toBe('ms3d');
    expect(writerFor('.ASE')?.id).toBe('ase');
    expect(writerFor('out/Monster.O3D')?.id).toBe('o3d');
    expect(writerFor('lod')?.extension).toBe('.lod');
    expect(writerFor('model.glb')).toBeUndefined();
    expect(writerFor('obj')).toBeUndefined();
  });

  it('refuses an unknown format with a WriteError that lists what relic3d writes', () => {
    const error = (() => {
      try {
        write(scene(), 'obj');
      } catch (e) {
        return e as WriteError;
      }
    })();
    expect(isWriteError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UNSUPPORTED', limit: 'format', value: 'obj' });
    expect(error!.message).toBe("relic3d writes no 'obj' files: it writes ms3d (.ms3d), ase (.ase), o3d (.o3d), mdl (.mdl), lod (.lod); glTF with toGlb / toGltf");
  });

  it('passes a writer through and refuses the file names that could leave a folder', () => {
    const ok = write(scene(), fakeWriter((n) => ({ [`${n}.fake`]: bytes('x') })), { name: 'm' });
    expect(Object.keys(ok.files)).toEqual(['m.fake']);
    for (const bad of ['../escape.fake', 'sub/x.fake', 'sub\\x.fake', '..', '.', 'C:evil.fake', 'a\u0000b', '']) {
      expect(() => write(scene(), fakeWriter(() => ({ [bad]: bytes('x') }))), JSON.stringify(bad)).toThrow(WriteError);
    }
    // Two names one case-insensitive disk would merge.
    expect(() => write(scene(), fakeWriter(() => ({ 'a.fake': bytes('1'), 'A.FAKE': bytes('2') })))).toThrow(/same name/);
    expect(fileNameProblem('..\\x')).toBe('it has a folder separator');
    expect(fileNameProblem('..x.bmp')).toBeUndefined();
  });
});

describe('writeFile', () => {
  it("writes every file into the output's folder, the main one under the name asked for, and nothing else", async () => {
    const dir = tmp('writefile');
    const writer = fakeWriter((n) => ({ [`${n}.fake`]: bytes('main'), [`${n}.chr`]: bytes('skeleton'), [`${n}_walk.ani`]: bytes('walk') }));
    const result = await writeFile(scene(), path.join(dir, 'out', 'Monster.FAKE'), { format: writer });
    expect(result.format).toBe('fake');
    expect(result.path).toBe(path.join(dir, 'out', 'Monster.FAKE'));
    expect(result.files.map((f) => [path.basename(f.path), f.bytes, f.role])).toEqual([
      ['Monster.FAKE', 4, 'model'],
      ['Monster.chr', 8, 'companion'],
      ['Monster_walk.ani', 4, 'companion'],
    ]);
    // No temporary file is left, nothing lands beside the folder.
    expect(listFiles(dir)).toEqual(['out/Monster.FAKE', 'out/Monster.chr', 'out/Monster_walk.ani']);
    expect(readFileSync(path.join(dir, 'out', 'Monster.chr'), 'utf8')).toBe('skeleton');
  });

  it('refuses a crafted file name before writing anything, so no file escapes the folder', async () => {
    const dir = tmp('writefile-escape');
    for (const bad of ['../escape.txt', '../../escape.txt', 'sub/../../escape.txt', '/tmp/escape.txt', 'C:escape.txt', '..']) {
      const writer = fakeWriter((n) => ({ [`${n}.fake`]: bytes('main'), [bad]: bytes('evil') }));
      const error = await rejection(writeFile(scene(), path.join(dir, 'out', 'm.fake'), { format: writer }));
      expect(isWriteError(error), `${bad}: ${String(error)}`).toBe(true);
      expect(error?.limit).toBe('file name');
    }
    expect(listFiles(dir)).toEqual([]);
    expect(existsSync(path.join(dir, 'escape.txt'))).toBe(false);
  });

  it('refuses to write through a symlink that leaves the folder, and leaves its target alone', async () => {
    const dir = tmp('writefile-link');
    mkdirSync(path.join(dir, 'out'));
    writeFileSync(path.join(dir, 'precious.txt'), 'keep me');
    symlinkSync(path.join(dir, 'precious.txt'), path.join(dir, 'out', 'm.chr'));
    const writer = fakeWriter((n) => ({ [`${n}.fake`]: bytes('main'), [`${n}.chr`]: bytes('evil') }));
    const error = await rejection(writeFile(scene(), path.join(dir, 'out', 'm.fake'), { format: writer }));
    expect(error).toMatchObject({ name: 'WriteError', limit: 'symlink', where: path.join(dir, 'out', 'm.chr') });
    expect(readFileSync(path.join(dir, 'precious.txt'), 'utf8')).toBe('keep me');
    // All or nothing: the main file was not written either.
    expect(existsSync(path.join(dir, 'out', 'm.fake'))).toBe(false);
  });

  it("refuses a companion that has the main file's name, and passes a writer's WriteError through with nothing written", async () => {
    const dir = tmp('writefile-errors');
    const clash = fakeWriter((n) => ({ [`${n}.fake`]: bytes('main'), 'x.chr': bytes('skeleton') }));
    // --format fake with an output named like the companion.
    expect(await rejection(writeFile(scene(), path.join(dir, 'x.chr'), { format: clash }))).toMatchObject({ name: 'WriteError', limit: 'file name' });
    const over = fakeWriter(() => {
      throw new WriteError({ format: 'fake', code: 'OVER_LIMIT', limit: 'vertices', value: 70000, max: 65534 });
    });
    const error = await rejection(writeFile(scene(), path.join(dir, 'big.fake'), { format: over }));
    expect(error?.message).toBe("fake: 70000 vertices exceed the format's limit of 65534 by 4466");
    expect(listFiles(dir)).toEqual([]);
    // No format for the extension.
    expect(await rejection(writeFile(scene(), path.join(dir, 'model.obj')))).toMatchObject({ name: 'WriteError', code: 'UNSUPPORTED' });
  });

  it('copies the textures the resolver finds beside the output, refuses to replace a different file of that name (unless force), and says why others were not', async () => {
    const dir = tmp('writefile-textures');
    mkdirSync(path.join(dir, 'in', 'textures'), { recursive: true });
    mkdirSync(path.join(dir, 'out'));
    writeFileSync(path.join(dir, 'in', 'textures', 'WOOD.bmp'), 'wood pixels');
    writeFileSync(path.join(dir, 'in', 'stone.tga'), 'stone pixels');
    writeFileSync(path.join(dir, 'out', 'stone.tga'), 'another stone');
    const s = scene();
    s.textures.push({ uri: 'textures\\wood.bmp' }, { uri: 'stone.tga' }, { uri: 'missing.dds' }, { uri: 'sky.png', image: { data: bytes('embedded') } });
    const writer = fakeWriter((n) => ({ [`${n}.fake`]: bytes('main') }));
    const resolve = folderResolver(path.join(dir, 'in'));
    const refused = await rejection(writeFile(s, path.join(dir, 'out', 'm.fake'), { format: writer, resolve }));
    expect(refused).toMatchObject({ name: 'WriteError', limit: 'existing file', where: path.join(dir, 'out', 'stone.tga') });
    expect(listFiles(path.join(dir, 'out'))).toEqual(['stone.tga']);
    expect(readFileSync(path.join(dir, 'out', 'stone.tga'), 'utf8')).toBe('another stone');
    const result = await writeFile(s, path.join(dir, 'out', 'm.fake'), { format: writer, resolve, force: true });
    expect(result.files.filter((f) => f.role === 'texture').map((f) => path.basename(f.path))).toEqual(['wood.bmp', 'stone.tga']);
    expect(readFileSync(path.join(dir, 'out', 'wood.bmp'), 'utf8')).toBe('wood pixels');
    expect(readFileSync(path.join(dir, 'out', 'stone.tga'), 'utf8')).toBe('stone pixels');
    expect(result.texturesNotCopied).toEqual([{ name: 'missing.dds', reason: 'not found beside the input' }]);
    // The same bytes already there are left alone: a second run into a fresh name copies nothing new.
    const again = await writeFile(s, path.join(dir, 'out', 'n.fake'), { format: writer, resolve });
    expect(again.files.map((f) => path.basename(f.path))).toEqual(['n.fake']);
    // copyTextures: false copies none.
    const none = await writeFile(s, path.join(dir, 'out2', 'm.fake'), { format: writer, resolve, copyTextures: false });
    expect(none.files.map((f) => f.role)).toEqual(['model']);
    expect(listFiles(path.join(dir, 'out2'))).toEqual(['m.fake']);
  });

  it('writes .glb and .gltf (+ .bin) by the extension', async () => {
    const dir = tmp('writefile-gltf');
    const s = scene();
    const glb = await writeFile(s, path.join(dir, 'a.glb'));
    expect(glb.format).toBe('glb');
    expect(readFileSync(glb.path).subarray(0, 4).toString('latin1')).toBe('glTF');
    const gltf = await writeFile(s, path.join(dir, 'b.gltf'));
    expect(JSON.parse(readFileSync(gltf.path, 'utf8')).asset.generator).toMatch(/^relic3d/);
  });
});
