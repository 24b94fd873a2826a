// Scrub once (issue 25): every scene the reader returns carries FINITE_SCENE, so the glTF exporter
// does not scan it again; an independent scan checks the promise on damaged and corpus files.
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { nonFinitePlaces, vouchedFinite } from '@relic3d/fixtures/finite-scan';
import { ans1, lodFile, msl1, skl1, type MeshSpec } from '@relic3d/fixtures/lod';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { bones2, valid } from './helpers.js';

const N = NaN, I = Infinity, BIG = 3e38;
const box: MeshSpec = {
  name: 'Box',
  mode: 3,
  positions: [0, 0, 0, N, 0, 0, 1, I, 0, 0, 1, -I],
  normals: [0, N, 1],
  uvSets: [[0, 0, N, 0, 1, I, 0, 1]],
  groups: [{ faceType: 2, name: 'front', materials: [''], vertex: [0, 1, 2, 0, 2, 3], smooth: [1, 1], normal: [0, 0, 0, 0, 0, 0], uv: [[0, 1, 2, 0, 2, 3]] }],
  boneCount: 2,
};

describe('FINITE_SCENE', () => {
  it('a damaged file: NaN and infinity in vertices and keys scrubbed, the scene marked and finite throughout', () => {
    const scene = valid(lodFile([skl1(bones2), msl1([box]), ans1([{ name: 'wave', interval: 50, mode: 1, frames: [[[N, 0, I, 0, N, 0], [1, 0, 0, I, 0, 0]]] }])]));
    expect(vouchedFinite(scene)).toBe(true);
    expect(nonFinitePlaces(scene)).toEqual([]);
  });

  it('finite bind translations whose sum overflows a float: the skin matrices stay finite and the scene is marked', () => {
    // Bone 1's world x is 3e38 + 3e38: past float range, so its inverse bind matrix is not finite.
    const frames = [[[BIG, 0, 0, 0, 0, 0], [BIG, 0, 0, 0, 0, 0]]];
    const scene = valid(lodFile([skl1(bones2), msl1([{ ...box, positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], normals: [0, 0, 1], uvSets: [[0, 0, 1, 0, 1, 1, 0, 1]] }]), ans1([{ name: 'pose', interval: 50, mode: 1, frames }])]));
    expect(vouchedFinite(scene)).toBe(true);
    expect(nonFinitePlaces(scene)).toEqual([]);
    expect(scene.skins[0].inverseBindMatrices.length).toBe(32);
  });

  for (const entry of corpusFiles('lod', '.lod')) {
    it(`corpus ${entry.file}: marked, and no NaN or infinity anywhere`, () => {
      const scene = parseSync(readCorpusFile(entry), { fileName: entry.file });
      expect(vouchedFinite(scene)).toBe(true);
      expect(nonFinitePlaces(scene)).toEqual([]);
    });
  }
});
