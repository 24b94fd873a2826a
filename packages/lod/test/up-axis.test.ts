// Issue #30 item 6: LODka3D content is Z-up (the editor's and Xtreme3D's convention; the real file's
// height runs along +Z), so the reader turns it to glTF's +Y up by default and the writer turns it
// back, exactly. `upAxis: 'y'` keeps files that break the rule as stored.
import { computeBounds, createScene, validateScene } from '@relic3d/core';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, readLod, writeLod } from '../src/index.js';
import { lodOf, meshScene, triangle } from './write/helpers.js';

/**
 * Corpus files of standing models, and why we know they stand: TRINITYrage is a conversion of a
 * Half-Life player model (MANIFEST note), a person standing in the bind pose; the spec measures
 * its height as 0.19..74.1 along the file's +Z (docs/formats/lod.md §8.1).
 */
const STANDING: Record<string, { height: [number, number] }> = {
  'xtreme3d__TRINITYrage.lod': { height: [0.1918, 74.1068] },
};

const files = corpusFiles('lod', '.lod');
const tallest = (b: { min: number[]; max: number[] }) => [0, 1, 2].reduce((best, k) => (b.max[k] - b.min[k] > b.max[best] - b.min[best] ? k : best), 0);

it('every corpus .lod file is classified (standing or not) before its orientation is tested', () => {
  for (const f of files) expect(Object.keys(STANDING), f.file).toContain(f.file);
});

describe.each(files.filter((f) => STANDING[f.file]))('$file', (entry) => {
  const bytes = readCorpusFile(entry);
  const [low, high] = STANDING[entry.file].height;

  it('stands along +Y by default: the tallest axis is Y, from the file\'s Z range', () => {
    const scene = parseSync(bytes);
    expect(validateScene(scene)).toEqual([]);
    expect(scene.extras.upAxis).toBe('z');
    const b = computeBounds(scene);
    expect(tallest(b)).toBe(1);
    expect(b.min[1]).toBeCloseTo(low, 3);
    expect(b.max[1]).toBeCloseTo(high, 3);
  });

  it("upAxis 'y' keeps the file's coordinates (a file that breaks the rule)", () => {
    const b = computeBounds(parseSync(bytes, { upAxis: 'y' }));
    expect(tallest(b)).toBe(2);
    expect(b.min[2]).toBeCloseTo(low, 3);
  });

  it('read → write → read keeps every stored vertex exactly (default axes both ways)', () => {
    const written = lodOf(writeLod(parseSync(bytes)));
    const [a, b] = [readLod(bytes), readLod(written)];
    expect(b.meshes.length).toBe(a.meshes.length);
    b.meshes.forEach((m, i) => expect(m.positions).toEqual(a.meshes[i].positions));
  });
});

describe('synthetic: the edge conversion', () => {
  it('a scene from another format is written Z-up and read back +Y up, vertices exact', () => {
    const scene = meshScene('tower', [triangle([0, 0, 0, 1, 0, 0, 0, 2, 0])]);
    const file = lodOf(writeLod(scene));
    // Stored Z-up: the scene's +Y height of 2 is the file's +Z.
    expect(Array.from(readLod(file).meshes[0].positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 2]);
    const back = parseSync(file);
    // x + 0 reads −0 (the rotation's −y of a 0) as 0.
    expect(Array.from(back.meshes[0].primitives[0].attributes.POSITION, (x) => x + 0)).toEqual([0, 0, 0, 1, 0, 0, 0, 2, 0]);
  });

  it("a scene read with upAxis 'y' is written back as it was stored", () => {
    const scene = meshScene('flat', [triangle([0, 0, 0, 1, 0, 0, 0, 2, 0])]);
    const stored = lodOf(writeLod(scene, { upAxis: 'y' }));
    const again = lodOf(writeLod(parseSync(stored, { upAxis: 'y' })));
    expect(readLod(again).meshes[0].positions).toEqual(readLod(stored).meshes[0].positions);
  });

  it('an empty scene keeps the default axis in its extras', () => {
    const back = parseSync(lodOf(writeLod(createScene('test'))));
    expect(back.extras.upAxis).toBe('z');
  });
});
