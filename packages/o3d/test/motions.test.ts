/**
 * Which companions a model loads (the `motions` policy), the shared companion cache, and the
 * contained folder lookup of `parseO3dFile`.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FolderIndex, indexResolver, lruCache, validateScene, type CompanionCache, type Resolver, type Scene } from '@relic3d/core';
import { o3dFormat, parse, parseSync as parseO3d, type O3dMotions, type O3dParseOptions } from '../src/index.js';
import { parseO3dFile } from '../src/node.js';
import { quatZ, translationMatrix, writeAni, writeChr, writeO3d, type WGeometry } from '@relic3d/fixtures/o3d';

const skinTri: WGeometry = {
  vertices: [
    { p: [1, 0, 0], w: [1, 0], idx: [3, 0] },
    { p: [0, 1, 0], w: [1, 0], idx: [0, 0] },
    { p: [0, 0, 1], w: [0.5, 0.5], idx: [0, 3] },
  ],
  indices: [0, 1, 2],
  materials: [{ texture: 'skin.dds' }],
};

const o3dNamed = (name: string) => writeO3d({ name, groups: [[{ type: 1, geometry: skinTri }]] });
const chrOf = (bones: number, trailing = false) => {
  const bytes = writeChr({
    bones: Array.from({ length: bones }, (_, i) => ({
      name: `Bone${i}`,
      tm: translationMatrix(0, i, 0),
      inverse: translationMatrix(0, -i, 0),
      local: translationMatrix(0, i ? 1 : 0, 0),
      parent: i - 1,
    })),
  });
  return trailing ? Uint8Array.from([...bytes, 1, 2, 3]) : bytes;
};
const aniOf = (bones: number, angle: number, frameCount = 3) =>
  writeAni({
    frameCount,
    bones: Array.from({ length: bones }, (_, i) => ({
      name: `Bone${i}`,
      parent: i - 1,
      keys: Array.from({ length: frameCount }, (_, f) => [...quatZ((angle * f) / (frameCount - 1)), 0, i ? 1 : 0, 0]),
    })),
  });

/** A folder of files held in memory, as the batch's FolderIndex sees it; records every read. */
function memoryFolder(files: Record<string, Uint8Array>, order?: string[]) {
  const reads: string[] = [];
  const index = FolderIndex.fromPaths(order ?? Object.keys(files));
  const resolve = indexResolver(index, '', (relative) => {
    reads.push(relative);
    return files[relative];
  });
  return { resolve, reads };
}

/** Every field of a scene, typed arrays as their exact bytes: equal strings mean byte-identical scenes. */
function bytesOf(scene: Scene): string {
  return JSON.stringify(scene, (_key, value: unknown) => {
    if (ArrayBuffer.isView(value)) return { [value.constructor.name]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
    if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
    return value;
  });
}

/** Overwrites every typed array a scene holds (what a careless consumer might do). */
function scribble(scene: Scene): void {
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      new Uint8Array(value.buffer, value.byteOffset, value.byteLength).fill(0x7f);
      return;
    }
    for (const v of Object.values(value)) visit(v);
  };
  visit(scene);
}

const codes = (scene: Scene) => scene.warnings.map((w) => w.code);

const monsterFiles = () => ({
  'mvr_Bat.o3d': o3dNamed('mvr_Bat.o3d'),
  'Mvr_Bat.chr': chrOf(2),
  'mvr_Bat_walk.ani': aniOf(2, 0.5),
  'Mvr_bat_Stand.ani': aniOf(2, 0.25),
  // The motions of a longer skeleton beside it, and a stranger's.
  'mvr_Bat_Boss.chr': chrOf(3),
  'mvr_Bat_Boss_stand.ani': aniOf(3, 1),
  'mvr_Cat_stand.ani': aniOf(2, 1),
});

const playerFiles = () => ({
  'Part_mUpper01.o3d': o3dNamed('Part_mUpper01.o3d'),
  'mvr_male.chr': chrOf(2),
  'mvr_male_stand.ani': aniOf(2, 0.5),
  'Mvr_Male_walk.ani': aniOf(2, 0.25),
  'mvr_male_run.ani': aniOf(2, 1),
});

describe("motions: 'auto' (the default)", () => {
  it('a model with its own skeleton gets every motion of that skeleton beside it, and nothing else', () => {
    const files = monsterFiles();
    const { resolve, reads } = memoryFolder(files);
    const scene = parseO3d(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings).toEqual([]);
    // Case-insensitive, in name order; mvr_Bat_Boss_* belong to mvr_Bat_Boss.chr.
    expect(scene.animations.map((a) => a.name)).toEqual(['Stand', 'walk']);
    expect(reads).toEqual(['Mvr_Bat.chr', 'Mvr_bat_Stand.ani', 'mvr_Bat_walk.ani']);
  });

  it('a player part is skinned to the shared skeleton without reading one player motion, with exactly one warning', () => {
    const files = playerFiles();
    const { resolve, reads } = memoryFolder(files);
    const scene = parseO3d(files['Part_mUpper01.o3d'], { fileName: 'Part_mUpper01.o3d', resolve });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.skins.length).toBe(1);
    expect(scene.skins[0].joints.length).toBe(2);
    expect(scene.animations).toEqual([]);
    expect(reads).toEqual(['mvr_male.chr']);
    expect(codes(scene)).toEqual(['O3D_MOTIONS_NOT_LOADED']);
    expect(scene.warnings[0].message).toMatch(/^3 motions of mvr_male\.chr not loaded/);
    expect(scene.warnings[0].message).toMatch(/motions: 'all'/);
  });

  it('a model whose skeleton is missing reads no motion and says so once', () => {
    const files = monsterFiles();
    const { 'Mvr_Bat.chr': _gone, ...rest } = files;
    const { resolve, reads } = memoryFolder(rest);
    const scene = parseO3d(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve });
    expect(reads).toEqual([]);
    expect(codes(scene)).toEqual(['O3D_MISSING_SKELETON', 'O3D_MOTIONS_NOT_LOADED', 'O3D_NO_SKELETON']);
    expect(scene.warnings[1].message).toMatch(/^2 motions of mvr_Bat\.chr not loaded: the model has no skeleton/);
  });

  it('a static model (no skeleton needed) with no motions beside it reads nothing and warns nothing', () => {
    const files = { 'Obj_Rock.o3d': writeO3d({ name: 'Obj_Rock.o3d', groups: [[{ type: 0, geometry: { ...skinTri, vertices: skinTri.vertices.map(({ p }) => ({ p })) } }]] }), 'Obj_Rock.chr': chrOf(1) };
    const { resolve, reads } = memoryFolder(files);
    const scene = parseO3d(files['Obj_Rock.o3d'], { fileName: 'Obj_Rock.o3d', resolve });
    expect(reads).toEqual([]);
    expect(scene.warnings).toEqual([]);
  });
});

describe("motions: 'all', 'none', names", () => {
  it("'all' gives a player part every player motion", () => {
    const files = playerFiles();
    const { resolve } = memoryFolder(files);
    const scene = parseO3d(files['Part_mUpper01.o3d'], { fileName: 'Part_mUpper01.o3d', resolve, motions: 'all' });
    expect(scene.animations.map((a) => a.name)).toEqual(['run', 'stand', 'walk']);
    expect(scene.warnings).toEqual([]);
  });

  it("'none' reads the skeleton only", () => {
    const files = monsterFiles();
    const { resolve, reads } = memoryFolder(files);
    const scene = parseO3d(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve, motions: 'none' });
    expect(reads).toEqual(['Mvr_Bat.chr']);
    expect(scene.animations).toEqual([]);
    expect(scene.warnings).toEqual([]);
  });

  it('names pick motions of a player part (a lone string is one name)', () => {
    const files = playerFiles();
    const { resolve, reads } = memoryFolder(files);
    const scene = parseO3d(files['Part_mUpper01.o3d'], { fileName: 'Part_mUpper01.o3d', resolve, motions: ['walk'] });
    expect(scene.animations.map((a) => a.name)).toEqual(['walk']);
    expect(reads).toEqual(['mvr_male.chr', 'Mvr_Male_walk.ani']);
    const lone = parseO3d(files['Part_mUpper01.o3d'], { fileName: 'Part_mUpper01.o3d', resolve, motions: 'run' as O3dMotions });
    expect(lone.animations.map((a) => a.name)).toEqual(['run']);
  });

  it('motions that do not fit the skeleton give one warning naming them, not one each', () => {
    const bad = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i}`, aniOf(3, 0.1)]));
    const scene = parseO3d(o3dNamed('test.o3d'), { skeleton: chrOf(2), motions: { ok: aniOf(2, 0.3), ...bad } });
    expect(scene.animations.map((a) => a.name)).toEqual(['ok']);
    expect(codes(scene)).toEqual(['O3D_MOTION_SKIPPED']);
    expect(scene.warnings[0].message).toMatch(/^12 of 13 motions do not fit \(the skeleton has 2 bones\); skipped: 'm0' \(3 bones\)/);
    expect(scene.warnings[0].message).toMatch(/and 4 more$/);
  });

  it('motions for a model without a skeleton are not decoded; one warning', () => {
    const rock = writeO3d({ name: 'rock.o3d', groups: [[{ type: 0, geometry: { vertices: [{ p: [0, 0, 0] }, { p: [1, 0, 0] }, { p: [0, 1, 0] }], indices: [0, 1, 2] } }]] });
    const garbage = new Uint8Array([1, 2, 3]);
    const scene = parseO3d(rock, { motions: { a: garbage, b: garbage } });
    expect(codes(scene)).toEqual(['O3D_MOTIONS_NOT_LOADED']);
  });

  it('the exported option types carry every policy', () => {
    const policies: O3dMotions[] = ['auto', 'all', 'none', ['stand'], { stand: new Uint8Array(0) }];
    const options: O3dParseOptions[] = policies.map((motions) => ({ motions }));
    expect(options.length).toBe(5);
    // The Format's option type is the O3D one (a TypeScript check: `motions` compiles here).
    const parseWith: NonNullable<typeof o3dFormat.parseSync> = o3dFormat.parseSync!;
    expect(codes(parseWith(o3dNamed('test.o3d'), { motions: 'none' }))).toEqual(['O3D_NO_SKELETON']);
  });
});

describe('the companion cache', () => {
  const parseWith = (files: Record<string, Uint8Array>, cache?: CompanionCache, order?: string[]) => {
    const folder = memoryFolder(files, order);
    const scene = parseO3d(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve: folder.resolve, motions: 'all', ...(cache ? { cache } : {}) });
    return { scene, reads: folder.reads };
  };

  it('decodes a shared skeleton and its motions once; scenes are byte-identical with and without it', () => {
    const files = { ...monsterFiles(), 'Mvr_Bat.chr': chrOf(2, true) };
    const plain = parseWith(files);
    // A trailing-bytes warning from the .chr: replayed from the cache, so the scenes stay identical.
    expect(codes(plain.scene)).toEqual(['CHR_TRAILING_BYTES']);
    const cache = lruCache(1 << 20);
    const first = parseWith(files, cache);
    expect(first.reads).toEqual(['Mvr_Bat.chr', 'Mvr_bat_Stand.ani', 'mvr_Bat_walk.ani']);
    expect(cache.size).toBe(3);
    expect(cache.get('o3d:chr:Mvr_Bat.chr')).toBeDefined();
    expect(cache.get('o3d:ani:mvr_Bat_walk.ani')).toBeDefined();
    expect(cache.bytes).toBeGreaterThan(files['Mvr_Bat.chr'].length + files['mvr_Bat_walk.ani'].length);
    const second = parseWith(files, cache);
    expect(second.reads).toEqual([]);
    expect(bytesOf(first.scene)).toBe(bytesOf(plain.scene));
    expect(bytesOf(second.scene)).toBe(bytesOf(plain.scene));
  });

  it('nothing a scene holds is cached: overwriting every array of parsed scenes leaves the next parse intact', () => {
    const files = monsterFiles();
    const plain = bytesOf(parseWith(files).scene);
    const cache = lruCache(1 << 20);
    const first = parseWith(files, cache).scene;
    scribble(first);
    const second = parseWith(files, cache).scene;
    expect(bytesOf(second)).toBe(plain);
    scribble(second);
    expect(bytesOf(parseWith(files, cache).scene)).toBe(plain);
  });

  it('cached companions own their arrays: bytes the resolver reuses afterwards change nothing', () => {
    const files = monsterFiles();
    const plain = bytesOf(parseWith(files).scene);
    const cache = lruCache(1 << 20);
    const reused = { ...files, 'Mvr_Bat.chr': files['Mvr_Bat.chr'].slice(), 'mvr_Bat_walk.ani': files['mvr_Bat_walk.ani'].slice(), 'Mvr_bat_Stand.ani': files['Mvr_bat_Stand.ani'].slice() };
    parseWith(reused, cache);
    for (const name of ['Mvr_Bat.chr', 'mvr_Bat_walk.ani', 'Mvr_bat_Stand.ani'] as const) reused[name].fill(0xee, 8);
    expect(bytesOf(parseWith(files, cache).scene)).toBe(plain);
  });

  it('async parse() uses the same cache and asks the resolver for nothing it holds', async () => {
    const files: Record<string, Uint8Array> = monsterFiles();
    const plain = bytesOf(parseWith(files).scene);
    const cache = lruCache(1 << 20);
    const asked: string[] = [];
    const index = FolderIndex.fromPaths(Object.keys(files));
    const sync = indexResolver(index, '', (relative) => files[relative]);
    const resolve: Resolver = Object.assign(async (name: string) => {
      asked.push(name);
      return sync(name);
    }, { list: sync.list, key: sync.key });
    const options = { fileName: 'mvr_Bat.o3d', resolve, motions: 'all' as const, cache };
    const first = await parse(files['mvr_Bat.o3d'], options);
    // The skeleton by the name the model implies, motions by the names listed.
    expect(asked).toEqual(['mvr_Bat.chr', 'Mvr_bat_Stand.ani', 'mvr_Bat_walk.ani']);
    const second = await parse(files['mvr_Bat.o3d'], options);
    expect(asked.length).toBe(3);
    expect(bytesOf(first)).toBe(plain);
    expect(bytesOf(second)).toBe(plain);
  });

  it('is deterministic: the same scene for any listing order, parse after parse', () => {
    const files = monsterFiles();
    const forward = bytesOf(parseWith(files).scene);
    expect(bytesOf(parseWith(files, undefined, Object.keys(files).reverse()).scene)).toBe(forward);
    expect(bytesOf(parseWith(files).scene)).toBe(forward);
  });
});

describe('parseO3dFile: contained folder lookup', () => {
  it('reads the model, its skeleton and motions from its folder, and nothing outside its root', async () => {
    const top = mkdtempSync(path.join(tmpdir(), 'o3d-file-'));
    try {
      const dir = path.join(top, 'Model');
      mkdirSync(dir);
      for (const [name, bytes] of Object.entries(monsterFiles())) writeFileSync(path.join(dir, name), bytes);
      // A skeleton outside the model's folder, named with '..' and with an absolute path.
      writeFileSync(path.join(top, 'outside.chr'), chrOf(2));
      const scene = await parseO3dFile(path.join(dir, 'mvr_Bat.o3d'));
      expect(scene.animations.map((a) => a.name)).toEqual(['Stand', 'walk']);
      expect(scene.warnings).toEqual([]);
      for (const skeleton of ['../outside.chr', path.join(top, 'outside.chr')]) {
        const outside = await parseO3dFile(path.join(dir, 'mvr_Bat.o3d'), { skeleton, motions: 'none' });
        expect(codes(outside)).toEqual(['O3D_MISSING_SKELETON', 'O3D_NO_SKELETON']);
      }
      // A root around the folder lets '..' reach it.
      const widened = await parseO3dFile(path.join(dir, 'mvr_Bat.o3d'), { skeleton: '../outside.chr', root: top, motions: 'none' });
      expect(widened.skins.length).toBe(1);
      expect(widened.warnings).toEqual([]);
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });
});

describe("a resolver that cannot list the model's folder", () => {
  const files: Record<string, Uint8Array> = { 'mvr_Bat.o3d': o3dNamed('mvr_Bat.o3d'), 'mvr_Bat.chr': chrOf(4), 'mvr_Bat_stand.ani': aniOf(4, 1) };
  const fetchOnly: Resolver = (name) => files[name];

  it("'auto' warns once that no motion was looked for, naming the file a motion would have", async () => {
    const scene = await parse(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve: fetchOnly });
    expect(scene.skins).toHaveLength(1);
    expect(scene.animations).toEqual([]);
    const warnings = scene.warnings.filter((w) => w.code === 'O3D_MOTIONS_UNLISTED');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/cannot list the folder of mvr_Bat\.o3d.*motions: \['stand', 'walk'\].*mvr_Bat_stand\.ani/);
  });

  it('named motions are fetched without a listing, and nothing is warned', async () => {
    const scene = await parse(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve: fetchOnly, motions: ['stand'] });
    expect(scene.animations.map((a) => a.name)).toEqual(['stand']);
    expect(scene.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
  });

  it('a listing resolver finds the motion; no resolver at all, or no skeleton, warns nothing', async () => {
    const listed = await parse(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve: memoryFolder(files).resolve });
    expect(listed.animations.map((a) => a.name)).toEqual(['stand']);
    expect(listed.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
    const alone = await parse(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d' });
    expect(alone.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
    const noChr = await parse(files['mvr_Bat.o3d'], { fileName: 'mvr_Bat.o3d', resolve: (name) => (name.endsWith('.chr') ? undefined : files[name]) });
    expect(noChr.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['O3D_MISSING_SKELETON']));
    expect(noChr.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
  });
});
