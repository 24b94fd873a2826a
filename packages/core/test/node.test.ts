import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderResolver, readHead, walkFolder } from '../src/node.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

/** A tree with a secret outside the root, reachable by `..`, an absolute path and symlinks. */
function hostileTree() {
  const top = scratchFolder('contain');
  writeFileSync(path.join(top, 'secret.png'), 'SECRET');
  const root = path.join(top, 'game');
  mkdirSync(path.join(root, 'Model', 'Texture'), { recursive: true });
  mkdirSync(path.join(root, 'Textures'));
  writeFileSync(path.join(root, 'Model', 'a.o3d'), 'model');
  writeFileSync(path.join(root, 'Model', 'Texture', 'A-01.DDS'), 'dds');
  writeFileSync(path.join(root, 'Textures', 'Wood.BMP'), 'wood');
  symlinkSync(path.join(top, 'secret.png'), path.join(root, 'Model', 'link.png'));
  symlinkSync(top, path.join(root, 'Model', 'up'));
  symlinkSync(path.join(root, 'Textures', 'Wood.BMP'), path.join(root, 'Model', 'inside.bmp'));
  return { top, root };
}

const text = async (resolve: ReturnType<typeof folderResolver>, name: string) => {
  const bytes = await resolve(name);
  return bytes ? Buffer.from(bytes as Uint8Array).toString() : undefined;
};

describe('folderResolver containment', () => {
  it('never reads outside the root: .., absolute paths and symlinks that leave it', async () => {
    const { top, root } = hostileTree();
    const resolve = folderResolver(path.join(root, 'Model'), { root });
    expect(await text(resolve, '..\\..\\secret.png')).toBeUndefined();
    expect(await text(resolve, '../../../../../../secret.png')).toBeUndefined();
    expect(await text(resolve, path.join(top, 'secret.png'))).toBeUndefined();
    expect(await text(resolve, 'link.png')).toBeUndefined();
    expect(await text(resolve, 'up/secret.png')).toBeUndefined();
    expect(resolve.list?.()).not.toContain('link.png');
    // Inside the root, old paths keep working.
    expect(await text(resolve, '..\\textures\\wood.bmp')).toBe('wood');
    expect(await text(resolve, 'a-01.dds')).toBe('dds');
    expect(await text(resolve, 'inside.bmp')).toBe('wood');
    expect(resolve.key?.('A-01.dds')).toBe('Model/Texture/A-01.DDS');
  });

  it("defaults the root to the model's own folder", async () => {
    const { root } = hostileTree();
    const resolve = folderResolver(path.join(root, 'Model'));
    expect(await text(resolve, '..\\textures\\wood.bmp')).toBeUndefined();
    expect(await text(resolve, 'a-01.dds')).toBe('dds');
  });

  it('resolves nothing when the folder lies outside the root', async () => {
    const { top, root } = hostileTree();
    const resolve = folderResolver(top, { root });
    expect(await text(resolve, 'secret.png')).toBeUndefined();
  });
});

describe('walkFolder', () => {
  it('lists every file once, in order, skipping symlinks that leave the root and an excluded folder', () => {
    const { root } = hostileTree();
    mkdirSync(path.join(root, 'out'));
    writeFileSync(path.join(root, 'out', 'a.glb'), 'glb');
    const files: string[] = [];
    const { index } = walkFolder(root, (f) => files.push(f), path.join(root, 'out'));
    expect(files).toEqual(['Model/a.o3d', 'Model/inside.bmp', 'Model/Texture/A-01.DDS', 'Textures/Wood.BMP']);
    expect(index.lookup('WOOD.bmp', 'Textures')).toBe('Textures/Wood.BMP');
  });
});

describe('walkFolder and symlink loops', () => {
  it('walks each real folder once, however many links lead back to it', () => {
    const { root } = hostileTree();
    symlinkSync('.', path.join(root, 'Textures', 'loop'));
    symlinkSync('..', path.join(root, 'Textures', 'up'));
    symlinkSync(path.join(root, 'Model'), path.join(root, 'Textures', 'model'));
    const files: string[] = [];
    walkFolder(root, (f) => files.push(f));
    expect(files.filter((f) => f.endsWith('Wood.BMP'))).toEqual(['Textures/Wood.BMP']);
    expect(files.filter((f) => f.endsWith('a.o3d'))).toHaveLength(1);
  });
});

describe('readHead', () => {
  it('reads only the first bytes of a file', () => {
    const { root } = hostileTree();
    expect(Buffer.from(readHead(path.join(root, 'Textures', 'Wood.BMP'), 2)).toString()).toBe('wo');
  });
});
