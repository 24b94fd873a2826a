import { describe, expect, it } from 'vitest';
import { FolderIndex, indexResolver, lruCache } from '../src/index.js';

const tree = [
  'Model/mvr_AiBatt.o3d',
  'Model/Mvr_AiBatt.chr',
  'Model/mvr_aibatt_Stand.ani',
  'Model/Texture/Mvr_Aibatt-01.DDS',
  'ase/models/ship.ase',
  'ase/Textures/Hull.TGA',
  'secret.txt',
];

describe('FolderIndex', () => {
  const index = FolderIndex.fromPaths(tree);

  it('finds names case-insensitively with either slash, and relative folders inside the root', () => {
    expect(index.lookup('MVR_AIBATT.CHR', 'Model')).toBe('Model/Mvr_AiBatt.chr');
    expect(index.lookup('..\\Textures\\hull.tga', 'ase/models')).toBe('ase/Textures/Hull.TGA');
    expect(index.lookup('../textures/HULL.tga', 'ase/models')).toBe('ase/Textures/Hull.TGA');
  });

  it('finds Flyff textures in the Texture folder beside the model', () => {
    expect(index.lookup('mvr_aibatt-01.dds', 'Model')).toBe('Model/Texture/Mvr_Aibatt-01.DDS');
  });

  it('never names a file outside the root, and tries absolute names by base name only', () => {
    expect(index.lookup('../../../secret.txt', 'ase/models')).toBeUndefined();
    // Above the root the path names nothing; the base name in the model's own folder still counts.
    expect(index.candidates('../secret.txt', '')).toEqual(['secret.txt', 'texture/secret.txt', 'textures/secret.txt']);
    expect(index.lookup('/secret.txt', 'Model')).toBeUndefined();
    expect(index.lookup('C:\\game\\Model\\Mvr_AiBatt.chr', 'Model')).toBe('Model/Mvr_AiBatt.chr');
    expect(index.lookup('/etc/passwd', '')).toBeUndefined();
    expect(index.candidates('/home/user/secret.png', 'ase/models')).toEqual([
      'ase/models/secret.png',
      'ase/models/texture/secret.png',
      'ase/models/textures/secret.png',
    ]);
    expect(index.candidates('..', 'ase')).toEqual([]);
  });

  it('lists a folder once, lazily, through its lister', () => {
    const calls: string[] = [];
    const lazy = new FolderIndex((dir) => {
      calls.push(dir);
      if (dir === '') return { files: ['A.o3d'], folders: ['Texture'] };
      if (dir === 'Texture') return { files: ['a.dds'], folders: [] };
      return undefined;
    });
    expect(lazy.lookup('a.DDS', '')).toBe('Texture/a.dds');
    expect(lazy.lookup('a.o3d', '')).toBe('A.o3d');
    expect(lazy.files('')).toEqual(['A.o3d']);
    expect(calls).toEqual(['', 'Texture']);
  });

  it('round-trips through plain data', () => {
    const again = FolderIndex.fromJSON(JSON.parse(JSON.stringify(index.toJSON())));
    expect(again.lookup('mvr_aibatt-01.dds', 'Model')).toBe('Model/Texture/Mvr_Aibatt-01.DDS');
    expect(again.files('Model')).toEqual(['mvr_AiBatt.o3d', 'Mvr_AiBatt.chr', 'mvr_aibatt_Stand.ani']);
  });
});

describe('FolderIndex.addPaths', () => {
  // A picked folder as it is listed: textures first, then models, a new subfolder late, a name in two cases.
  const parts = [
    ['Model/Texture/Mvr_Aibatt-01.DDS', 'Model/Texture/obj_box.dds'],
    ['Model/mvr_AiBatt.o3d', 'Model/Mvr_AiBatt.chr', 'secret.txt'],
    ['Model/mvr_aibatt_Stand.ani', 'Model/MVR_AIBATT.O3D', 'ase/models/ship.ase', 'ase/Textures/Hull.TGA', 'Model\\Texture\\late.dds'],
  ];
  const all = parts.flat();
  const dirs = ['', 'Model', 'Model/Texture', 'ase', 'ase/models', 'ase/Textures', 'nowhere'];

  it('gives what fromPaths gives over every path: listings, file order and lookups', () => {
    const whole = FolderIndex.fromPaths(all);
    const grown = FolderIndex.fromPaths([]);
    for (const part of parts) grown.addPaths(part);
    for (const dir of dirs) {
      expect(grown.listing(dir), dir).toEqual(whole.listing(dir));
      expect(grown.files(dir), dir).toEqual(whole.files(dir));
    }
    expect(grown.files('Model')).toEqual(['mvr_AiBatt.o3d', 'Mvr_AiBatt.chr', 'mvr_aibatt_Stand.ani', 'MVR_AIBATT.O3D']);
    for (const [name, from] of [['mvr_aibatt-01.dds', 'Model'], ['LATE.DDS', 'Model'], ['mvr_aibatt.O3D', 'Model'], ['..\\Textures\\hull.tga', 'ase/models'], ['../../secret.txt', 'Model'], ['gone.dds', 'Model']]) {
      expect(grown.lookup(name, from), `${name} from ${from}`).toBe(whole.lookup(name, from));
    }
    expect(grown.lookup('mvr_aibatt.O3D', 'Model')).toBe('Model/mvr_AiBatt.o3d');
    expect(grown.lookup('late.dds', 'Model')).toBe('Model/Texture/late.dds');
  });

  it('adds a path once, and leaves a listing returned before as it was', () => {
    const grown = FolderIndex.fromPaths(['Model/a.o3d']);
    const before = grown.files('Model');
    grown.addPaths(['Model/b.o3d', 'Model/a.o3d', 'Model/b.o3d', '../up.o3d', '']);
    expect(before).toEqual(['a.o3d']);
    expect(grown.files('Model')).toEqual(['a.o3d', 'b.o3d']);
    expect(grown.files('')).toEqual([]);
    expect(grown.listing('')).toEqual({ files: [], folders: ['Model'] });
  });
});

describe('indexResolver', () => {
  it('reads through the index, lists the model folder and keys by root-relative path', async () => {
    const index = FolderIndex.fromPaths(tree);
    const read: string[] = [];
    const resolve = indexResolver(index, 'Model', (p) => {
      read.push(p);
      return new Uint8Array([p.length]);
    });
    expect(await resolve('mvr_aibatt.chr')).toEqual(new Uint8Array(['Model/Mvr_AiBatt.chr'.length]));
    expect(await resolve('../../secret.txt')).toBeUndefined();
    expect(await resolve('../secret.txt')).toEqual(new Uint8Array(['secret.txt'.length]));
    expect(resolve.list?.()).toContain('mvr_aibatt_Stand.ani');
    expect(resolve.key?.('MVR_AIBATT_STAND.ANI')).toBe('Model/mvr_aibatt_Stand.ani');
    expect(read).toEqual(['Model/Mvr_AiBatt.chr', 'secret.txt']);
  });
});

describe('lruCache', () => {
  it('evicts the least recently used entries past its byte bound', () => {
    const cache = lruCache(10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.bytes).toBe(8);
    cache.set('huge', 4, 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
