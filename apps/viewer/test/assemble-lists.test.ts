// The Character panel's lists, from one pass over a folder's names (assemble-panel.ts): a Flyff Model/
// folder's player skeletons, the parts of each sex, weapons, and each skeleton's own motions.
import { describe, expect, it } from 'vitest';
import { folderNames, panelLists } from '../src/assemble-panel.js';

const FOLDER = [
  'Model/Mvr_Female.chr',
  'Model/mvr_male.CHR',
  'Model/Part_fHead01.o3d',
  'Model/part_fBody02.O3D',
  'Model/part_mHead01.o3d',
  'Model/Item_Weapon0002.o3d',
  'Model/item_Weapon0001.o3d',
  'Model/mvr_female_genstand.ani',
  'Model/Mvr_Female_Walk.ANI',
  'Model/mvr_male_genstand.ani',
  'Model/mvr_aibatt.chr',
  'Model/mvr_aibatt_stand.ani',
  'Model/Obj_Struct0002.o3d',
  'Model/part_x.dds',
  'Model/Texture/part_fHead01.dds',
];

describe('the Character panel lists', () => {
  it('finds the player skeletons and the parts prefixes there are, in one pass', () => {
    const folder = folderNames(FOLDER);
    expect(folder.skeletons).toEqual(['Model/Mvr_Female.chr', 'Model/mvr_male.CHR']);
    expect([...folder.partPrefixes].sort()).toEqual(['part_f', 'part_m']);
    expect(folder.names[0]).toBe('mvr_female.chr');
  });

  it("lists a skeleton's parts, every weapon and its own motions, sorted", () => {
    const folder = folderNames(FOLDER);
    expect(panelLists(folder, 'Model/Mvr_Female.chr')).toEqual({
      parts: ['Model/Part_fHead01.o3d', 'Model/part_fBody02.O3D'],
      items: ['Model/Item_Weapon0002.o3d', 'Model/item_Weapon0001.o3d'],
      motions: ['Model/Mvr_Female_Walk.ANI', 'Model/mvr_female_genstand.ani'],
      skeletons: ['Model/Mvr_Female.chr', 'Model/mvr_male.CHR'],
    });
    const male = panelLists(folder, 'Model/mvr_male.CHR');
    expect(male.parts).toEqual(['Model/part_mHead01.o3d']);
    expect(male.motions).toEqual(['Model/mvr_male_genstand.ani']);
  });

  it('a folder without parts has no prefixes (the panel stays hidden)', () => {
    const folder = folderNames(['Model/mvr_male.chr', 'Model/mvr_aibatt.o3d']);
    expect(folder.skeletons).toEqual(['Model/mvr_male.chr']);
    expect(folder.partPrefixes.size).toBe(0);
  });
});
