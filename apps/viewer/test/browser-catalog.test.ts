// The folder browser's pure parts: which files are models, their order, the cache key, search and filters.
import { describe, expect, it } from 'vitest';
import { badgesOf, catalogOf, filterCatalog, formatOf, mergeOrder, mergeShown, NO_FILTERS, thumbKey, type CatalogEntry, type ThumbInfo } from '../src/browser/catalog.js';

const EXTENSIONS = ['.ms3d', '.ase', '.o3d', '.mdl', '.lod'];
const file = (size: number, lastModified = 1_700_000_000_000) => ({ size, lastModified });
const still: ThumbInfo = { skinned: false, clips: 0, lods: 0, missingTextures: 0, triangles: 12 };

const FOLDER: [string, { size: number; lastModified: number }][] = [
  ['Model/obj_Struct0002.o3d', file(10)],
  ['Model/Mvr_Aibatt.o3d', file(20)],
  ['Model/mvr_aibatt.chr', file(30)],
  ['Model/MVR_Bang.O3D', file(40)],
  ['Model/Item_Weapon0010.o3d', file(50)],
  ['Model/Item_Weapon0002.o3d', file(60)],
  ['Model/part_mHead001.o3d', file(70)],
  ['Model/Texture/tex_0001.dds', file(80)],
  ['Other/jeep1.ms3d', file(90)],
  ['Other/readme.txt', file(5)],
  ['Other/serpent.lod', file(6)],
];

describe('folder browser catalog', () => {
  const entries = catalogOf(FOLDER, EXTENSIONS);
  const names = (list: readonly CatalogEntry[] | number[]) => (list as (CatalogEntry | number)[]).map((e) => (typeof e === 'number' ? entries[e] : e).name);

  it('lists only model files, by name in any case (then path), each with its format', () => {
    expect(names(entries)).toEqual(['Item_Weapon0002.o3d', 'Item_Weapon0010.o3d', 'jeep1.ms3d', 'Mvr_Aibatt.o3d', 'MVR_Bang.O3D', 'obj_Struct0002.o3d', 'part_mHead001.o3d', 'serpent.lod']);
    expect(entries.map((e) => e.format)).toEqual(['o3d', 'o3d', 'ms3d', 'o3d', 'o3d', 'o3d', 'o3d', 'lod']);
    expect(formatOf('a.chr', EXTENSIONS)).toBeUndefined();
    expect(formatOf('A.ASE', EXTENSIONS)).toBe('ase');
  });

  it('keys a thumbnail by path, size and time: any change draws it again', () => {
    const a = entries[0];
    expect(thumbKey(a)).toBe('Model/Item_Weapon0002.o3d|60|1700000000000');
    expect(thumbKey({ ...a, size: 61 })).not.toBe(thumbKey(a));
    expect(thumbKey({ ...a, modified: a.modified + 1 })).not.toBe(thumbKey(a));
  });

  it('searches names by every word in any case, Flyff prefixes included', () => {
    const none = () => undefined;
    expect(names(filterCatalog(entries, { ...NO_FILTERS, query: 'MVR_' }, none))).toEqual(['Mvr_Aibatt.o3d', 'MVR_Bang.O3D']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, query: 'weapon 10' }, none))).toEqual(['Item_Weapon0010.o3d']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, query: '  ' }, none))).toHaveLength(entries.length);
    // The kind filter is a prefix of the name, not a substring: 'obj_' inside a name does not count.
    const withInner = catalogOf([...FOLDER, ['Model/mvr_obj_thing.o3d', file(1)]], EXTENSIONS);
    expect(names(filterCatalog(withInner, { ...NO_FILTERS, prefix: 'obj_' }, none).map((i) => withInner[i]))).toEqual(['obj_Struct0002.o3d']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, prefix: 'part_' }, none))).toEqual(['part_mHead001.o3d']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, format: 'lod' }, none))).toEqual(['serpent.lod']);
  });

  it('filters by animation and failure once a thumbnail has told; unknown entries wait outside', () => {
    const infos: Record<string, ThumbInfo> = {
      'Mvr_Aibatt.o3d': { ...still, skinned: true, clips: 2 },
      'MVR_Bang.O3D': { ...still, failed: 'TRUNCATED: the file ends early' },
      'jeep1.ms3d': still,
    };
    const infoOf = (e: CatalogEntry) => infos[e.name];
    expect(names(filterCatalog(entries, { ...NO_FILTERS, animated: 'yes' }, infoOf))).toEqual(['Mvr_Aibatt.o3d']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, animated: 'no' }, infoOf))).toEqual(['jeep1.ms3d', 'MVR_Bang.O3D']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, failed: 'yes' }, infoOf))).toEqual(['MVR_Bang.O3D']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, failed: 'no' }, infoOf))).toEqual(['jeep1.ms3d', 'Mvr_Aibatt.o3d']);
    expect(names(filterCatalog(entries, { ...NO_FILTERS, query: 'mvr', failed: 'no', animated: 'yes' }, infoOf))).toEqual(['Mvr_Aibatt.o3d']);
  });

  it('asks what a thumbnail told only when a filter needs it (a 5,400-model grid opens without 5,400 lookups)', () => {
    let asked = 0;
    const infoOf = () => (asked++, still);
    expect(filterCatalog(entries, NO_FILTERS, infoOf)).toEqual(entries.map((_, i) => i));
    expect(names(filterCatalog(entries, { ...NO_FILTERS, query: 'weapon', format: 'o3d' }, infoOf))).toEqual(['Item_Weapon0002.o3d', 'Item_Weapon0010.o3d']);
    expect(asked).toBe(0);
    expect(filterCatalog(entries, { ...NO_FILTERS, failed: 'no' }, infoOf)).toHaveLength(entries.length);
    expect(asked).toBe(entries.length);
  });

  it('gives a card its badges: skinned, animated, LODs, missing textures; a failure alone', () => {
    expect(badgesOf(undefined)).toEqual([]);
    expect(badgesOf(still)).toEqual([]);
    expect(badgesOf({ ...still, skinned: true, clips: 3, lods: 3, missingTextures: 1 }).map((b) => b.label)).toEqual(['skin', 'anim 3', 'LOD 3', 'tex?']);
    expect(badgesOf({ ...still, lods: 1 }).map((b) => b.label)).toEqual([]);
    const failed = badgesOf({ ...still, skinned: true, failed: 'BAD_MAGIC: not an O3D' });
    expect(failed).toEqual([{ label: 'failed', title: 'BAD_MAGIC: not an O3D', kind: 'failed' }]);
  });

  it('merges entries listed later into the grid order (indices kept), as one catalog of all would sort them', () => {
    // The folder listed in two parts, in no order (a picked folder's listing is the file system's).
    const [early, late] = [FOLDER.filter((_, i) => i % 2), FOLDER.filter((_, i) => !(i % 2))];
    const grown = [...catalogOf(early, EXTENSIONS), ...catalogOf(late, EXTENSIONS)];
    const from = catalogOf(early, EXTENSIONS).length;
    const order = mergeOrder(grown, Array.from({ length: from }, (_, i) => i), from);
    expect(order.map((i) => grown[i].name)).toEqual(names(entries));
    expect([...order].sort((a, b) => a - b)).toEqual([...grown.keys()]);
    // Filters keep that order; a query picks from both parts.
    expect(filterCatalog(grown, { ...NO_FILTERS, query: 'mvr' }, () => undefined, order).map((i) => grown[i].name)).toEqual(['Mvr_Aibatt.o3d', 'MVR_Bang.O3D']);
    expect(filterCatalog(grown, NO_FILTERS, () => undefined, order)).toEqual(order);
  });

  it('grows the grid part by part as one catalog of the whole folder sorts and filters it, filtering only each new part', () => {
    // 600 files listed in 7 parts of the file system's order (a fixed shuffle), names in mixed case, some alike but for case.
    const kinds = ['mvr_', 'Mvr_', 'obj_', 'item_', 'Item_', 'part_m'];
    const all: [string, { size: number; lastModified: number }][] = Array.from({ length: 600 }, (_, i) => {
      const ext = ['.o3d', '.O3D', '.ms3d', '.chr', '.dds'][i % 5];
      return [`${i % 3 ? 'Model' : 'other'}/${kinds[(i * 7) % kinds.length]}thing${(i * 37) % 113}${ext}`, file(i)];
    });
    let seed = 7;
    const shuffled = [...all].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
    const cuts = [0, 3, 40, 41, 150, 330, 480, 600];
    const filterSets = [NO_FILTERS, { ...NO_FILTERS, query: 'thing1' }, { ...NO_FILTERS, prefix: 'mvr_', format: 'o3d' }, { ...NO_FILTERS, animated: 'yes' as const }];
    // What thumbnails told: every third model is animated (known before and after each part).
    const infoOf = (e: CatalogEntry) => (e.size % 3 ? undefined : { ...still, clips: 1 });
    for (const filters of filterSets) {
      let grown: CatalogEntry[] = [];
      let order: number[] = [];
      let shown: number[] = [];
      for (let p = 1; p < cuts.length; p++) {
        const from = grown.length;
        grown = [...grown, ...catalogOf(shuffled.slice(cuts[p - 1], cuts[p]), EXTENSIONS)];
        order = mergeOrder(grown, order, from);
        shown = mergeShown(grown, shown, from, filters, infoOf);
        expect(shown, `${JSON.stringify(filters)}, part ${p}`).toEqual(filterCatalog(grown, filters, infoOf, order));
      }
      const whole = catalogOf(all, EXTENSIONS);
      expect(order.map((i) => grown[i].path)).toEqual(whole.map((e) => e.path));
      expect(shown.map((i) => grown[i].path)).toEqual(filterCatalog(whole, filters, infoOf).map((i) => whole[i].path));
      if (filters === NO_FILTERS) expect(shown.length).toBe(360);
      else expect(shown.length).toBeGreaterThan(0);
    }
  });
});
