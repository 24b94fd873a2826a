// Synthetic O3D: finding the .chr and .ani companions, and parse() with a resolver.
import { describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { findCompanions, parse, parseSync as parseO3d } from '../../src/index.js';
import { writeSampleO3d } from '@relic3d/fixtures/o3d';

describe('companions', () => {
  it('finds the skeleton and motions case-insensitively; player parts use mvr_male/mvr_female', () => {
    const listing = ['Mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'Mvr_AiBatt_walk.ANI', 'mvr_AiBatt2_walk.ani', 'mvr_female.chr', 'Mvr_female_GenStand.ani', 'mvr_male.chr'];
    expect(findCompanions('mvr_AiBatt.o3d', listing)).toEqual({ skeleton: 'Mvr_AiBatt.chr', motions: { stand: 'mvr_AiBatt_stand.ani', walk: 'Mvr_AiBatt_walk.ANI' } });
    expect(findCompanions('Part_femaleUpper.o3d', listing)).toEqual({ skeleton: 'mvr_female.chr', motions: { GenStand: 'Mvr_female_GenStand.ani' } });
    expect(findCompanions('part_mHead01.o3d', listing).skeleton).toBe('mvr_male.chr');
    expect(findCompanions('shadow.o3d', listing)).toEqual({ motions: {} });
  });

  it('answers from a sorted index exactly as a scan of the listing would (mixed case, boss skeletons, duplicates)', () => {
    /** The reference: one pass over the listing per question. */
    const scan = (file: string, listing: string[]) => {
      const wanted = file.replace(/\.o3d$/i, '.chr').replace(/^part_m.*$/i, 'mvr_male.chr').replace(/^part_f.*$/i, 'mvr_female.chr').toLowerCase();
      const prefix = `${wanted.slice(0, -4)}_`;
      const longer = listing.map((e) => e.toLowerCase()).filter((l) => l.endsWith('.chr') && l.startsWith(prefix) && l !== wanted).map((l) => `${l.slice(0, -4)}_`);
      const out: { skeleton?: string; motions: Record<string, string> } = { motions: {} };
      for (const entry of listing) {
        const lower = entry.toLowerCase();
        if (lower === wanted && out.skeleton === undefined) out.skeleton = entry;
        else if (lower.endsWith('.ani') && lower.startsWith(prefix) && lower.length > prefix.length + 4 && !longer.some((p) => lower.startsWith(p))) {
          const motion = entry.slice(prefix.length, -4);
          if (!(motion in out.motions)) out.motions[motion] = entry;
        }
      }
      return out;
    };
    const random = (() => { let x = 7; return () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32); })();
    const stems = ['mvr_Lawolf', 'Mvr_LAWOLF_Boss', 'mvr_male', 'Mvr_Female', 'obj_tree', 'mvr_a', 'mvr_a_b'];
    const listing: string[] = [];
    for (let i = 0; i < 400; i++) {
      const stem = stems[Math.floor(random() * stems.length)];
      const kind = random();
      const name = kind < 0.15 ? `${stem}.chr` : kind < 0.3 ? `${stem}.o3d` : `${stem}_${['stand', 'Walk', 'dmgDie', 'x'][Math.floor(random() * 4)]}${i % 3 ? '' : i}.ani`;
      listing.push(random() < 0.5 ? name : name.toUpperCase());
    }
    for (const file of ['mvr_Lawolf.o3d', 'MVR_LAWOLF_BOSS.o3d', 'Part_mUpper.o3d', 'part_fHead.o3d', 'mvr_a.o3d', 'mvr_a_b.o3d', 'nothing.o3d']) {
      expect(findCompanions(file, listing), file).toEqual(scan(file, listing));
    }
    expect(Object.keys(findCompanions('mvr_Lawolf.o3d', listing).motions).length).toBeGreaterThan(3);
    expect(Object.keys(findCompanions('Part_mUpper.o3d', listing).motions).length).toBeGreaterThan(3);
  });

  it('parse() resolves <name>.chr and named motions through an async resolver', async () => {
    const sample = writeSampleO3d();
    const asked: string[] = [];
    const files: Record<string, Uint8Array> = { 'mvr_sample.chr': sample.chr, 'mvr_sample_sway.ani': sample.ani };
    const scene = await parse(sample.o3d, {
      fileName: 'mvr_sample.o3d',
      motions: ['sway'],
      resolve: async (name) => {
        asked.push(name);
        return files[name];
      },
    });
    expect(asked).toEqual(['mvr_sample.chr', 'mvr_sample_sway.ani']);
    expect(scene.skins.length).toBe(1);
    expect(scene.animations.map((a) => a.name)).toEqual(['sway']);
    expect(validateScene(scene)).toEqual([]);
    // parseO3d uses a synchronous resolver, and says so when the resolver is async.
    const sync = parseO3d(sample.o3d, { fileName: 'mvr_sample.o3d', motions: ['sway'], resolve: (name) => files[name] });
    expect(sync.animations.length).toBe(1);
    const asyncOnly = parseO3d(sample.o3d, { fileName: 'mvr_sample.o3d', resolve: async (name) => files[name] });
    expect(asyncOnly.warnings.map((w) => w.code)).toContain('O3D_ASYNC_RESOLVER');
  });
});
